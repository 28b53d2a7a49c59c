import { getAddressDecoder, isOffCurveAddress } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isOnCurve, jacobiSymbol } from './curve.js';

const addressDecoder = getAddressDecoder();

/** The Jacobi symbol by its definition: the product of Legendre symbols (Euler's criterion) over n's prime factors. */
function jacobiByDefinition(a: bigint, n: bigint): number {
  let result = 1;
  let rest = n;
  for (let p = 3n; rest > 1n; p += 2n) {
    while (rest % p === 0n) {
      rest /= p;
      const r = (((a % p) + p) % p) ** ((p - 1n) / 2n) % p;
      result *= r === 0n ? 0 : r === 1n ? 1 : -1;
    }
  }
  return result === 0 ? 0 : result; // not -0
}

describe('jacobiSymbol', () => {
  it('agrees with the definition for every a below n, n odd up to 151', () => {
    for (let n = 3n; n <= 151n; n += 2n) {
      for (let a = 0n; a < n; a++) expect(jacobiSymbol(a, n), `(${a} / ${n})`).toBe(jacobiByDefinition(a, n));
    }
  });

  it("agrees with Euler's criterion mod 2^255 - 19, also for numbers with many factors of 2", () => {
    const p = 2n ** 255n - 19n;
    const modPow = (base: bigint, exponent: bigint): bigint => {
      let result = 1n;
      for (let b = base % p, e = exponent; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) result = (result * b) % p;
      return result;
    };
    const euler = (a: bigint) => {
      const r = modPow(a, (p - 1n) / 2n);
      return r === 0n ? 0 : r === 1n ? 1 : -1;
    };
    const random = () => BigInt(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`) % p;
    const samples = [0n, 1n, 2n, p - 1n, 2n ** 200n, 2n ** 201n * 3n, 2n ** 16n * 5n, 2n ** 17n * 7n];
    for (let i = 0; i < 40; i++) samples.push(random(), (random() << 40n) % p, (random() >> 100n) << 64n);
    for (const a of samples) expect(jacobiSymbol(a, p), String(a)).toBe(euler(a));
  });
});

describe('isOnCurve agrees with @solana/kit', () => {
  it('on random bytes (both answers come up)', () => {
    const answers = new Set<boolean>();
    for (let i = 0; i < 300; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      const onCurve = isOnCurve(bytes);
      expect(onCurve, addressDecoder.decode(bytes)).toBe(!isOffCurveAddress(addressDecoder.decode(bytes)));
      answers.add(onCurve);
    }
    expect([...answers].sort()).toEqual([false, true]);
  });

  it('on public keys (on the curve) and on y = 1 with and without the sign bit', async () => {
    for (let i = 0; i < 5; i++) {
      const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
      expect(isOnCurve(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)))).toBe(true);
    }
    const one = new Uint8Array(32);
    one[0] = 1;
    expect(isOnCurve(one)).toBe(true);
    one[31] = 0x80;
    expect(isOnCurve(one)).toBe(false);
    expect(isOffCurveAddress(addressDecoder.decode(one))).toBe(true);
    expect(isOnCurve(new Uint8Array(31))).toBe(false);
  });
});
