/**
 * The transaction signature of a signed transaction: the first signature slot (the fee payer's),
 * base58, or `undefined` while that slot is empty (a gas wallet that signs after the user). Reads
 * the slot only, without decoding the rest for display as `inspectTransaction` does.
 */
import { addressBytes, decodeBase64Transaction, encodeBase58 } from '../encoding.js';
import {
  findSignerIndex,
  isSignatureSlotEmpty,
  type ParsedTransaction,
  parseTransaction,
  signatureSlot,
} from '../wire/parse-transaction.js';

const slotSignature = (tx: ParsedTransaction, index: number): string | undefined =>
  index < 0 || isSignatureSlotEmpty(tx, index) ? undefined : encodeBase58(signatureSlot(tx, index));

export function firstSignature(signedTransaction: string): string | undefined {
  return slotSignature(parseTransaction(decodeBase64Transaction(signedTransaction)), 0);
}

/**
 * The first slot's signature and `signer`'s (the same string when the signer pays the fee), from
 * one read of the slots; `undefined` for an empty slot or a signer the transaction does not list.
 */
export function signaturesOf(signedTransaction: string, signer: string): { first: string | undefined; signer: string | undefined } {
  const tx = parseTransaction(decodeBase64Transaction(signedTransaction));
  const first = slotSignature(tx, 0);
  const index = findSignerIndex(tx, addressBytes(signer, 'signer'));
  return { first, signer: index === 0 ? first : slotSignature(tx, index) };
}
