// The typed control API: move the simulated clock and set state that the public API cannot
// (balances, prices, order transitions, faults). Every method but `pollMarket` and `sendTransaction` is synchronous, and
// checks all of its input (type, finite, in range) before it changes anything: a RangeError leaves
// the state as it was.
import { isAddress } from '@solana/kit';
import type { SimContext } from './context.js';
import type { Faults } from './faults.js';
import type { MarketReport } from './market/source.js';
import { pollMarket, type WatchReport } from './market/watch.js';
import type { KeyAccess } from './key-access.js';
import type { RateLimiter } from './rate-limit.js';
import { resolveMint, tokenByMint } from './tokens.js';
import { fillV1Order } from './trigger-v1/fill.js';
import { fillOrder as fillV2, refreshOrder, setState } from './trigger-v2/lifecycle.js';
import type { V2OrderState } from './trigger-v2/store.js';
import { setTokenStatus } from './express/store.js';
import type { Journal, JournalEntry } from './explore/journal.js';
import type { ValueHistory } from './explore/history.js';
import { lendRead, ordersRead, transactionsRead, walletsRead } from './explore/reads.js';
import { ApiError } from './errors.js';
import { landSignedTransaction } from './tx/submit.js';

export interface SimulatorControl {
  /** Simulated time, epoch ms. */
  now(): number;
  /** Moves simulated time forward. */
  advanceTime(ms: number): void;
  /** Sets simulated time (epoch ms, Date or ISO 8601). */
  setTime(time: number | Date | string): void;
  /** Makes the next cancel of a trigger v2 order succeed (instead of 400 "not ready"). */
  markReadyToCancel(orderId: string): void;
  /** Fills a trigger v2 order (UUID) or a trigger v1 order (order account) completely. */
  fillOrder(orderId: string): void;
  /** Expires an open trigger v2 or v1 order now (its input returns to the wallet). */
  expireOrder(orderId: string): void;
  /** Sets the state of a trigger v2 order (any of the documented states). */
  setOrderState(orderId: string, state: V2OrderState): void;
  /** Sets a token balance (smallest units) of a wallet; null removes the token account. Mint or symbol. */
  setBalance(wallet: string, mint: string, amount: bigint | number | string | null): void;
  /** Reads a token balance (smallest units), null without a token account. Mint or symbol. */
  getBalance(wallet: string, mint: string): bigint | null;
  /** Sets the USD price of a listed token (mint or symbol). */
  setPrice(mint: string, usd: number): void;
  /** Makes the next `times` (default 1) answers of an operation have `status`, with its spec example body. */
  injectFault(operationId: string, status: number, times?: number): void;
  clearFaults(operationId?: string): void;
  /** Sets GET /prediction/v1/trading-status. */
  setTradingActive(active: boolean): void;
  /** Marks a token as existing/verified for express verification. */
  setTokenVerification(tokenId: string, status: { exists?: boolean; verified?: boolean }): void;
  /** Sets the staked amount the portfolio endpoint reports for an address. */
  setStake(address: string, stakedAmount: number, unstaking?: Array<{ amount: number; until: number }>): void;
  /**
   * Limits an API key to some areas (`swap`, `tokens`, `trigger`, ...; an empty list: none), as the
   * service's key permissions do: other areas answer the gateway's 403. Without `areas`, the key may
   * call every area again.
   */
  setKeyAreas(apiKey: string, areas?: readonly string[]): void;
  /** Back to the state right after creation (same seed, start time and catalogue, key areas). */
  reset(): void;
  /** The market source: its mode and, for an upstream or a replay, its calls, cache, limiter, circuit, drift and misses. */
  upstream(): MarketReport;
  /** Prices the pairs open trigger orders wait on through the market now, and fills the orders it crossed. */
  pollMarket(): Promise<WatchReport>;
  /**
   * Lands a base64 signed transaction as a chain's own RPC node would, without the tip /tx/v1/submit
   * asks for (a lend operate transaction, for one): the same checks and the same moves, once.
   * Resolves to its signature; rejects with a RangeError saying why it did not land.
   */
  sendTransaction(signedTransaction: string): Promise<{ signature: string }>;
  /** The wallets it knows (most recently active first, at most `limit`), their balances and value at the current prices. */
  wallets(limit?: number): ReturnType<typeof walletsRead>;
  /** Trigger v1 and v2 orders (of one wallet, or all), newest first (at most `limit`), with state and fills. */
  orders(options?: { wallet?: string; limit?: number }): ReturnType<typeof ordersRead>;
  /** Lend vaults, positions (of one wallet, or all; newest first, at most `limit`), and trigger v2 vaults. */
  lend(options?: { wallet?: string; limit?: number }): ReturnType<typeof lendRead>;
  /** Landed transactions (newest first, at most `limit`), each decoded into what it moved. */
  transactions(options?: { wallet?: string; limit?: number }): ReturnType<typeof transactionsRead>;
  /** The request journal, newest first, redacted (empty when the journal is off). */
  journal(options?: { limit?: number; afterId?: number }): { size: number; entries: JournalEntry[] };
  /** Journal entries (all, or those of `ids`) as a HAR 1.2 log, redacted. */
  journalHar(ids?: readonly number[]): ReturnType<Journal['har']>;
  /** Each wallet's total value over time (simulated epoch ms, USD at the prices of the time); samples now first. */
  valueHistory(): { now: string; wallets: ReturnType<ValueHistory['read']> };
}

/** Latest simulated time: answers carry ISO 8601 dates, which end at +275760-09-13. */
export const MAX_TIME_MS = 8_640_000_000_000_000;

function checkTime(ms: number, what: string): number {
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_TIME_MS)
    throw new RangeError(`${what} must be epoch milliseconds between 0 and ${MAX_TIME_MS}`);
  return ms;
}

function toEpochMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time instanceof Date ? time.getTime() : NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`invalid time: ${String(time)}`);
  return checkTime(ms, 'time');
}

const U64_MAX = (1n << 64n) - 1n;

function toAmount(amount: bigint | number | string): bigint {
  let value: bigint;
  try {
    if (typeof amount === 'string' && !/^-?[0-9]+$/.test(amount.trim())) throw new SyntaxError();
    value = BigInt(amount);
  } catch {
    throw new RangeError(`amount must be an integer number of smallest units (got ${String(amount)})`);
  }
  if (value < 0n) throw new RangeError('balances cannot be negative');
  if (value > U64_MAX) throw new RangeError('amount must fit in 64 bits (at most 18446744073709551615)');
  return value;
}

function text(value: unknown, name: string, max = 128): string {
  if (typeof value !== 'string' || value === '' || value.length > max)
    throw new RangeError(`${name} must be a non-empty string of at most ${max} characters`);
  return value;
}

function publicKey(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isAddress(value)) throw new RangeError(`${name} must be a base58 public key`);
  return value;
}

function nonNegative(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number >= 0`);
  return value;
}

const STATES: ReadonlySet<string> = new Set([
  'pending',
  'open',
  'executing',
  'filled',
  'pending_withdraw',
  'cancelled',
  'expired',
  'failed',
]);

export interface ControlDeps {
  faults: Faults;
  rateLimiter: RateLimiter;
  keyAccess: KeyAccess;
  operationIds: ReadonlySet<string>;
  start: number;
  /** Token pairs one market poll prices at most. */
  maxWatchedPairs: number;
  /** Restarts the seeded random streams. */
  reseed(): void;
  /** The request journal (undefined when it is off). */
  journal?: Journal;
  history: ValueHistory;
}

/** Largest `limit` a read accepts. */
export const MAX_READ_LIMIT = 1_000;

function limitOf(limit: number | undefined, fallback: number): number {
  if (limit === undefined) return fallback;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_READ_LIMIT)
    throw new RangeError(`limit must be an integer from 1 to ${MAX_READ_LIMIT}`);
  return limit;
}

const walletFilter = (wallet: string | undefined): string | null => (wallet === undefined ? null : publicKey(wallet, 'wallet'));

export function createControl(sim: SimContext, deps: ControlDeps): SimulatorControl {
  const { faults, rateLimiter, keyAccess, operationIds, start } = deps;
  const v2 = (orderId: string) => {
    const order = sim.triggerV2.orders.get(orderId);
    if (!order) throw new RangeError(`no trigger v2 order ${orderId}`);
    return refreshOrder(sim, order);
  };
  const mint = (mintOrSymbol: string): string => {
    const m = resolveMint(mintOrSymbol);
    if (!tokenByMint(m)) throw new RangeError(`unknown token ${mintOrSymbol}`);
    return m;
  };
  return {
    now: () => sim.clock.now(),
    advanceTime(ms) {
      const step = nonNegative(ms, 'ms');
      checkTime(sim.clock.now() + step, 'the resulting time');
      sim.clock.advance(step);
    },
    setTime: (time) => sim.clock.set(toEpochMs(time)),
    markReadyToCancel(orderId) {
      v2(text(orderId, 'orderId')).markedReady = true;
    },
    fillOrder(orderId) {
      text(orderId, 'orderId');
      const v1 = sim.triggerV1.orders.get(orderId);
      if (v1) {
        fillV1Order(sim, v1);
        return;
      }
      fillV2(sim, v2(orderId));
    },
    expireOrder(orderId) {
      text(orderId, 'orderId');
      const v1 = sim.triggerV1.orders.get(orderId);
      if (v1) {
        if (v1.status !== 'Open') throw new RangeError(`trigger v1 order ${orderId} is ${v1.status}`);
        sim.wallets.add(v1.userPubkey, v1.inputMint, v1.remainingMakingAmount);
        Object.assign(v1, { status: 'Expired', updatedAt: sim.clock.now() });
        return;
      }
      const order = v2(orderId);
      if (order.orderState !== 'open' && order.orderState !== 'pending') throw new RangeError(`order ${orderId} is ${order.orderState}`);
      setState(sim, order, 'expired');
    },
    setOrderState(orderId, state) {
      text(orderId, 'orderId');
      if (typeof state !== 'string' || !STATES.has(state))
        throw new RangeError(`unknown order state ${String(state)} (one of ${[...STATES].join(', ')})`);
      setState(sim, v2(orderId), state);
    },
    setBalance(wallet, token, amount) {
      publicKey(wallet, 'wallet');
      const m = publicKey(resolveMint(text(token, 'mint')), 'mint');
      const value = amount === null ? null : toAmount(amount);
      sim.wallets.set(wallet, m, value);
    },
    getBalance: (wallet, token) => sim.wallets.balance(text(wallet, 'wallet'), resolveMint(text(token, 'mint'))),
    setPrice(token, usd) {
      const m = mint(text(token, 'mint'));
      if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0 || usd > 1e15)
        throw new RangeError('usd must be a finite price above 0 and at most 1e15');
      sim.prices.set(m, usd);
    },
    injectFault(operationId, status, times) {
      if (typeof operationId !== 'string' || !operationIds.has(operationId))
        throw new RangeError(`unknown operationId ${String(operationId)}`);
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError('status must be an integer from 400 to 599');
      if (times !== undefined && (!Number.isSafeInteger(times) || times < 1 || times > 1_000_000))
        throw new RangeError('times must be an integer from 1 to 1000000');
      faults.inject(operationId, status, times);
    },
    clearFaults(operationId) {
      if (operationId !== undefined && (typeof operationId !== 'string' || !operationIds.has(operationId)))
        throw new RangeError(`unknown operationId ${String(operationId)}`);
      faults.clear(operationId);
    },
    setTradingActive(active) {
      if (typeof active !== 'boolean') throw new RangeError('active must be a boolean');
      sim.tradingActive = active;
    },
    setTokenVerification(tokenId, status) {
      text(tokenId, 'tokenId');
      if (status === null || typeof status !== 'object') throw new RangeError('status must be an object {exists?, verified?}');
      for (const key of ['exists', 'verified'] as const) {
        if (status[key] !== undefined && typeof status[key] !== 'boolean') throw new RangeError(`${key} must be a boolean`);
      }
      const current = sim.express.status(tokenId);
      setTokenStatus(sim.express, tokenId, { exists: status.exists ?? current.exists, verified: status.verified ?? current.verified });
    },
    setStake(address, stakedAmount, unstaking = []) {
      publicKey(address, 'address');
      nonNegative(stakedAmount, 'stakedAmount');
      if (!Array.isArray(unstaking) || unstaking.length > 1_000)
        throw new RangeError('unstaking must be an array of at most 1000 {amount, until}');
      const entries = unstaking.map((entry, i) => {
        if (entry === null || typeof entry !== 'object') throw new RangeError(`unstaking[${i}] must be an object {amount, until}`);
        return {
          amount: nonNegative(entry.amount, `unstaking[${i}].amount`),
          until: checkTime(nonNegative(entry.until, `unstaking[${i}].until`), `unstaking[${i}].until`),
        };
      });
      sim.portfolio.set(address, { stakedAmount, unstaking: entries });
    },
    setKeyAreas: (apiKey, areas) => keyAccess.set(apiKey, areas),
    reset() {
      sim.clock.set(start);
      sim.wallets.reset();
      sim.prices.reset();
      sim.swap.reset();
      sim.express.reset();
      sim.portfolio.reset();
      sim.triggerV1.reset();
      sim.triggerV2.reset();
      sim.prediction.reset();
      sim.lend.reset();
      sim.ledger.reset();
      sim.tradingActive = true;
      faults.clear();
      rateLimiter.reset();
      keyAccess.reset();
      sim.market.reset();
      deps.journal?.clear();
      deps.history.clear();
      deps.reseed();
    },
    upstream: () => sim.market.report(),
    pollMarket: () => pollMarket(sim, deps.maxWatchedPairs),
    async sendTransaction(signedTransaction) {
      if (typeof signedTransaction !== 'string' || signedTransaction.length > 4_096)
        throw new RangeError('signedTransaction must be a base64 wire transaction');
      try {
        return { signature: await landSignedTransaction(sim, signedTransaction, false, 'sendTransaction') };
      } catch (error) {
        if (error instanceof ApiError) throw new RangeError(error.message);
        throw error;
      }
    },
    wallets: (limit) => walletsRead(sim, limitOf(limit, 100)),
    orders: ({ wallet, limit } = {}) => ordersRead(sim, walletFilter(wallet), limitOf(limit, 100)),
    lend: ({ wallet, limit } = {}) => lendRead(sim, walletFilter(wallet), limitOf(limit, 100)),
    transactions: ({ wallet, limit } = {}) => transactionsRead(sim, walletFilter(wallet), limitOf(limit, 100)),
    journal({ limit, afterId } = {}) {
      if (afterId !== undefined && (!Number.isSafeInteger(afterId) || afterId < 0)) throw new RangeError('afterId must be an integer >= 0');
      const size = deps.journal?.size ?? 0;
      return {
        size,
        entries: deps.journal?.entries({ limit: limitOf(limit, Math.max(size, 1)), ...(afterId !== undefined ? { afterId } : {}) }) ?? [],
      };
    },
    journalHar(ids) {
      if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => !Number.isSafeInteger(id))))
        throw new RangeError('ids must be integers');
      if (!deps.journal) throw new RangeError('the request journal is off');
      return deps.journal.har(ids);
    },
    valueHistory() {
      deps.history.sample('renew');
      return { now: new Date(sim.clock.now()).toISOString(), wallets: deps.history.read() };
    },
  };
}
