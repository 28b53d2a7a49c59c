/** Adapts a @solana/kit `TransactionPartialSigner` and/or `MessagePartialSigner` to `Signer`. */
import {
  createSignableMessage,
  getTransactionDecoder,
  isMessagePartialSigner,
  isTransactionPartialSigner,
  type MessagePartialSigner,
  type Transaction,
  type TransactionPartialSigner,
  type TransactionWithinSizeLimit,
  type TransactionWithLifetime,
} from '@solana/kit';
import { SignerError, SigningError } from '../errors.js';
import type { Signer, TransactionToSign } from './types.js';

export type KitSigner = TransactionPartialSigner | MessagePartialSigner;

type SignableTransaction = Transaction & TransactionWithinSizeLimit & TransactionWithLifetime;

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

export function signerFromKitSigner(kitSigner: KitSigner): Signer {
  const adapter: { -readonly [K in keyof Signer]: Signer[K] } = { address: kitSigner.address };
  if (isTransactionPartialSigner(kitSigner)) {
    adapter.signTransactionMessage = async (transaction: TransactionToSign) => {
      // kit's transaction decoder gives the { messageBytes, signatures } shape its signers take; the
      // message bytes are a view of the original bytes, never re-encoded.
      const decoded = getTransactionDecoder().decode(transaction.transactionBytes) as SignableTransaction;
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
        dictionaries = await kitSigner.signMessages([createSignableMessage(message.slice())]);
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
