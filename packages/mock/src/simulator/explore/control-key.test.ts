import { describe, expect, it } from 'vitest';
import { presentedKey, sameKey } from './control-key.js';

describe('sameKey', () => {
  it('is true only for the same key', () => {
    expect(sameKey('abcdefgh', 'abcdefgh')).toBe(true);
    for (const other of ['', 'abcdefg', 'abcdefghi', 'abcdefgH', 'bbcdefgh', 'ABCDEFGH', 'abcdefgh\u0000']) {
      expect(sameKey(other, 'abcdefgh')).toBe(false);
    }
    expect(sameKey('κλειδί-key', 'κλειδί-key')).toBe(true);
  });
});

describe('presentedKey', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('reads x-control-key first, then a bearer authorization', () => {
    expect(presentedKey(headers({ 'x-control-key': 'a', authorization: 'Bearer b' }))).toBe('a');
    expect(presentedKey(headers({ authorization: 'bearer b' }))).toBe('b');
    expect(presentedKey(headers({ authorization: 'Basic b' }))).toBeUndefined();
    expect(presentedKey(headers({}))).toBeUndefined();
  });
});
