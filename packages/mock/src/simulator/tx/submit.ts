// POST /tx/v1/submit: lands any fully signed transaction that tips a tip receiver at least
// 1 000 000 lamports (0.001 NATIVE_COIN), found by decoding its system transfers. As on a chain, a
// transaction's age is checked before its signature's history: one whose blockhash expired (or was
// never issued) is refused with the documented 400 {error} "blockhash not found", even when the
// same transaction landed before; one whose signature already landed (here or through another
// endpoint) is refused with 400 {error}, the chain's "already processed": it never lands twice.
import { MIN_TIP_LAMPORTS, TIP_RECEIVERS } from '../chain/addresses.js';
import { transactionMoves } from '../chain/moves.js';
import { checkSigner, decodeTransaction, type DecodedTransaction } from '../chain/transactions.js';
import type { Handler } from '../handler.js';
import { toBase58 } from '../encoding.js';
import { ApiError } from '../errors.js';
import { alreadyProcessed, blockhashRejection } from '../chain/ledger.js';

const TIP_SET = new Set(TIP_RECEIVERS);

/** Largest system transfer to a tip receiver in the transaction, in lamports. */
export function tipLamports(tx: DecodedTransaction): bigint {
  let best = 0n;
  for (const move of transactionMoves(tx)) {
    if (move.kind === 'native transfer' && TIP_SET.has(move.to) && move.amount > best) best = move.amount;
  }
  return best;
}

export const txSubmit: Handler<'txSubmit'> = async (ctx) => {
  const { sim } = ctx;
  const { signedTransaction } = ctx.input.body;
  const tx = decodeTransaction(signedTransaction);
  if (!tx) throw new ApiError(400, 'Invalid transaction: not a base64 wire transaction');
  for (const { signer } of tx.signatures) {
    const check = await checkSigner(tx, signer);
    if (check === 'missing') throw new ApiError(400, `Transaction is not fully signed: missing signature of ${signer}`);
    if (check !== 'valid') throw new ApiError(400, `Invalid signature of ${signer}`);
  }
  if (tipLamports(tx) < MIN_TIP_LAMPORTS) {
    throw new ApiError(400, `Transaction must include a tip of at least ${MIN_TIP_LAMPORTS} lamports to a tip receiver`);
  }
  const tooOld = blockhashRejection(sim.ledger, tx);
  if (tooOld) throw tooOld;
  const signature = toBase58(tx.signatures[0]!.signature!);
  const earlier = sim.ledger.land(signature, 'txSubmit', tx);
  if (earlier) throw alreadyProcessed(earlier);
  return { body: { signature } };
};
