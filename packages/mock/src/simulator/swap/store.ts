// Swap orders issued by GET /swap/v2/order (with a taker), kept for /execute and its re-sends:
// 2 minutes of simulated time, at most `maxSwapOrders` of them.
import type { SwapExecuteResponse } from '@x/types';
import { BoundedMap } from '../bounded.js';
import type { SwapRouterName } from './quote.js';

/** The answer of /execute for an order, kept for its re-sends. */
export interface ExecuteOutcome {
  status: 200;
  body: SwapExecuteResponse;
}

export interface SwapOrderRecord {
  requestId: string;
  router: SwapRouterName;
  taker: string;
  /** Fee payer of the transaction (taker, integrator payer, gas wallet or RFQ maker). */
  feePayer: string;
  /** Signers the client must provide (taker, and the integrator payer when there is one). */
  clientSigners: string[];
  messageBytes: Uint8Array;
  inputMint: string;
  outputMint: string;
  inAmount: bigint;
  /** Output after fees (what the wallet sees). */
  outAmount: bigint;
  /** Output the route produced (before fees). */
  routeOutAmount: bigint;
  otherAmountThreshold: bigint;
  recipient: string;
  lastValidBlockHeight: number;
  /** RFQ quote expiry, epoch ms. */
  expireAt?: number;
  /** The referral account and its share of the fee (of the output mint), paid when the swap lands. */
  referral?: { account: string; amount: bigint };
  executed?: { signedTransaction: string; outcome: ExecuteOutcome };
}

export interface SwapStore {
  orders: BoundedMap<string, SwapOrderRecord>;
  reset(): void;
}

export function createSwapStore(options: { now: () => number; ttlMs: number; maxSize: number }): SwapStore {
  const orders = new BoundedMap<string, SwapOrderRecord>({ maxSize: options.maxSize, ttlMs: options.ttlMs, now: options.now });
  return { orders, reset: () => orders.clear() };
}
