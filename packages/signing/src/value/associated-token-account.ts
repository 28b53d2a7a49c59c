/**
 * The associated token account of an owner for a mint, cached: derived by `@x/chain` (synchronous,
 * the chain's own rule), from and to this package's address caches.
 */
import { associatedTokenAddress } from '@x/chain';
import type { Address } from '@solana/addresses';
import { addressBytes, bytesToAddressString } from '../encoding.js';

/** The 32 bytes of an address, from the package's cache (the intent's addresses are checked before any derivation). */
const seed = (value: string): Uint8Array => addressBytes(value, 'address');

const CACHE_LIMIT = 256;
const cache = new Map<string, Address>();

/** `owner`'s associated token account of `mint` under `tokenProgram` (Token or Token-2022). */
export function associatedTokenAccount(owner: string, mint: string, tokenProgram: string): Address {
  const key = `${owner}:${mint}:${tokenProgram}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = bytesToAddressString(associatedTokenAddress(seed(owner), seed(mint), seed(tokenProgram)));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
  }
  return found;
}
