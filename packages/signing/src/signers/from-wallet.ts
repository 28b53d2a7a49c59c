/**
 * Adapts a wallet-style object (`signTransaction` / `signMessage` on bytes) to `Signer`.
 *
 * The wallet gets a copy of the wire transaction and returns the signed transaction (or just the
 * 64-byte signature). Only this wallet's signature is taken from what it returns, and it is then
 * verified against the ORIGINAL message: a wallet that changed the transaction (added instructions,
 * a new fee, ...) is refused rather than trusted.
 */
import type { Address } from '@solana/addresses';
import { decodeAddress } from '@x/chain';
import { addressBytes } from '../encoding.js';
import { SignerError, SigningError } from '../errors.js';
import { findSignerIndex, parseTransaction, signatureSlot } from '../wire/parse-transaction.js';
import type { Signer, TransactionToSign } from './types.js';

export interface WalletLike {
  /** The wallet address (base58). Either this or `publicKey` is required. */
  readonly address?: string;
  readonly publicKey?: string | { toBase58(): string } | null;
  /** Signs a wire transaction; returns the signed wire transaction or the 64-byte signature. */
  signTransaction?(transaction: Uint8Array): Promise<Uint8Array | { readonly signedTransaction: Uint8Array }>;
  /** Signs raw message bytes; returns the 64-byte signature. */
  signMessage?(message: Uint8Array): Promise<Uint8Array | { readonly signature: Uint8Array }>;
}

function walletAddress(wallet: WalletLike): Address {
  const key = wallet.publicKey;
  const text = wallet.address ?? (typeof key === 'string' ? key : key?.toBase58());
  if (typeof text !== 'string' || decodeAddress(text) === undefined) {
    throw new SigningError('INVALID_ARGUMENT', 'The wallet has no valid address or publicKey.', {});
  }
  return text as Address;
}

function badResult(address: Address, message: string): SignerError {
  return new SignerError('SIGNER_RETURNED_INVALID_SIGNATURE', message, { signer: address });
}

function signatureFromSignedTransaction(address: Address, signed: Uint8Array): Uint8Array {
  if (signed.length === 64) return signed;
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(signed);
  } catch {
    throw badResult(address, 'The wallet returned a transaction that cannot be read.');
  }
  const index = findSignerIndex(parsed, addressBytes(address, 'signer'));
  if (index < 0) throw badResult(address, 'The wallet returned a transaction it is not a signer of.');
  return signatureSlot(parsed, index).slice();
}

export function signerFromWallet(wallet: WalletLike): Signer {
  const address = walletAddress(wallet);
  const adapter: { -readonly [K in keyof Signer]: Signer[K] } = { address };
  const { signTransaction, signMessage } = wallet;
  if (typeof signTransaction === 'function') {
    adapter.signTransactionMessage = async (transaction: TransactionToSign) => {
      let result: Awaited<ReturnType<NonNullable<WalletLike['signTransaction']>>>;
      try {
        result = await signTransaction.call(wallet, transaction.transactionBytes.slice());
      } catch (cause) {
        throw new SignerError('SIGNER_FAILED', 'The wallet failed to sign the transaction.', { signer: address }, { cause });
      }
      const signed = result instanceof Uint8Array ? result : result?.signedTransaction;
      if (!(signed instanceof Uint8Array)) throw badResult(address, 'The wallet returned no transaction.');
      return signatureFromSignedTransaction(address, signed);
    };
  }
  if (typeof signMessage === 'function') {
    adapter.signMessageBytes = async (message: Uint8Array) => {
      let result: Awaited<ReturnType<NonNullable<WalletLike['signMessage']>>>;
      try {
        result = await signMessage.call(wallet, message.slice());
      } catch (cause) {
        throw new SignerError('SIGNER_FAILED', 'The wallet failed to sign the message.', { signer: address }, { cause });
      }
      const signature = result instanceof Uint8Array ? result : result?.signature;
      if (!(signature instanceof Uint8Array)) throw badResult(address, 'The wallet returned no signature.');
      return signature;
    };
  }
  if (!adapter.signTransactionMessage && !adapter.signMessageBytes) {
    throw new SigningError('INVALID_ARGUMENT', 'The wallet has neither signTransaction nor signMessage.', {});
  }
  return Object.freeze(adapter);
}
