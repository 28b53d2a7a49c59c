// The typed control API: move the simulated clock and set state that the public API cannot
// (balances, prices, order transitions, faults). Every method is synchronous.
import type { SimContext } from './context.js';
import type { Faults } from './faults.js';
import type { RateLimiter } from './rate-limit.js';
import { resolveMint, tokenByMint } from './tokens.js';
import { fillOrder as fillV2, refreshOrder, setState } from './trigger-v2/lifecycle.js';
import type { V2OrderState } from './trigger-v2/store.js';
import { setTokenStatus } from './express/store.js';

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
  /** Back to the state right after creation (same seed, start time and catalogue). */
  reset(): void;
}

function toEpochMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`invalid time: ${String(time)}`);
  return ms;
}

const STATES: ReadonlySet<string> = new Set(['pending', 'open', 'executing', 'filled', 'pending_withdraw', 'cancelled', 'expired', 'failed']);

export interface ControlDeps {
  faults: Faults;
  rateLimiter: RateLimiter;
  operationIds: ReadonlySet<string>;
  start: number;
  /** Restarts the seeded random streams. */
  reseed(): void;
}

export function createControl(sim: SimContext, deps: ControlDeps): SimulatorControl {
  const { faults, rateLimiter, operationIds, start } = deps;
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
    advanceTime: (ms) => sim.clock.advance(ms),
    setTime: (time) => sim.clock.set(toEpochMs(time)),
    markReadyToCancel(orderId) {
      v2(orderId).markedReady = true;
    },
    fillOrder(orderId) {
      const v1 = sim.triggerV1.orders.get(orderId);
      if (v1) {
        if (v1.status !== 'Open') throw new RangeError(`trigger v1 order ${orderId} is ${v1.status}`);
        sim.wallets.add(v1.userPubkey, v1.outputMint, v1.remainingTakingAmount);
        Object.assign(v1, { status: 'Completed', remainingMakingAmount: 0n, remainingTakingAmount: 0n, updatedAt: sim.clock.now() });
        return;
      }
      fillV2(sim, v2(orderId));
    },
    expireOrder(orderId) {
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
      if (!STATES.has(state)) throw new RangeError(`unknown order state ${state}`);
      setState(sim, v2(orderId), state);
    },
    setBalance(wallet, token, amount) {
      const value = amount === null ? null : BigInt(amount);
      if (value !== null && value < 0n) throw new RangeError('balances cannot be negative');
      sim.wallets.set(wallet, resolveMint(token), value);
    },
    getBalance: (wallet, token) => sim.wallets.balance(wallet, resolveMint(token)),
    setPrice: (token, usd) => sim.prices.set(mint(token), usd),
    injectFault(operationId, status, times) {
      if (!operationIds.has(operationId)) throw new RangeError(`unknown operationId ${operationId}`);
      faults.inject(operationId, status, times);
    },
    clearFaults: (operationId) => faults.clear(operationId),
    setTradingActive(active) {
      sim.tradingActive = active;
    },
    setTokenVerification(tokenId, status) {
      const current = sim.express.status(tokenId);
      setTokenStatus(sim.express, tokenId, { exists: status.exists ?? current.exists, verified: status.verified ?? current.verified });
    },
    setStake(address, stakedAmount, unstaking = []) {
      sim.portfolio.set(address, { stakedAmount, unstaking });
    },
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
      deps.reseed();
    },
  };
}
