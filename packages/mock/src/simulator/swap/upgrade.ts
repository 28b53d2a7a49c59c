// A swap order kept in a durable store of format 1 (durable/backend.ts), read as an order of this
// version when it is executed. Format 1 orders carry `takerFeeLamports` (execute reads the fees
// from the order's transaction instead, so the figure is dropped), and those written before the
// referral payout carry no `referral`: their referral account and rate are read from the swap
// instruction of their transaction, and the share computed as the order computes it. An RFQ fill
// names no referral: such an order whose fee is at least the smallest referral share (the spec's
// minimum referralFee) may have promised one to an account it cannot name, and is refused; one
// whose fee is less had none.
import { operation } from '@x/openapi/reader';
import type { DecodedTransaction } from '../chain/decoded.js';
import { SWAP_DISCRIMINATOR, startsWith } from '../chain/moves.js';
import { bundledSpec } from '../spec.js';
import { feeOf } from './bps.js';
import type { SwapOrderRecord } from './store.js';

/** The smallest referral fee an order takes, in basis points: the spec's minimum of swapGetOrder's referralFee. */
function minReferralFeeBps(): number {
  const parameter = operation('swapGetOrder', bundledSpec).parameters.find((p) => p.in === 'query' && p.name === 'referralFee');
  const minimum = (parameter?.schema as { minimum?: unknown } | undefined)?.minimum;
  if (typeof minimum !== 'number') throw new Error('simulator: swapGetOrder documents no minimum of referralFee');
  return minimum;
}
const MIN_REFERRAL_FEE_BPS = minReferralFeeBps();

/** The referral of a swap instruction (chain/instructions.ts `swap`): its sixth account and rate, a u32 of thousandths of a basis point after the slippage. */
function referralInstruction(tx: DecodedTransaction): { account: string; feeBps: number } | undefined {
  for (const ix of tx.instructions) {
    const account = ix.accounts[5];
    if (!startsWith(ix.data, SWAP_DISCRIMINATOR) || account === undefined || ix.data.length < 30) continue;
    const thousandths = new DataView(ix.data.buffer, ix.data.byteOffset + 26, 4).getUint32(0, true);
    return { account, feeBps: thousandths / 1000 };
  }
  return undefined;
}

/**
 * Makes a format 1 order (`takerFeeLamports` present) an order of this version, in place; `tx` is
 * its transaction. Returns a reason when it cannot say what it promised (nothing is changed then).
 */
export function upgradeStoredOrder(order: SwapOrderRecord, tx: DecodedTransaction): string | undefined {
  const stored = order as SwapOrderRecord & { takerFeeLamports?: unknown };
  if (!('takerFeeLamports' in stored)) return undefined;
  if (!order.referral) {
    const named = referralInstruction(tx);
    if (named) order.referral = { account: named.account, amount: feeOf(order.routeOutAmount, named.feeBps) };
    else if (order.router === 'router_rfq' && order.routeOutAmount - order.outAmount >= feeOf(order.routeOutAmount, MIN_REFERRAL_FEE_BPS))
      return 'Order stored by an earlier x-mock does not name the account of its referral fee; request a new order';
  }
  delete stored.takerFeeLamports;
  return undefined;
}
