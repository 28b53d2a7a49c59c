// Two-step cancel. Initiate answers 400 until the order is ready to cancel (control API
// markReadyToCancel, or `cancelReadyAfterMs` of simulated time after the first attempt), then a
// withdrawal transaction and a cancelRequestId; confirm checks the signed withdrawal.
import { chargeNetworkFee, payableNetworkFee } from '../chain/fees.js';
import type { TriggerV2CancelPriceOrderResponse } from '@x/types';
import { TRIGGER_V2_PROGRAM } from '../chain/addresses.js';
import { alreadyProcessed, BLOCKHASH_VALIDITY_BLOCKS, blockhashRejection, earlierLanding } from '../chain/ledger.js';
import { computeUnitLimit, encodeU64, programCall } from '../chain/instructions.js';
import { buildTransaction, checkSigner, decodeTransaction } from '../chain/transactions.js';
import type { Handler } from '../handler.js';
import { bytesEqual, toBase58 } from '../encoding.js';
import { ApiError } from '../errors.js';
import type { SimContext } from '../context.js';
import { isReadyToCancel, refreshOrder, setState } from './lifecycle.js';
import type { V2Order } from './store.js';

/**
 * The initiate-cancel answer. The service's wire field is `requestId` (confirm-cancel takes its
 * value as `cancelRequestId`); the declared `cancelRequestId` is sent too, with the same value.
 */
function cancelAnswer(id: string, transaction: string, requestId: string): TriggerV2CancelPriceOrderResponse {
  return { id, transaction, requestId, cancelRequestId: requestId };
}

/** The unsigned withdrawal of an order's remaining input from its vault, on the current blockhash. */
function withdrawal(sim: SimContext, order: V2Order, vaultPubkey: string) {
  return buildTransaction({
    feePayer: order.userPubkey,
    instructions: [
      computeUnitLimit(150_000),
      programCall(
        TRIGGER_V2_PROGRAM,
        'withdraw',
        [
          { pubkey: order.userPubkey, isSigner: true, isWritable: true },
          { pubkey: vaultPubkey, isSigner: false, isWritable: true },
          { pubkey: order.inputMint, isSigner: false, isWritable: false },
        ],
        encodeU64(order.remainingInputAmount),
      ),
    ],
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
}

export const triggerV2CancelPriceOrder: Handler<'triggerV2CancelPriceOrder'> = (ctx) => {
  const { sim } = ctx;
  const id = ctx.input.path.id;
  const order = sim.triggerV2.orders.get(id);
  if (!order) throw new ApiError(404, 'Order not found');
  if (order.userPubkey !== ctx.wallet) throw new ApiError(403, 'Order belongs to a different wallet');
  refreshOrder(sim, order);
  const vault = sim.triggerV2.vaultOf(order.userPubkey);
  // Safe to repeat: an initiated cancel answers the same withdrawal again, or, once that one's
  // blockhash has expired (it can no longer land), a new one for the same cancel request.
  if (order.orderState === 'pending_withdraw' && order.cancel) {
    const crafted = decodeTransaction(order.cancel.transaction);
    if (vault && (!crafted || blockhashRejection(sim.ledger, crafted) !== undefined)) {
      const built = withdrawal(sim, order, vault.vaultPubkey);
      order.cancel = { cancelRequestId: order.cancel.cancelRequestId, transaction: built.base64, messageBytes: built.messageBytes };
    }
    return { body: cancelAnswer(order.id, order.cancel.transaction, order.cancel.cancelRequestId) };
  }
  if (order.orderState !== 'open') throw new ApiError(400, `Order is ${order.orderState} and cannot be cancelled`);
  order.cancelRequestedAt ??= sim.clock.now();
  if (!isReadyToCancel(sim, order)) throw new ApiError(400, 'Order is not ready to cancel, retry shortly');
  if (!vault) throw new ApiError(500, 'Failed to craft withdrawal transaction');
  const built = withdrawal(sim, order, vault.vaultPubkey);
  const cancelRequestId = sim.random.uuid(sim.clock.now());
  order.cancel = { cancelRequestId, transaction: built.base64, messageBytes: built.messageBytes };
  setState(sim, order, 'pending_withdraw', { cancelRequestId });
  return { body: cancelAnswer(order.id, built.base64, cancelRequestId) };
};

export const triggerV2ConfirmCancelPriceOrder: Handler<'triggerV2ConfirmCancelPriceOrder'> = async (ctx) => {
  const { sim } = ctx;
  const id = ctx.input.path.orderId;
  const { signedTransaction, cancelRequestId } = ctx.input.body;
  const order = sim.triggerV2.orders.get(id);
  if (!order || order.userPubkey !== ctx.wallet) throw new ApiError(404, 'Order not found');
  if (order.orderState !== 'pending_withdraw' || !order.cancel) {
    // A withdrawal re-sent after it landed (its first answer lost) is told so.
    const earlier = earlierLanding(sim.ledger, signedTransaction);
    throw earlier ? alreadyProcessed(earlier) : new ApiError(400, 'No cancel was initiated for this order');
  }
  if (order.cancel.cancelRequestId !== cancelRequestId) throw new ApiError(400, 'Withdrawal transaction does not match the cancel request');
  const tx = decodeTransaction(signedTransaction);
  if (!tx) throw new ApiError(400, 'Invalid transaction format');
  if (!bytesEqual(tx.messageBytes, order.cancel.messageBytes))
    throw new ApiError(400, 'Withdrawal transaction does not match the cancel request');
  if ((await checkSigner(tx, order.userPubkey)) !== 'valid') throw new ApiError(400, 'Withdrawal validation failed');
  // A withdrawal signed after its blockhash expired never lands: initiating the cancel again answers a fresh one.
  const tooOld = blockhashRejection(sim.ledger, tx);
  if (tooOld) throw tooOld;
  if (order.orderState !== 'pending_withdraw') throw new ApiError(400, 'No cancel was initiated for this order');
  const fee = payableNetworkFee(sim.wallets, tx);
  const txSignature = toBase58(tx.signatures[0]!.signature!);
  const earlier = sim.ledger.land(txSignature, `triggerV2ConfirmCancelPriceOrder:${order.id}`, tx);
  if (earlier) throw alreadyProcessed(earlier);
  chargeNetworkFee(sim.wallets, fee);
  setState(sim, order, 'cancelled', { txSignature });
  return { body: { id: order.id, txSignature } };
};
