// The market watch: fills trigger orders from the market's prices. One poll prices each token pair
// that open trigger v1 and v2 orders wait on (at most `maxPairs`, one quote each, shared by every
// order of the pair, through the market source and so its limiter and cache), learns the prices,
// and fills the orders the market has crossed, with the output the market quoted (scaled from
// the pair's quoted amount to the order's). With the local source there is no market price and a
// poll does nothing.
import type { SimContext } from '../context.js';
import { learnPrices } from '../swap/market-quote.js';
import type { TriggerV1Order } from '../trigger-v1/store.js';
import { fillV1Order } from '../trigger-v1/fill.js';
import { fillOrder, refreshOrder } from '../trigger-v2/lifecycle.js';
import type { V2Order } from '../trigger-v2/store.js';

export interface WatchReport {
  /** Pairs priced in this poll. */
  pairs: number;
  /** Pairs the market did not price (unavailable, an error, or no amounts). */
  unpriced: number;
  /** Orders filled in this poll (trigger v2 ids and v1 order accounts). */
  filled: string[];
}

interface Pair {
  inputMint: string;
  outputMint: string;
  /** The largest remaining input among the pair's orders: the amount quoted. */
  amount: bigint;
  v1: TriggerV1Order[];
  v2: V2Order[];
}

function crossed(order: V2Order, price: number): boolean {
  const trigger = order.triggerPriceUsd;
  const condition = order.triggerCondition;
  if (order.orderType === 'oco')
    return (order.tpPriceUsd !== undefined && price >= order.tpPriceUsd) || (order.slPriceUsd !== undefined && price <= order.slPriceUsd);
  if (trigger === undefined) return false;
  return condition === 'above' ? price >= trigger : condition === 'below' ? price <= trigger : false;
}

function openPairs(sim: SimContext): Pair[] {
  const pairs = new Map<string, Pair>();
  const pairOf = (inputMint: string, outputMint: string): Pair => {
    const key = `${inputMint}>${outputMint}`;
    const known = pairs.get(key);
    if (known) return known;
    const pair: Pair = { inputMint, outputMint, amount: 0n, v1: [], v2: [] };
    pairs.set(key, pair);
    return pair;
  };
  for (const order of sim.triggerV2.orders.values()) {
    refreshOrder(sim, order);
    if (order.orderState !== 'open' || order.remainingInputAmount <= 0n) continue;
    const pair = pairOf(order.inputMint, order.outputMint);
    pair.v2.push(order);
    if (order.remainingInputAmount > pair.amount) pair.amount = order.remainingInputAmount;
  }
  const nowSec = Math.floor(sim.clock.now() / 1000);
  for (const order of sim.triggerV1.orders.values()) {
    if (order.status !== 'Open' || (order.expiredAt !== null && order.expiredAt <= nowSec)) continue;
    const pair = pairOf(order.inputMint, order.outputMint);
    pair.v1.push(order);
    if (order.remainingMakingAmount > pair.amount) pair.amount = order.remainingMakingAmount;
  }
  return [...pairs.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, pair]) => pair);
}

export async function pollMarket(sim: SimContext, maxPairs: number): Promise<WatchReport> {
  const report: WatchReport = { pairs: 0, unpriced: 0, filled: [] };
  for (const pair of openPairs(sim).slice(0, maxPairs)) {
    const answer = await sim.market.read({
      operationId: 'swapGetOrder',
      path: '/swap/v2/order',
      params: { inputMint: pair.inputMint, outputMint: pair.outputMint, amount: pair.amount.toString() },
    });
    if (answer.kind === 'local') return report;
    const out = answer.kind === 'market' && answer.status === 200 ? (answer.body as { outAmount?: unknown }).outAmount : undefined;
    if (typeof out !== 'string' || !/^\d+$/.test(out)) {
      report.unpriced++;
      continue;
    }
    report.pairs++;
    learnPrices(sim.prices, (answer as { body: unknown }).body);
    const quoted = BigInt(out);
    const outputFor = (input: bigint): bigint => (quoted * input) / pair.amount;
    for (const order of pair.v2) {
      if (order.orderState !== 'open') continue;
      const price = sim.prices.usd(order.triggerMint);
      if (price === undefined || !crossed(order, price)) continue;
      fillOrder(sim, order, outputFor(order.remainingInputAmount));
      report.filled.push(order.id);
    }
    for (const order of pair.v1) {
      if (order.status !== 'Open') continue;
      const output = outputFor(order.remainingMakingAmount);
      if (output < order.remainingTakingAmount) continue;
      fillV1Order(sim, order, output);
      report.filled.push(order.orderKey);
    }
  }
  return report;
}
