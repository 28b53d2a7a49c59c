/** The associated token account of an owner for a mint (a program-derived address), cached. */
import { address, getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from './programs.js';

const encoder = getAddressEncoder();
const CACHE_LIMIT = 256;
const cache = new Map<string, Promise<Address>>();

/** `owner`'s associated token account of `mint` under `tokenProgram` (Token or Token-2022). */
export function associatedTokenAccount(owner: string, mint: string, tokenProgram: string): Promise<Address> {
  const key = `${owner}:${mint}:${tokenProgram}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = getProgramDerivedAddress({
      programAddress: address(ASSOCIATED_TOKEN_PROGRAM_ADDRESS),
      seeds: [encoder.encode(address(owner)), encoder.encode(address(tokenProgram)), encoder.encode(address(mint))],
    }).then(([derived]) => derived);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}
