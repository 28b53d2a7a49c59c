/**
 * The associated token account of an owner for a mint (a program-derived address), cached.
 *
 * Derived the way the chain does it (and @solana/kit's `getProgramDerivedAddress`): the first bump
 * from 255 down for which SHA-256(owner, token program, mint, bump, associated token program,
 * "ProgramDerivedAddress") is not a curve point. Synchronous: SHA-256 from @noble/hashes (plain
 * JavaScript, any runtime; WebCrypto's digest is asynchronous and costs more per call than the hash
 * itself), the curve check this package's own, and a rejected bump costs no thrown error.
 */
import { sha256 } from '@noble/hashes/sha2';
import type { Address } from '@solana/kit';
import { addressBytes, bytesToAddressString } from '../encoding.js';
import { isOnCurve } from './curve.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from './programs.js';

/** The 32 bytes of an address, from the package's cache (the intent's addresses are checked before any derivation). */
const seed = (value: string): Uint8Array => addressBytes(value, 'address');

const ASSOCIATED_TOKEN_PROGRAM = seed(ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
const MARKER = new TextEncoder().encode('ProgramDerivedAddress');
const CACHE_LIMIT = 256;
const cache = new Map<string, Address>();

/** The program-derived address of `seeds` (each at most 32 bytes) under `program`. */
function programDerivedAddress(program: Uint8Array, seeds: readonly Uint8Array[]): Address {
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
    if (!isOnCurve(hash)) return bytesToAddressString(hash);
  }
  throw new Error('No bump gives an address off the curve.'); // never seen: each bump is a coin toss
}

/** `owner`'s associated token account of `mint` under `tokenProgram` (Token or Token-2022). */
export function associatedTokenAccount(owner: string, mint: string, tokenProgram: string): Address {
  const key = `${owner}:${mint}:${tokenProgram}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = programDerivedAddress(ASSOCIATED_TOKEN_PROGRAM, [seed(owner), seed(tokenProgram), seed(mint)]);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
  }
  return found;
}
