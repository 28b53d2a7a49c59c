/**
 * Signing the trigger v2 sign-in challenge, of either type:
 * - `message`: the challenge text is signed as raw UTF-8 (`signMessage`), signature in base58;
 * - `transaction`: a transaction holding a memo is signed through the same checks as
 *   `signTransaction`, restricted to memo programs so a "challenge" can never move funds.
 */
import type { TriggerV2ChallengeResponse, TriggerV2VerifyRequest } from '@x/types';
import type { CheckOptions, SignTransactionExpectations } from './checks.js';
import { decodeBase64Transaction, encodeBase64 } from './encoding.js';
import { MEMO_PROGRAM_ADDRESS, MEMO_V1_PROGRAM_ADDRESS } from '@x/chain';
import { TransactionRejectedError } from './errors.js';
import { inspectTransactionBytes } from './inspect.js';
import { signMessage } from './sign-message.js';
import { signTransactionBytesWith } from './sign-transaction.js';
import { toSigner, type SignerInput } from './signers/to-signer.js';

/** The chain's two memo program addresses (v2 and v1). */
export const MEMO_PROGRAM_ADDRESSES: readonly string[] = Object.freeze([MEMO_PROGRAM_ADDRESS, MEMO_V1_PROGRAM_ADDRESS]);

export interface ChallengeTransactionOptions {
  /** Programs the challenge may invoke. Default: the memo programs only. */
  readonly programs?: readonly string[];
}

/**
 * Signs a challenge transaction: the wallet must be the fee payer, every instruction must call an
 * allowed (memo) program, and there must be at least one. An all-zero blockhash is accepted here,
 * since it only makes the transaction impossible to land. Returns base64.
 */
export async function signChallengeTransaction(
  transaction: string,
  signer: SignerInput,
  options: ChallengeTransactionOptions = {},
): Promise<string> {
  const bytes = decodeBase64Transaction(transaction);
  if (inspectTransactionBytes(bytes).instructions.length === 0) {
    throw new TransactionRejectedError('INVALID_CHALLENGE', 'The challenge transaction holds no memo instruction.', {});
  }
  const expectations: SignTransactionExpectations = { programs: options.programs ?? MEMO_PROGRAM_ADDRESSES };
  const relaxed: CheckOptions = { allowZeroBlockhash: true };
  return encodeBase64(await signTransactionBytesWith(bytes, signer, expectations, relaxed));
}

/** Signs a trigger v2 challenge of either type and returns the verify request body. */
export async function answerTriggerChallenge(
  challenge: TriggerV2ChallengeResponse,
  signerInput: SignerInput,
  options: ChallengeTransactionOptions = {},
): Promise<TriggerV2VerifyRequest> {
  const signer = toSigner(signerInput);
  if (challenge.type === 'message') {
    if (typeof challenge.challenge !== 'string' || challenge.challenge.length === 0) {
      throw new TransactionRejectedError('INVALID_CHALLENGE', 'The message challenge has no text.', {});
    }
    return { type: 'message', walletPubkey: signer.address, signature: await signMessage(challenge.challenge, signer) };
  }
  if (challenge.type === 'transaction') {
    const transaction = challenge.transaction;
    if (typeof transaction !== 'string') {
      throw new TransactionRejectedError('INVALID_CHALLENGE', 'The transaction challenge has no transaction.', {});
    }
    return {
      type: 'transaction',
      walletPubkey: signer.address,
      signedTransaction: await signChallengeTransaction(transaction, signer, options),
    };
  }
  throw new TransactionRejectedError('INVALID_CHALLENGE', 'Unknown challenge type.', {});
}
