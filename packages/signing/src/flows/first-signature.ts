/**
 * The transaction signature of a signed transaction: the first signature slot (the fee payer's),
 * base58, or `undefined` while that slot is empty (a gas wallet that signs after the user). Reads
 * the slot only, without decoding the rest for display as `inspectTransaction` does.
 */
import { decodeBase64Transaction, encodeBase58 } from '../encoding.js';
import { isSignatureSlotEmpty, parseTransaction, signatureSlot } from '../wire/parse-transaction.js';

export function firstSignature(signedTransaction: string): string | undefined {
  const tx = parseTransaction(decodeBase64Transaction(signedTransaction));
  return isSignatureSlotEmpty(tx, 0) ? undefined : encodeBase58(signatureSlot(tx, 0));
}
