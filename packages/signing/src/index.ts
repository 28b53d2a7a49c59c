/**
 * @x/signing: safe transaction and message signing.
 *
 * Checks a transaction before it signs it, signs the original message bytes, fills only its own
 * signature slot, and fails with typed errors that never contain key material.
 */
export {
  SigningError,
  TransactionFormatError,
  TransactionRejectedError,
  SignerError,
  AuthError,
  FlowError,
  isSigningError,
  type SigningErrorCode,
  type SigningErrorDetails,
  type TransactionFormatErrorCode,
  type TransactionRejectedErrorCode,
  type SignerErrorCode,
  type FlowErrorCode,
} from './errors.js';
export type { Signer, TransactionToSign } from './signers/types.js';
export { signerFromSecretKey, signerFromKeyPair } from './signers/from-secret-key.js';
export type { SecretKeyInput } from './signers/secret-key-input.js';
export { signerFromKitSigner, type KitSigner } from './signers/from-kit-signer.js';
export { signerFromWallet, type WalletLike } from './signers/from-wallet.js';
export { toSigner, type SignerInput } from './signers/to-signer.js';
export {
  inspectTransaction,
  inspectTransactionBytes,
  type TransactionInspection,
  type InspectedSigner,
  type InspectedInstruction,
  type InspectedLookupTable,
} from './inspect.js';
export type { TransactionVersion } from './wire/parse-transaction.js';
export type { ValueMovement, ValueMovementKind, InspectedAccount, DurableNonce } from './value/decode-movements.js';
export type { ValueIntent, ExpectedTransfer, AllowedDestination } from './value/check-intent.js';
export { signTransaction, signTransactionBytes, type SignTransactionExpectations } from './sign-transaction.js';
export { signMessage, signMessageBytes } from './sign-message.js';
export {
  signChallengeTransaction,
  answerTriggerChallenge,
  MEMO_PROGRAM_ADDRESSES,
  type ChallengeTransactionOptions,
} from './challenge.js';
export {
  createTriggerAuthSession,
  type TriggerAuthSession,
  type TriggerAuthSessionOptions,
  type TriggerAuthClient,
  type BearerTokenProvider,
} from './auth/trigger-auth-session.js';
