// Filling a trigger v1 order: its output goes to the maker, less the integrator fee, which goes
// to the fee account, and the order is completed. The control API fills at the order's own price;
// the market watch fills at the market's.
import { iso, type SimContext } from '../context.js';
import { feeOf } from '../swap/bps.js';
import type { TriggerV1Order } from './store.js';

export function fillV1Order(sim: SimContext, order: TriggerV1Order, output: bigint = order.remainingTakingAmount): void {
  if (order.status !== 'Open') throw new RangeError(`trigger v1 order ${order.orderKey} is ${order.status}`);
  // Past its expiry an order is expired (on its next read, which refunds it), never filled.
  if (order.expiredAt !== null && order.expiredAt * 1000 <= sim.clock.now())
    throw new RangeError(`trigger v1 order ${order.orderKey} expired at ${iso(order.expiredAt * 1000)}`);
  // The fee is a share of the output (rounded up, as the swap fees are); fee and maker's part sum to the output.
  const fee = order.fee ? feeOf(output, order.fee.bps) : 0n;
  sim.wallets.add(order.userPubkey, order.outputMint, output - fee);
  if (order.fee && fee > 0n) sim.wallets.add(order.fee.wallet, order.outputMint, fee);
  Object.assign(order, { status: 'Completed', remainingMakingAmount: 0n, remainingTakingAmount: 0n, updatedAt: sim.clock.now() });
}
