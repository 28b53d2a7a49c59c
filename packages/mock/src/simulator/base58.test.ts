import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from './base58.js';

// A reference codec (the generic BigInt one of @solana/kit) to compare against.
const reference = {
  encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes),
  decode: (text: string) => new Uint8Array(getBase58Encoder().encode(text)),
};

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) & 0xff;
  };
}

describe('base58', () => {
  it('agrees with the reference codec on random bytes of every length up to 80, with and without leading zeros', () => {
    const next = seeded(3);
    for (let length = 0; length <= 80; length++) {
      for (const zeros of [0, 1, 3]) {
        const bytes = Uint8Array.from({ length }, (_, i) => (i < zeros ? 0 : next()));
        const text = encodeBase58(bytes);
        expect(text).toBe(reference.encode(bytes));
        expect(decodeBase58(text)).toEqual(bytes);
      }
    }
  });

  it('agrees with the reference codec where every limb carries: runs of 0xff and of one non-zero byte, of every length up to 80', () => {
    for (let length = 1; length <= 80; length++) {
      for (const bytes of [new Uint8Array(length).fill(0xff), Uint8Array.from({ length }, (_, i) => (i === length - 1 ? 1 : 0))]) {
        const text = encodeBase58(bytes);
        expect(text).toBe(reference.encode(bytes));
        expect(decodeBase58(text)).toEqual(bytes);
      }
    }
  });

  it('decodes what the reference encodes: addresses, signatures, the all-zero key', () => {
    for (const text of ['11111111111111111111111111111111', 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD', '1', '', 'z'.repeat(88)]) {
      expect(decodeBase58(text)).toEqual(reference.decode(text));
    }
  });

  it('refuses characters outside the alphabet', () => {
    for (const text of ['0', 'O', 'I', 'l', 'abc+', 'é', 'ab c']) expect(decodeBase58(text)).toBeUndefined();
  });
});
