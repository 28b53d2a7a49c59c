// The simulated chain's clock-driven numbers: block height, slot and recent blockhash all follow
// the simulated clock (one block per 400 ms), so transactions expire as simulated time passes.
// It also keeps the chain's status cache: a signature that landed never lands again, whichever
// endpoint (swap execute, tx submit, express execute, trigger deposits and withdrawals) carries it.
import { getAddressDecoder } from '@solana/kit';
import { BoundedMap } from '../bounded.js';
import { createRandom, hashString } from '../random.js';
import type { Clock } from '../clock.js';
import { toBase58 } from '../encoding.js';
import { transactionId, type DecodedTransaction } from './transactions.js';
import { ApiError, type ApiErrorOptions } from '../errors.js';

export const MS_PER_BLOCK = 400;
/** Blocks a blockhash stays valid for (about a minute). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
const BASE_HEIGHT = 360_000_000;
const SLOT_OFFSET = 20_000_000;

export interface Ledger {
  blockHeight(): number;
  slot(): number;
  /** Recent blockhash (base58) of the current block height. */
  recentBlockhash(): string;
  blockhashAt(height: number): string;
  /** Blockhash bytes of the current block height. */
  recentBlockhashBytes(): Uint8Array;
  /** The earlier landing of `signature`, if it landed. */
  landed(signature: string): Landing | undefined;
  /**
   * Records that `signature` lands now (call it right where balances move, after the last await).
   * Answers the earlier landing instead, recording nothing, when the signature already landed.
   */
  land(signature: string, via: string): Landing | undefined;
  /** Forgets every landing (control reset). */
  reset(): void;
}

export interface Landing {
  signature: string;
  slot: number;
  /** Where it landed, e.g. `swapExecute:<requestId>`. */
  via: string;
}

/**
 * Signatures remembered: longer than any store keeps a transaction it would still accept (the
 * longest, trigger v2 deposits, lives an hour), and at most this many, which bounds memory when
 * the simulated clock stands still. Every store holds fewer pending transactions than this.
 */
export const STATUS_CACHE_SIZE = 100_000;
const STATUS_CACHE_TTL_MS = 2 * 3_600_000;

const addressDecoder = getAddressDecoder();

export function createLedger(clock: Clock, seed: number): Ledger {
  const start = clock.now();
  const bytesAt = (height: number): Uint8Array => createRandom(hashString(`blockhash:${height}`, seed)).bytes(32);
  const height = (): number => BASE_HEIGHT + Math.max(0, Math.floor((clock.now() - start) / MS_PER_BLOCK));
  const statusCache = new BoundedMap<string, Landing>({ maxSize: STATUS_CACHE_SIZE, ttlMs: STATUS_CACHE_TTL_MS, now: () => clock.now() });
  return {
    blockHeight: height,
    slot: () => height() + SLOT_OFFSET,
    recentBlockhash: () => addressDecoder.decode(bytesAt(height())),
    blockhashAt: (h) => addressDecoder.decode(bytesAt(h)),
    recentBlockhashBytes: () => bytesAt(height()),
    landed: (signature) => statusCache.get(signature),
    land(signature, via) {
      const earlier = statusCache.get(signature);
      if (earlier) return earlier;
      statusCache.set(signature, { signature, slot: height() + SLOT_OFFSET, via });
      return undefined;
    },
    reset: () => statusCache.clear(),
  };
}

/**
 * The signature a transaction lands under: its first signature, or, when the service is the fee
 * payer and co-signs it (gasless swaps), the service's signature. Ed25519 signatures are
 * deterministic, so the same message always gets the same one; a digest of the message stands in.
 */
export async function landingSignature(tx: DecodedTransaction): Promise<string> {
  const id = transactionId(tx);
  if (id !== undefined) return id;
  return toBase58(new Uint8Array(await crypto.subtle.digest('SHA-512', tx.messageBytes as BufferSource)));
}

/** The 400 of an endpoint whose transaction already landed (in the area's error shape). */
export function alreadyProcessed(earlier: Landing, options?: ApiErrorOptions): ApiError {
  return new ApiError(400, `Transaction already processed in slot ${earlier.slot}: ${earlier.signature}`, options);
}
