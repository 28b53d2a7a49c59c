/** Accepts any supported signer shape and returns the package's `Signer`. */
import { SigningError } from '../errors.js';
import { signerFromKitSigner, type KitSigner } from './from-kit-signer.js';
import { signerFromWallet, type WalletLike } from './from-wallet.js';
import type { Signer } from './types.js';

/** A `Signer`, a kit `TransactionPartialSigner` / `MessagePartialSigner`, or a wallet-style object. */
export type SignerInput = Signer | KitSigner | WalletLike;

function hasFunction(value: object, name: string): boolean {
  return typeof (value as Record<string, unknown>)[name] === 'function';
}

export function toSigner(value: SignerInput): Signer {
  if (typeof value !== 'object' || value === null) {
    throw new SigningError('INVALID_ARGUMENT', 'A signer must be an object.', {});
  }
  if (hasFunction(value, 'signTransactionMessage') || hasFunction(value, 'signMessageBytes')) return value as Signer;
  if (hasFunction(value, 'signTransactions') || hasFunction(value, 'signMessages')) {
    return signerFromKitSigner(value as KitSigner);
  }
  if (hasFunction(value, 'signTransaction') || hasFunction(value, 'signMessage')) {
    return signerFromWallet(value as WalletLike);
  }
  throw new SigningError('INVALID_ARGUMENT', 'The value is not a signer: it has no signing method.', {});
}
