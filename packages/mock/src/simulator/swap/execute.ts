// POST /swap/v2/execute: checks the requestId, that the signed transaction carries exactly the
// message the order issued, and the client's Ed25519 signatures; then lands it (balances move).
// Re-sending the same signedTransaction + requestId within 2 minutes returns the same result
// (the documented way to poll). A transaction whose signature already landed (under another
// requestId, or through another endpoint) does not land again: the chain refuses it, so the
// answer is the router's "failed to land" (-1000 on-chain, -2000 RFQ) with that signature, and no
// balance moves; unless the transaction is too old, which is checked first, as a chain does
// (-1005 expired blockhash, -2003 expired RFQ quote). Two orders of the same inputs in the same
// slot may carry byte-identical messages, as on the real chain (same blockhash, same
// instructions); that is harmless because the signature, not the requestId, is what lands.
import { bytesEqual, fromBase64 } from '../encoding.js';
import { chargeNetworkFee, networkFee } from '../chain/fees.js';
import { type Move, transactionMoves } from '../chain/moves.js';
import { checkSigner, decodeTransaction, type DecodedTransaction } from '../chain/transactions.js';
import type { SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { ApiError } from '../errors.js';
import { landingSignature } from '../chain/ledger.js';
import { NATIVE_MINT } from '../tokens.js';
import { creationRent, type Opening, openTokenAccount, tokenAccountCreation } from '../tx/token-program.js';
import { CODES } from './execute-codes.js';
import type { ExecuteOutcome, SwapOrderRecord } from './store.js';
import { upgradeStoredOrder } from './upgrade.js';

const rejected = (message: string, code: number): ApiError => new ApiError(400, message, { code });

/** Whether two base64 texts carry the same transaction: the same bytes, however the base64 was written. */
function sameTransaction(a: string, b: string): boolean {
  if (a === b) return true;
  const bytesA = fromBase64(a);
  const bytesB = fromBase64(b);
  return bytesA !== undefined && bytesB !== undefined && bytesEqual(bytesA, bytesB);
}

function failed(code: number, error: string, signature?: string): ExecuteOutcome {
  return { status: 200, body: { status: 'Failed', code, ...(signature ? { signature } : {}), error } };
}

/**
 * The expired answer when the order's transaction is too old to land: past its blockhash's last
 * valid block height (on-chain routers) or past the quote's expiry (RFQ).
 */
function expired(sim: SimContext, order: SwapOrderRecord, signature: string): ExecuteOutcome | undefined {
  if (order.router !== 'router_rfq') {
    return sim.ledger.expired(order.lastValidBlockHeight) ? failed(CODES.onchainExpired, 'Transaction expired', signature) : undefined;
  }
  return order.expireAt !== undefined && sim.clock.now() > order.expireAt ? failed(CODES.rfqQuoteExpired, 'Quote expired') : undefined;
}

/**
 * The token accounts the order's transaction creates that do not exist yet. A client's wallet (the
 * taker, or the integrator payer) pays the rent from its balance; the service's wallets (the gas
 * wallet) pay theirs outside the simulated balances (`kept: false`), and the account holds the rent all the same.
 */
function openingsOf(sim: SimContext, order: SwapOrderRecord, tx: DecodedTransaction): Opening[] {
  const openings: Opening[] = [];
  for (const ix of tx.instructions) {
    const { payer, account, owner, mint } = tokenAccountCreation(ix) ?? {};
    if (!payer || !account || !owner || !mint) continue;
    const rent = creationRent(sim.wallets, owner, mint);
    if (rent > 0n) openings.push({ payer, account, owner, mint, rent, kept: order.clientSigners.includes(payer) });
  }
  return openings;
}

/** Lands the order: its moves, and in `made` those no instruction states (the rent of the accounts it opens). */
function land(sim: SimContext, order: SwapOrderRecord, signature: string, tx: DecodedTransaction, made: Move[]): ExecuteOutcome {
  const { wallets, prices } = sim;
  const onchain = order.router !== 'router_rfq';
  const balance = wallets.balance(order.taker, order.inputMint) ?? 0n;
  // The network fee the transaction sets, paid by its fee payer when that is a client's wallet (the
  // taker or the integrator payer); the service's own wallets (gas wallet, RFQ maker) are not kept.
  const fee = order.clientSigners.includes(order.feePayer) ? networkFee(tx) : undefined;
  // The transaction's native transfers from a client's wallet (a bundle tip), as they are written.
  const transfers = transactionMoves(tx).filter((m) => m.kind === 'native transfer' && order.clientSigners.includes(m.from));
  // The token accounts it creates that a client's wallet pays the rent of (the taker, or the
  // integrator payer); the service's wallets pay theirs outside the simulated balances.
  const openings = openingsOf(sim, order, tx);
  // Native coin each client wallet needs: the taker's native input, the fee, the transfers, the rent.
  const needs = new Map<string, bigint>([[order.taker, order.inputMint === NATIVE_MINT ? order.inAmount : 0n]]);
  const need = (wallet: string, lamports: bigint) => needs.set(wallet, (needs.get(wallet) ?? 0n) + lamports);
  if (fee) need(fee.payer, fee.lamports);
  for (const move of transfers) need(move.from, move.amount);
  for (const opening of openings) if (opening.kept) need(opening.payer, opening.rent);
  const short = [...needs].some(([wallet, lamports]) => (wallets.balance(wallet, NATIVE_MINT) ?? 0n) < lamports);
  if (balance < order.inAmount || short) {
    return failed(
      onchain ? CODES.onchainFailedToLand : CODES.rfqFailedToLand,
      'Failed to land: insufficient funds at execution',
      onchain ? signature : undefined,
    );
  }
  // Prices may have moved since the quote (control.setPrice): slippage protection.
  const routeNow = prices.convert(order.inputMint, order.outputMint, order.inAmount);
  const outNow = routeNow - (order.routeOutAmount - order.outAmount);
  if (outNow < order.otherAmountThreshold) {
    return {
      status: 200,
      body: {
        status: 'Failed',
        code: CODES.slippageExceeded,
        signature,
        slot: String(sim.ledger.slot()),
        error: 'Slippage tolerance exceeded',
      },
    };
  }
  const delivered = onchain && outNow < order.outAmount ? outNow : order.outAmount;
  const routeOut = delivered + (order.routeOutAmount - order.outAmount);
  // Every need was checked above: nothing is left to put back, so the undo steps are dropped.
  for (const opening of openings) openTokenAccount(sim, [], made, opening);
  wallets.add(order.taker, order.inputMint, -order.inAmount);
  wallets.add(order.recipient, order.outputMint, delivered);
  if (order.referral && order.referral.amount > 0n) wallets.add(order.referral.account, order.outputMint, order.referral.amount);
  if (fee) chargeNetworkFee(wallets, fee);
  for (const move of transfers) {
    wallets.add(move.from, NATIVE_MINT, -move.amount);
    wallets.add(move.to, NATIVE_MINT, move.amount);
  }
  return {
    status: 200,
    body: {
      status: 'Success',
      code: CODES.success,
      signature,
      slot: String(sim.ledger.slot()),
      totalInputAmount: order.inAmount.toString(),
      totalOutputAmount: delivered.toString(),
      inputAmountResult: order.inAmount.toString(),
      outputAmountResult: routeOut.toString(),
      swapEvents: [
        {
          inputMint: order.inputMint,
          inputAmount: order.inAmount.toString(),
          outputMint: order.outputMint,
          outputAmount: routeOut.toString(),
        },
      ],
    },
  };
}

export const swapExecute: Handler<'swapExecute'> = async (ctx) => {
  const { sim } = ctx;
  const { signedTransaction, requestId } = ctx.input.body;
  const order = sim.swap.orders.get(requestId);
  if (!order) throw rejected('Order not found in cache', CODES.orderNotFound);
  if (order.executed) {
    if (sameTransaction(order.executed.signedTransaction, signedTransaction)) return order.executed.outcome;
    throw rejected('Order already executed with a different transaction', CODES.invalidMessage);
  }
  const tx = decodeTransaction(signedTransaction);
  if (!tx) throw rejected('Invalid signed transaction', CODES.invalidTransaction);
  if (!bytesEqual(tx.messageBytes, order.messageBytes))
    throw rejected('Invalid message bytes: not the transaction of this order', CODES.invalidMessage);
  const unreadable = upgradeStoredOrder(order, tx);
  if (unreadable) throw rejected(unreadable, CODES.orderNotFound);
  for (const signer of order.clientSigners) {
    const check = await checkSigner(tx, signer);
    if (check === 'invalid') throw rejected(`Invalid signed transaction: bad signature of ${signer}`, CODES.invalidTransaction);
    if (check !== 'valid') {
      const outcome = failed(
        order.router === 'router_rfq' ? CODES.rfqInvalidPayload : CODES.onchainNotFullySigned,
        `Transaction not fully signed: missing signature of ${signer}`,
      );
      return outcome;
    }
  }
  const signature = await landingSignature(tx);
  // A concurrent re-send may have landed the order while the signatures were checked.
  const landed = order.executed as SwapOrderRecord['executed'];
  if (landed) {
    if (sameTransaction(landed.signedTransaction, signedTransaction)) return landed.outcome;
    throw rejected('Order already executed with a different transaction', CODES.invalidMessage);
  }
  const earlier = sim.ledger.landed(signature);
  const made: Move[] = [];
  // As on a chain: a transaction's age first (an expired one is expired, even when the same bytes
  // landed before), then its signature's history.
  const outcome =
    expired(sim, order, signature) ??
    (earlier
      ? failed(
          order.router === 'router_rfq' ? CODES.rfqFailedToLand : CODES.onchainFailedToLand,
          `Failed to land: transaction already processed in slot ${earlier.slot}`,
          signature,
        )
      : land(sim, order, signature, tx, made));
  if (!earlier && 'slot' in outcome.body) sim.ledger.land(signature, `swapExecute:${requestId}`, tx, made);
  order.executed = { signedTransaction, outcome };
  // Keep the result for re-sends for two more minutes.
  sim.swap.orders.set(requestId, order);
  return outcome;
};
