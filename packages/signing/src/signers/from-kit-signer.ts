/**
 * Adapts a @solana/kit `TransactionPartialSigner` and/or `MessagePartialSigner` to `Signer`.
 *
 * Only kit's types are imported: the values a kit signer takes (`{ messageBytes, signatures }`, a
 * signable message) are built here from this package's own parse of the transaction, so that no
 * runtime code of `@solana/signers` or `@solana/transactions` (which load `@solana/keys`, whose
 * build for edge workers is its Node build) ends up in a bundle that signs.
 */
import type { MessagePartialSigner, SignableMessage, TransactionPartialSigner } from '@solana/signers';
import { SignerError, SigningError } from '../errors.js';
import { bytesToAddressString } from '../encoding.js';
import { isSignatureSlotEmpty, parseTransaction, signatureSlot, staticAccountBytes } from '../wire/parse-transaction.js';
import type { Signer, TransactionToSign } from './types.js';

export type KitSigner = TransactionPartialSigner | MessagePartialSigner;

/** A transaction as kit's signers take it. */
type SignableTransaction = Parameters<TransactionPartialSigner['signTransactions']>[0][number];
type SignatureBytes = NonNullable<SignableTransaction['signatures'][keyof SignableTransaction['signatures']]>;

function failed(signer: KitSigner, what: string, cause: unknown): SignerError {
  return new SignerError('SIGNER_FAILED', `The kit signer failed to sign the ${what}.`, { signer: signer.address }, { cause });
}

function pick(signer: KitSigner, dictionaries: readonly Readonly<Record<string, Uint8Array>>[]): Uint8Array {
  const signature = dictionaries[0]?.[signer.address];
  if (!(signature instanceof Uint8Array)) {
    throw new SignerError('SIGNER_RETURNED_INVALID_SIGNATURE', 'The kit signer returned no signature for its address.', {
      signer: signer.address,
    });
  }
  return signature;
}

const hasMethod = (value: object, name: string): boolean => typeof (value as Record<string, unknown>)[name] === 'function';

/** kit's `isTransactionPartialSigner`: a `signTransactions` method. */
const isTransactionPartialSigner = (value: KitSigner): value is TransactionPartialSigner => hasMethod(value, 'signTransactions');

/** kit's `isMessagePartialSigner`: a `signMessages` method. */
const isMessagePartialSigner = (value: KitSigner): value is MessagePartialSigner => hasMethod(value, 'signMessages');

/**
 * The `{ messageBytes, signatures }` shape kit's transaction decoder gives: the message bytes as a
 * view of the original bytes (never re-encoded) and each required signer's signature, `null` for
 * an empty slot.
 */
function kitTransaction(transactionBytes: Uint8Array): SignableTransaction {
  const parsed = parseTransaction(transactionBytes);
  const signatures: Record<string, SignatureBytes | null> = {};
  for (let index = 0; index < parsed.numRequiredSignatures; index++) {
    signatures[bytesToAddressString(staticAccountBytes(parsed, index))] = isSignatureSlotEmpty(parsed, index)
      ? null
      : (signatureSlot(parsed, index).slice() as SignatureBytes);
  }
  return Object.freeze({
    messageBytes: transactionBytes.subarray(parsed.messageOffset),
    signatures: Object.freeze(signatures),
  }) as unknown as SignableTransaction;
}

/** kit's `createSignableMessage(bytes)`: the content and no signatures yet. */
const signableMessage = (content: Uint8Array): SignableMessage => Object.freeze({ content, signatures: Object.freeze({}) });

export function signerFromKitSigner(kitSigner: KitSigner): Signer {
  const adapter: { -readonly [K in keyof Signer]: Signer[K] } = { address: kitSigner.address };
  if (isTransactionPartialSigner(kitSigner)) {
    adapter.signTransactionMessage = async (transaction: TransactionToSign) => {
      const decoded = kitTransaction(transaction.transactionBytes);
      let dictionaries: Parameters<typeof pick>[1];
      try {
        dictionaries = await kitSigner.signTransactions([decoded]);
      } catch (cause) {
        if (cause instanceof SigningError) throw cause;
        throw failed(kitSigner, 'transaction', cause);
      }
      return pick(kitSigner, dictionaries);
    };
  }
  if (isMessagePartialSigner(kitSigner)) {
    adapter.signMessageBytes = async (message: Uint8Array) => {
      let dictionaries: Parameters<typeof pick>[1];
      try {
        dictionaries = await kitSigner.signMessages([signableMessage(message.slice())]);
      } catch (cause) {
        throw failed(kitSigner, 'message', cause);
      }
      return pick(kitSigner, dictionaries);
    };
  }
  if (!adapter.signTransactionMessage && !adapter.signMessageBytes) {
    throw new SigningError('INVALID_ARGUMENT', 'The value has neither signTransactions nor signMessages.', {});
  }
  return Object.freeze(adapter);
}
