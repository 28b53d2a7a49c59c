import { describe, expect, it } from 'vitest';
import { redact, redactValue } from './redact.js';

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

describe('redactValue', () => {
  it('redacts every string of a JSON value, at any depth and in keys, and keeps the rest as it was', () => {
    const value = { a: 'x sk-live-1234', list: [1, null, true, { 'sk-live-1234': ['sk-live-1234'] }], n: 2 };
    expect(redactValue(value, ['sk-live-1234'])).toEqual({
      a: 'x [redacted]',
      list: [1, null, true, { '[redacted]': ['[redacted]'] }],
      n: 2,
    });
    expect(value.a).toBe('x sk-live-1234');
    expect(redactValue(undefined, ['sk-live-1234'])).toBeUndefined();
  });
});
