/**
 * Program-derived addresses, synchronously, the way the chain finds them: the first bump from 255
 * down to 1 for which SHA-256(seeds, bump, program, "ProgramDerivedAddress") is not a curve point.
 * The same addresses and bumps as @solana/kit's `getProgramDerivedAddress`, without its WebCrypto
 * round trip per bump (a digest there costs more than the hash itself). Addresses go in and come
 * out as their 32 bytes, so that callers keep their own base58 caches.
 */
import { decodeAddress } from './base58.js';
import { isOnCurve } from './curve.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from './programs.js';
import { sha256 } from './sha256.js';

const MARKER = new TextEncoder().encode('ProgramDerivedAddress');
/** The chain's limits on seeds. */
const MAX_SEEDS = 16;
const MAX_SEED_BYTES = 32;
const ASSOCIATED_TOKEN_PROGRAM = decodeAddress(ASSOCIATED_TOKEN_PROGRAM_ADDRESS) as Uint8Array;

export interface ProgramDerivedAddress {
  /** The address's 32 bytes. */
  readonly address: Uint8Array;
  /** The bump seed that put it off the curve (255 down to 1). */
  readonly bump: number;
}

/**
 * The program-derived address of `seeds` under `program` (32 bytes). Throws a `RangeError` for a
 * program that is not 32 bytes, more than 16 seeds or a seed over 32 bytes, as the chain refuses
 * them.
 */
export function findProgramDerivedAddress(program: Uint8Array, seeds: readonly Uint8Array[]): ProgramDerivedAddress {
  if (program.length !== 32) throw new RangeError(`a program address has 32 bytes, not ${program.length}`);
  // The bump is a seed too: the caller's seeds leave room for it.
  if (seeds.length > MAX_SEEDS - 1 || seeds.some((seed) => seed.length > MAX_SEED_BYTES))
    throw new RangeError(`at most ${MAX_SEEDS - 1} seeds (the bump is the last) of at most ${MAX_SEED_BYTES} bytes each`);
  let length = 0;
  for (const seed of seeds) length += seed.length;
  const input = new Uint8Array(length + 1 + program.length + MARKER.length);
  let offset = 0;
  for (const seed of seeds) {
    input.set(seed, offset);
    offset += seed.length;
  }
  const bumpAt = offset;
  input.set(program, bumpAt + 1);
  input.set(MARKER, bumpAt + 1 + program.length);
  for (let bump = 255; bump > 0; bump--) {
    input[bumpAt] = bump;
    const hash = sha256(input);
    if (!isOnCurve(hash)) return { address: hash, bump };
  }
  // Each bump is a coin toss: 255 misses in a row do not happen.
  throw new Error('No bump gives an address off the curve.');
}

/** `owner`'s associated token account of `mint` under `tokenProgram` (Token or Token-2022), all as 32 bytes. */
export const associatedTokenAddress = (owner: Uint8Array, mint: Uint8Array, tokenProgram: Uint8Array): Uint8Array =>
  findProgramDerivedAddress(ASSOCIATED_TOKEN_PROGRAM, [owner, tokenProgram, mint]).address;
