import type { Address } from '@solana/addresses';

/** What a signer gets when asked to sign a transaction. */
export interface TransactionToSign {
  /** The message bytes exactly as received: the bytes the signature must cover. */
  readonly messageBytes: Uint8Array;
  /** The whole wire transaction (signature slots + message), for signers that take a transaction. */
  readonly transactionBytes: Uint8Array;
  /** Index of this signer's slot among the required signatures. */
  readonly signerIndex: number;
}

/**
 * The one signer interface of this package. Build one with `signerFromSecretKey`,
 * `signerFromKeyPair`, `signerFromKitSigner` or `signerFromWallet`, or implement it.
 *
 * Each method returns the 64-byte Ed25519 signature. A signer may support only one of them.
 * Signatures from signers not built from a local key by this package are verified before use.
 */
export interface Signer {
  readonly address: Address;
  signTransactionMessage?(transaction: TransactionToSign): Promise<Uint8Array>;
  signMessageBytes?(message: Uint8Array): Promise<Uint8Array>;
}
