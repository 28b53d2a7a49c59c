// The codec against @solana/kit's base58 and address codecs: the same text for the same bytes, the
// same bytes back, the same addresses accepted and refused.
import { getAddressEncoder, getBase58Decoder, getBase58Encoder, isAddress, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { decodeAddress, decodeBase58, encodeBase58 } from './base58.js';

const kitText = getBase58Decoder();
const kitBytes = getBase58Encoder();
const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

describe('base58', () => {
  it('encodes and decodes as @solana/kit does, leading zeros included', () => {
    for (let i = 0; i < 300; i++) {
      const bytes = randomBytes(i % 70);
      if (i % 3 === 0) bytes.fill(0, 0, i % 5); // leading zero bytes: leading '1's
      const text = encodeBase58(bytes);
      expect(text).toBe(kitText.decode(bytes));
      expect(decodeBase58(text)).toEqual(bytes);
      expect(decodeBase58(text)).toEqual(new Uint8Array(kitBytes.encode(text)));
    }
    expect(encodeBase58(new Uint8Array(0))).toBe('');
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    expect(decodeBase58('')).toEqual(new Uint8Array(0));
  });

  it('refuses characters outside the alphabet (0, O, I, l, +, whitespace, non-ASCII)', () => {
    for (const text of ['0', 'O', 'I', 'l', 'abc+', ' 2', '2\n', 'é', '2\u{1F600}']) expect(decodeBase58(text)).toBeUndefined();
  });
});

describe('decodeAddress', () => {
  it('accepts what @solana/kit accepts as an address and gives its bytes', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = randomBytes(32);
      if (i % 4 === 0) bytes.fill(0, 0, i % 7);
      const text = encodeBase58(bytes);
      expect(isAddress(text)).toBe(true);
      expect(decodeAddress(text)).toEqual(new Uint8Array(getAddressEncoder().encode(text as Address)));
    }
  });

  it('refuses what @solana/kit refuses: other lengths of bytes or text, characters outside the alphabet', () => {
    const candidates = [
      encodeBase58(randomBytes(31)),
      encodeBase58(randomBytes(33)),
      `1${encodeBase58(randomBytes(32))}`,
      '1'.repeat(31),
      '1'.repeat(33),
      `${encodeBase58(randomBytes(32)).slice(0, -1)}0`,
      'z'.repeat(44),
      'z'.repeat(45),
      '',
    ];
    for (const text of candidates) {
      expect(isAddress(text)).toBe(false);
      expect(decodeAddress(text)).toBeUndefined();
    }
    expect(decodeAddress(42 as unknown as string)).toBeUndefined();
  });
});
