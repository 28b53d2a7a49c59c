// Trigger v2 order transitions shared by the handlers and the control API: expiry (lazy, on
// read), fill, cancel readiness, and the JSON record of an order.
import type { TriggerV2OrderRecord } from '@x/types';
import { iso, type SimContext } from '../context.js';
import { ACTIVE_STATES, priceFieldsOf, type V2Order, type V2OrderState } from './store.js';

/** Expires an open order whose expiresAt has passed (refunding the vault balance). */
export function refreshOrder(sim: SimContext, order: V2Order): V2Order {
  const now = sim.clock.now();
  if ((order.orderState === 'open' || order.orderState === 'pending') && order.expiresAt <= now) {
    setState(sim, order, 'expired');
  }
  return order;
}

export function setState(sim: SimContext, order: V2Order, state: V2OrderState, extra: Record<string, unknown> = {}): void {
  const now = sim.clock.now();
  const wasActive = ACTIVE_STATES.has(order.orderState);
  if ((state === 'expired' || state === 'cancelled' || state === 'failed') && wasActive && order.remainingInputAmount > 0n) {
    sim.wallets.add(order.userPubkey, order.inputMint, order.remainingInputAmount);
    order.remainingInputAmount = 0n;
  }
  order.orderState = state;
  order.updatedAt = now;
  order.events.push({ type: state, at: iso(now), ...extra });
  if (order.events.length > 20) order.events.splice(0, order.events.length - 20);
}

/** The output of filling an order's remaining input at its trigger (or take-profit) price, or the current price. */
function outputAtTrigger(sim: SimContext, order: V2Order): bigint {
  const amount = order.remainingInputAmount;
  let output = sim.prices.convert(order.inputMint, order.outputMint, amount);
  const current = sim.prices.usd(order.triggerMint);
  const fillPrice = order.triggerPriceUsd ?? order.tpPriceUsd;
  if (fillPrice !== undefined && current !== undefined && current > 0) {
    // Trigger on the input token: selling at the trigger price; on the output token: buying at it.
    const ratio = order.triggerMint === order.inputMint ? fillPrice / current : current / fillPrice;
    output = (output * BigInt(Math.round(ratio * 1e6))) / 1_000_000n;
  }
  const slippage = BigInt(order.slippageBps ?? order.tpSlippageBps ?? 0);
  return (output * (10_000n - slippage / 2n)) / 10_000n;
}

/**
 * Fills an active order: with `output` (what the market gives for its input, from the market
 * watch), else at its trigger (or take-profit) price, or the current price.
 */
export function fillOrder(sim: SimContext, order: V2Order, output: bigint = outputAtTrigger(sim, order)): void {
  if (order.orderState !== 'open' && order.orderState !== 'executing' && order.orderState !== 'pending') {
    throw new RangeError(`order ${order.id} is ${order.orderState}; only open, pending or executing orders can be filled`);
  }
  const amount = order.remainingInputAmount;
  order.outputAmount += output;
  order.remainingInputAmount = 0n;
  order.fillPercent = 100;
  sim.wallets.add(order.userPubkey, order.outputMint, output);
  setState(sim, order, 'filled', { inputAmount: amount.toString(), outputAmount: output.toString() });
}

export function isReadyToCancel(sim: SimContext, order: V2Order): boolean {
  if (order.markedReady) return true;
  return order.cancelRequestedAt !== undefined && sim.clock.now() - order.cancelRequestedAt >= sim.settings.cancelReadyAfterMs;
}

export function orderRecord(order: V2Order): TriggerV2OrderRecord {
  const record: TriggerV2OrderRecord = {
    id: order.id,
    orderType: order.orderType,
    orderState: order.orderState,
    userPubkey: order.userPubkey,
    inputMint: order.inputMint,
    initialInputAmount: order.initialInputAmount.toString(),
    remainingInputAmount: order.remainingInputAmount.toString(),
    outputMint: order.outputMint,
    triggerMint: order.triggerMint,
    ...priceFieldsOf(order),
    expiresAt: order.expiresAt,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
  record.outputAmount = order.outputAmount.toString();
  record.fillPercent = order.fillPercent;
  record.events = order.events.map((e) => ({ ...e }));
  return record;
}
