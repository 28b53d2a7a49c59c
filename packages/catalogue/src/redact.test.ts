import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';

describe('redact', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redact('key sk-live-1234 and again sk-live-1234, token jwt.abc.def', ['sk-live-1234', 'jwt.abc.def'])).toBe(
      'key [redacted] and again [redacted], token [redacted]',
    );
  });

  it('leaves text alone when no secret is set, and ignores secrets too short to tell from words', () => {
    expect(redact('nothing to hide', [undefined, ''])).toBe('nothing to hide');
    expect(redact('a key k', ['k'])).toBe('a key k');
  });
});
