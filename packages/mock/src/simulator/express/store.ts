// Express verification state: crafted payments awaiting execute, and tokens verified in this run.
import { BoundedMap } from '../bounded.js';
import { TOKENS } from '../tokens.js';

export interface CraftRecord {
  requestId: string;
  sender: string;
  currency: string;
  /** Mint paid with (the platform token on the direct path). */
  inputMint: string;
  /** Atomic amount of inputMint the transaction spends. */
  inputAmount: bigint;
  /** PLATFORM_TOKEN the transaction transfers to the receiver (the craft's `amount`; absent in records stored before it: the payment). */
  amount?: bigint;
  messageBytes: Uint8Array;
  expireAt: number;
}

export interface TokenStatus {
  exists: boolean;
  verified: boolean;
}

export interface ExpressStore {
  crafts: BoundedMap<string, CraftRecord>;
  tokens: Map<string, TokenStatus>;
  status(tokenId: string): TokenStatus;
  reset(): void;
}

/** The listed tokens except the example token start verified. */
const STARTS_VERIFIED = new Set(TOKENS.filter((t) => t.symbol !== 'EXAMPLE_TOKEN').map((t) => t.mint));
const MAX_TOKENS = 10_000;

export function createExpressStore(options: { now: () => number; ttlMs: number }): ExpressStore {
  const crafts = new BoundedMap<string, CraftRecord>({ maxSize: 10_000, ttlMs: options.ttlMs, now: options.now });
  const tokens = new Map<string, TokenStatus>();
  return {
    crafts,
    tokens,
    status(tokenId) {
      return tokens.get(tokenId) ?? { exists: true, verified: STARTS_VERIFIED.has(tokenId) };
    },
    reset() {
      crafts.clear();
      tokens.clear();
    },
  };
}

export function setTokenStatus(store: ExpressStore, tokenId: string, status: TokenStatus): void {
  if (!store.tokens.has(tokenId) && store.tokens.size >= MAX_TOKENS) store.tokens.delete(store.tokens.keys().next().value as string);
  store.tokens.set(tokenId, status);
}
