// The synchronous derivation against @solana/kit's: the same addresses and bumps, the same limits.
import { type Address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { associatedTokenAddress, findProgramDerivedAddress } from './program-derived-address.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './programs.js';

const encoder = getAddressEncoder();
const decoder = getAddressDecoder();
const bytesOf = (address: string) => new Uint8Array(encoder.encode(address as Address));
/** Written down from @solana/kit: the wrapped-native account of the owner `1111…2`. */
const KNOWN = '5os4kc32895qa1smTDGsAVXRiisXRo4UJWauUePnas1u';
const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

describe('findProgramDerivedAddress', () => {
  it('finds the address and bump @solana/kit finds, for seeds of every size up to the limits', async () => {
    for (let i = 0; i < 40; i++) {
      const program = randomBytes(32);
      const seeds = Array.from({ length: i % 16 }, (_, k) => randomBytes((i * 7 + k) % 33));
      const [kitAddress, kitBump] = await getProgramDerivedAddress({ programAddress: decoder.decode(program), seeds });
      const found = findProgramDerivedAddress(program, seeds);
      expect(decoder.decode(found.address)).toBe(kitAddress);
      expect(found.bump).toBe(kitBump);
    }
  });

  it('finds bumps below 255 (the first bump is on the curve about half the time)', () => {
    const bumps = new Set<number>();
    for (let i = 0; i < 40; i++) bumps.add(findProgramDerivedAddress(randomBytes(32), [randomBytes(32)]).bump);
    expect(Math.min(...bumps)).toBeLessThan(255);
  });

  it('refuses what the chain refuses: 16 seeds and more (the bump is the 16th), a seed over 32 bytes, a short program', async () => {
    const program = randomBytes(32);
    expect(() =>
      findProgramDerivedAddress(
        program,
        Array.from({ length: 16 }, () => randomBytes(1)),
      ),
    ).toThrow(RangeError);
    expect(() => findProgramDerivedAddress(program, [randomBytes(33)])).toThrow(RangeError);
    expect(() => findProgramDerivedAddress(randomBytes(31), [])).toThrow(RangeError);
    // kit refuses the same inputs
    const programAddress = decoder.decode(program);
    await expect(getProgramDerivedAddress({ programAddress, seeds: Array.from({ length: 16 }, () => randomBytes(1)) })).rejects.toThrow();
    await expect(getProgramDerivedAddress({ programAddress, seeds: [randomBytes(33)] })).rejects.toThrow();
  });
});

describe('associatedTokenAddress', () => {
  it('derives the account @solana/kit derives, under both token programs', async () => {
    for (const tokenProgram of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
      for (let i = 0; i < 10; i++) {
        const [owner, mint] = [randomBytes(32), randomBytes(32)];
        const [expected] = await getProgramDerivedAddress({
          programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS as Address,
          seeds: [owner, bytesOf(tokenProgram), mint],
        });
        expect(decoder.decode(associatedTokenAddress(owner, mint, bytesOf(tokenProgram)))).toBe(expected);
      }
    }
  });

  it('gives a known account: the wrapped-native account of a fixed owner', () => {
    // Derived once with @solana/kit and written down, so that a change of the constants shows too.
    const owner = bytesOf('11111111111111111111111111111112');
    const mint = bytesOf('So11111111111111111111111111111111111111112');
    expect(decoder.decode(associatedTokenAddress(owner, mint, bytesOf(TOKEN_PROGRAM_ADDRESS)))).toBe(KNOWN);
  });
});
