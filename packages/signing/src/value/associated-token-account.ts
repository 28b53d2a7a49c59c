/**
 * The associated token account of an owner for a mint (a program-derived address), cached.
 *
 * Derived the way the chain does it (and @solana/kit's `getProgramDerivedAddress`): the first bump
 * from 255 down for which SHA-256(owner, token program, mint, bump, associated token program,
 * "ProgramDerivedAddress") is not a curve point. The hash is WebCrypto's (the one SHA-256 of every
 * runtime, asynchronous); the curve check is this package's own fast one, and a rejected bump costs
 * no thrown error.
 */
import { address, getAddressEncoder, type Address } from '@solana/kit';
import { bytesToAddressString } from '../encoding.js';
import { isOnCurve } from './curve.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from './programs.js';

const encoder = getAddressEncoder();
const ASSOCIATED_TOKEN_PROGRAM = encoder.encode(address(ASSOCIATED_TOKEN_PROGRAM_ADDRESS)) as Uint8Array;
const MARKER = new TextEncoder().encode('ProgramDerivedAddress');
const CACHE_LIMIT = 256;
const cache = new Map<string, Promise<Address>>();

/** The program-derived address of `seeds` (each at most 32 bytes) under `program`. */
async function programDerivedAddress(program: Uint8Array, seeds: readonly Uint8Array[]): Promise<Address> {
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
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    if (!isOnCurve(hash)) return bytesToAddressString(hash);
  }
  throw new Error('No bump gives an address off the curve.'); // never seen: each bump is a coin toss
}

/** `owner`'s associated token account of `mint` under `tokenProgram` (Token or Token-2022). */
export function associatedTokenAccount(owner: string, mint: string, tokenProgram: string): Promise<Address> {
  const key = `${owner}:${mint}:${tokenProgram}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = programDerivedAddress(ASSOCIATED_TOKEN_PROGRAM, [
      encoder.encode(address(owner)) as Uint8Array,
      encoder.encode(address(tokenProgram)) as Uint8Array,
      encoder.encode(address(mint)) as Uint8Array,
    ]);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}
