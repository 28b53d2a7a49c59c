// POST /tx/v1/submit: lands any fully signed transaction that tips a tip receiver at least
// 1 000 000 lamports (0.001 NATIVE_COIN), found by decoding its system transfers. As on a chain, a
// transaction's age is checked before its signature's history: one whose blockhash expired (or was
// never issued) is refused with the documented 400 {error} "blockhash not found", even when the
// same transaction landed before; one whose signature already landed (here or through another
// endpoint) is refused with 400 {error}, the chain's "already processed": it never lands twice.
// A transaction that lands applies its instructions (tx/land.ts: transfers, lend operate, swaps of
// /swap/v2/build), once; one holding an instruction the simulator cannot apply is refused, unlanded.
import { GAS_WALLET, MIN_TIP_LAMPORTS, RFQ_MAKER, TIP_RECEIVERS } from '../chain/addresses.js';
import { transactionMoves } from '../chain/moves.js';
import { checkSigner, decodeTransaction, type DecodedTransaction } from '../chain/transactions.js';
import type { SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { toBase58 } from '../encoding.js';
import { ApiError } from '../errors.js';
import { alreadyProcessed, blockhashRejection } from '../chain/ledger.js';
import { applyTransaction } from './land.js';

const TIP_SET = new Set(TIP_RECEIVERS);

/**
 * Who a missing signer is when it is one of the service's wallets, which sign a swap order's
 * transaction only on /swap/v2/execute (the RFQ maker fills its quote there, until its expireAt).
 */
function serviceSigner(signer: string): string {
  const role = signer === RFQ_MAKER ? 'the RFQ maker' : signer === GAS_WALLET ? "the service's gas wallet" : undefined;
  const what = signer === RFQ_MAKER ? "an RFQ order's transaction" : "a gasless swap order's transaction";
  return role ? `, ${role}, which signs ${what} only on /swap/v2/execute (send it there with the order's requestId)` : '';
}

/** Largest system transfer to a tip receiver in the transaction, in lamports. */
export function tipLamports(tx: DecodedTransaction): bigint {
  let best = 0n;
  for (const move of transactionMoves(tx)) {
    if (move.kind === 'native transfer' && TIP_SET.has(move.to) && move.amount > best) best = move.amount;
  }
  return best;
}

/**
 * Lands a base64 signed transaction on the simulated chain: every signature checked, with a tip
 * when `tip` (as /tx/v1/submit asks), then its age, its signature's history, and what it changes
 * (tx/land.ts). Answers its signature; throws the 400 {error} of the first check it fails.
 */
export async function landSignedTransaction(sim: SimContext, signedTransaction: string, tip: boolean, via: string): Promise<string> {
  const tx = decodeTransaction(signedTransaction);
  if (!tx) throw new ApiError(400, 'Invalid transaction: not a base64 wire transaction');
  // A transaction lands under its fee payer's signature: one whose message asks for none has no id and no payer.
  if (tx.signatures.length === 0)
    throw new ApiError(400, 'Invalid transaction: it requires no signature (a fee payer signs every transaction)');
  for (const { signer } of tx.signatures) {
    const check = await checkSigner(tx, signer);
    if (check === 'missing')
      throw new ApiError(400, `Transaction is not fully signed: missing signature of ${signer}${serviceSigner(signer)}`);
    if (check !== 'valid') throw new ApiError(400, `Invalid signature of ${signer}`);
  }
  if (tip && tipLamports(tx) < MIN_TIP_LAMPORTS) {
    throw new ApiError(400, `Transaction must include a tip of at least ${MIN_TIP_LAMPORTS} lamports to a tip receiver`);
  }
  const tooOld = blockhashRejection(sim.ledger, tx);
  if (tooOld) throw tooOld;
  const signature = toBase58(tx.signatures[0]!.signature!);
  const earlier = sim.ledger.landed(signature);
  if (earlier) throw alreadyProcessed(earlier);
  // What it changes, all or nothing (a 400 naming an instruction the simulator cannot apply), then the landing.
  const made = applyTransaction(sim, tx);
  sim.ledger.land(signature, via, tx, made);
  return signature;
}

export const txSubmit: Handler<'txSubmit'> = async (ctx) => ({
  body: { signature: await landSignedTransaction(ctx.sim, ctx.input.body.signedTransaction, true, 'txSubmit') },
});
