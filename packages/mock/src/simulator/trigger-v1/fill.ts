// Filling a trigger v1 order: its output goes to the maker and the order is completed. The
// control API fills at the order's own price; the market watch fills at the market's.
import type { SimContext } from '../context.js';
import type { TriggerV1Order } from './store.js';

export function fillV1Order(sim: SimContext, order: TriggerV1Order, output: bigint = order.remainingTakingAmount): void {
  if (order.status !== 'Open') throw new RangeError(`trigger v1 order ${order.orderKey} is ${order.status}`);
  sim.wallets.add(order.userPubkey, order.outputMint, output);
  Object.assign(order, { status: 'Completed', remainingMakingAmount: 0n, remainingTakingAmount: 0n, updatedAt: sim.clock.now() });
}
