// The simulated chain's clock-driven numbers: block height, slot and recent blockhash all follow
// the simulated clock (one block per 400 ms), so transactions expire as simulated time passes.
// It also keeps the chain's status cache: a signature that landed never lands again, whichever
// endpoint (swap execute, tx submit, express execute, trigger deposits and withdrawals) carries it,
// and the age check the landing endpoints make first: a transaction lands only while its
// blockhash is one of the last BLOCKHASH_VALIDITY_BLOCKS the chain issued (express execute checks
// its craft's own expiry instead).
import { encodeBase58 } from '../base58.js';
import { BoundedMap } from '../bounded.js';
import { createRandom, hashString } from '../random.js';
import type { Clock } from '../clock.js';
import { toBase58 } from '../encoding.js';
import { decodeBytes, decodeTransaction, transactionId, wireBytes, type DecodedTransaction } from './transactions.js';
import { ApiError, type ApiErrorOptions } from '../errors.js';
import type { Move } from './moves.js';

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
  /**
   * The last block height at which a transaction whose lifetime is `blockhash` (base58) may land:
   * the height the chain issued it at plus BLOCKHASH_VALIDITY_BLOCKS. Undefined for a blockhash
   * this chain never issued (or issued too long ago to remember), which a chain calls not found.
   */
  lastValidBlockHeight(blockhash: string): number | undefined;
  /** Whether a transaction valid until `lastValidBlockHeight` is too old to land now. */
  expired(lastValidBlockHeight: number): boolean;
  /** The earlier landing of `signature`, if it landed. */
  landed(signature: string): Landing | undefined;
  /**
   * Records that `signature` lands now (call it right where balances move, after the last await).
   * Answers the earlier landing instead, recording nothing, when the signature already landed.
   * `tx` is the landed transaction, kept (the last LANDED_KEPT) for the control API's reads, with
   * `made`: what the landing moved that no instruction states (the rent of a token account it opened).
   */
  land(signature: string, via: string, tx?: DecodedTransaction, made?: readonly Move[]): Landing | undefined;
  /** The transactions landed last (at most LANDED_KEPT), oldest first. */
  landedTransactions(): readonly LandedTransaction[];
  /** Forgets every landing (control reset). */
  reset(): void;
  /** The maps behind the status cache, the issued blockhashes and the landed transactions kept (for the durable store). */
  readonly maps: {
    readonly landed: BoundedMap<string, Landing>;
    readonly issued: BoundedMap<string, number>;
    readonly transactions: BoundedMap<number, KeptTransaction>;
  };
}

export interface Landing {
  signature: string;
  slot: number;
  /** Where it landed, e.g. `swapExecute:<requestId>`. */
  via: string;
}

/** A landing with its transaction and simulated time, as the control API reads it back. */
export interface LandedTransaction extends Landing {
  /** Simulated epoch ms of the landing. */
  at: number;
  tx: DecodedTransaction;
  /** What the landing moved that no instruction of `tx` states (the rent of a token account it opened). */
  made: readonly Move[];
}

/**
 * A landed transaction as the ledger keeps it (and a durable store writes it): its wire bytes,
 * a fraction of the decoded transaction's size, decoded again when read.
 */
export interface KeptTransaction extends Landing {
  /** Its place in landing order (its key: a store writes the next one beside the last, and drops the oldest from the other end). */
  n: number;
  at: number;
  wire: Uint8Array;
  made: readonly Move[];
}

/** Landed transactions kept for the control API's reads (the status cache keeps more signatures). */
export const LANDED_KEPT = 1_000;
/**
 * Landed transactions past LANDED_KEPT dropped at once (at most LANDED_KEPT + this many are held):
 * a durable store then deletes a run of neighbouring rows every so many landings, not a row at each.
 */
export const LANDED_DROPPED_AT_ONCE = 100;

/**
 * Signatures remembered: longer than any store keeps a transaction it would still accept (the
 * longest, trigger v2 deposits, lives an hour), and at most this many, which bounds memory when
 * the simulated clock stands still. Every store holds fewer pending transactions than this.
 */
export const STATUS_CACHE_SIZE = 100_000;
const STATUS_CACHE_TTL_MS = 2 * 3_600_000;
/** Issued blockhashes remembered (one per block height handed out), for as long as landings are. */
const ISSUED_BLOCKHASHES = 20_000;

export function createLedger(clock: Clock, seed: number): Ledger {
  const start = clock.now();
  const bytesAt = (height: number): Uint8Array => createRandom(hashString(`blockhash:${height}`, seed)).bytes(32);
  const height = (): number => BASE_HEIGHT + Math.max(0, Math.floor((clock.now() - start) / MS_PER_BLOCK));
  const statusCache = new BoundedMap<string, Landing>({ maxSize: STATUS_CACHE_SIZE, ttlMs: STATUS_CACHE_TTL_MS, now: () => clock.now() });
  // Blockhash (base58) -> the height it was issued at. Written once per height handed out.
  const issued = new BoundedMap<string, number>({ maxSize: ISSUED_BLOCKHASHES, ttlMs: STATUS_CACHE_TTL_MS, now: () => clock.now() });
  let lastIssuedHeight = -1;
  // The last LANDED_KEPT landed transactions by landing order, oldest first. The oldest leaves
  // through `delete` (not the map's own size cap), so that a durable store drops its row too.
  const transactions = new BoundedMap<number, KeptTransaction>({ maxSize: LANDED_KEPT + LANDED_DROPPED_AT_ONCE + 1 });
  /** The next one's place: after the last kept (once a store loaded them), from 0 after a reset. */
  let nextN: number | undefined;
  const placeOfNext = (): number => {
    if (nextN === undefined) {
      nextN = 0;
      for (const kept of transactions.values()) nextN = kept.n + 1;
    }
    return nextN++;
  };
  // Each kept transaction decoded once (the ones landed here keep the decoding they landed with).
  const decoded = new WeakMap<KeptTransaction, DecodedTransaction | undefined>();
  const decodedOf = (kept: KeptTransaction): DecodedTransaction | undefined => {
    if (!decoded.has(kept)) decoded.set(kept, decodeBytes(kept.wire));
    return decoded.get(kept);
  };
  const issue = (h: number): Uint8Array => {
    const bytes = bytesAt(h);
    if (h !== lastIssuedHeight) {
      issued.set(encodeBase58(bytes), h);
      lastIssuedHeight = h;
    }
    return bytes;
  };
  return {
    blockHeight: height,
    slot: () => height() + SLOT_OFFSET,
    recentBlockhash: () => encodeBase58(issue(height())),
    blockhashAt: (h) => encodeBase58(issue(h)),
    recentBlockhashBytes: () => issue(height()),
    lastValidBlockHeight(blockhash) {
      const at = issued.get(blockhash);
      return at === undefined ? undefined : at + BLOCKHASH_VALIDITY_BLOCKS;
    },
    expired: (lastValidBlockHeight) => height() > lastValidBlockHeight,
    landed: (signature) => statusCache.get(signature),
    land(signature, via, tx, made = []) {
      const earlier = statusCache.get(signature);
      if (earlier) return earlier;
      const landing = { signature, slot: height() + SLOT_OFFSET, via };
      statusCache.set(signature, landing);
      if (tx) {
        if (transactions.size >= LANDED_KEPT + LANDED_DROPPED_AT_ONCE) {
          const oldest = [...transactions.values()].slice(0, LANDED_DROPPED_AT_ONCE + 1).map((kept) => kept.n);
          for (const n of oldest) transactions.delete(n);
        }
        const kept: KeptTransaction = { ...landing, n: placeOfNext(), at: clock.now(), wire: wireBytes(tx), made };
        decoded.set(kept, tx);
        transactions.set(kept.n, kept);
      }
      return undefined;
    },
    landedTransactions: () => {
      const out: LandedTransaction[] = [];
      let skip = transactions.size - LANDED_KEPT;
      for (const kept of transactions.values()) {
        if (skip-- > 0) continue;
        const tx = decodedOf(kept);
        if (tx) out.push({ signature: kept.signature, slot: kept.slot, via: kept.via, at: kept.at, tx, made: kept.made });
      }
      return out;
    },
    reset() {
      statusCache.clear();
      transactions.clear();
      nextN = 0;
    },
    maps: { landed: statusCache, issued, transactions },
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

/**
 * The 400 of an endpoint that lands any signed transaction (tx submit) when the transaction is too
 * old to land, or its blockhash was never issued: checked before the signature's history, as a
 * chain does. Undefined when its blockhash is still valid.
 */
export function blockhashRejection(ledger: Ledger, tx: DecodedTransaction, options?: ApiErrorOptions): ApiError | undefined {
  const lastValid = ledger.lastValidBlockHeight(tx.lifetimeToken);
  if (lastValid === undefined)
    return new ApiError(400, 'Blockhash not found: the transaction is not built on a recent blockhash of this chain', options);
  if (ledger.expired(lastValid))
    return new ApiError(
      400,
      `Transaction expired: blockhash not found (valid until block height ${lastValid}, now ${ledger.blockHeight()})`,
      options,
    );
  return undefined;
}

/** The 400 of an endpoint whose transaction already landed (in the area's error shape). */
export function alreadyProcessed(earlier: Landing, options?: ApiErrorOptions): ApiError {
  return new ApiError(400, `Transaction already processed in slot ${earlier.slot}: ${earlier.signature}`, options);
}

/**
 * The earlier landing of a base64 signed transaction, if it landed: what a re-send whose first
 * answer was lost is told, rather than that its request is unknown.
 */
export function earlierLanding(ledger: Ledger, signedTransaction: string): Landing | undefined {
  const tx = decodeTransaction(signedTransaction);
  const id = tx && transactionId(tx);
  return id ? ledger.landed(id) : undefined;
}
