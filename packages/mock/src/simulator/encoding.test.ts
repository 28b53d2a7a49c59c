import { describe, expect, it } from 'vitest';
import { fromBase58, fromBase64, fromBase64Url, toBase58, toBase64, toBase64Url } from './encoding.js';

describe('encoding', () => {
  it('round-trips base58, base64 and base64url', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 250, 251, 255]);
    expect(fromBase58(toBase58(bytes))).toEqual(bytes);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
  });

  it('returns undefined for text in another alphabet', () => {
    expect(fromBase58('0OIl')).toBeUndefined();
    expect(fromBase64('abc')).toBeUndefined();
    expect(fromBase64('')).toBeUndefined();
    expect(fromBase64Url('a+b')).toBeUndefined();
  });
});
