import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64, replaceBase64Range } from './base64.js';

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

describe('base64', () => {
  it('round-trips every length the way Node encodes it', () => {
    for (let length = 1; length < 80; length++) {
      const bytes = random(length);
      const text = Buffer.from(bytes).toString('base64');
      expect(encodeBase64(bytes)).toBe(text);
      expect(decodeBase64(text)).toEqual(bytes);
    }
  });

  it.each([
    ['a length that is not a multiple of 4', 'QUJD='],
    ['a character outside the alphabet', 'QU*D'],
    ['the URL-safe alphabet', 'QU-_'],
    ['whitespace', 'QUJD QUJD'],
    ['a non-ASCII character', 'QUJ\u0100'],
    ['padding in the middle', 'QQ==QUJD'],
    ['three padding characters', 'Q==='],
    ['non-zero padding bits (one byte)', 'QR=='],
    ['non-zero padding bits (two bytes)', 'QUL='],
    ['the empty string', ''],
  ])('refuses %s', (_name, text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });

  it('re-encoding only a changed range gives the same text as encoding everything', () => {
    for (const length of [64, 65, 66, 200, 901]) {
      for (const start of [0, 1, 2, 3, length - 64].filter((s) => s + 64 <= length)) {
        const bytes = random(length);
        const text = encodeBase64(bytes);
        bytes.set(random(64), start);
        expect(replaceBase64Range(text, bytes, start, start + 64)).toBe(encodeBase64(bytes));
      }
    }
  });
});
