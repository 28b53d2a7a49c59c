/**
 * The two-step cancel of a trigger v2 price order in one call: initiate (retrying with backoff
 * while the service answers 400 "not ready to cancel yet"), check and sign the withdrawal, confirm.
 */
import type { SignTransactionExpectations } from '../checks.js';
import { FlowError } from '../errors.js';
import { signTransaction } from '../sign-transaction.js';
import { toSigner, type SignerInput } from '../signers/to-signer.js';
import {
  callApi,
  errorText,
  requestFailed,
  retryAfterMs,
  unexpected,
  type CallFailure,
  type FlowClient,
  type SuccessBody,
} from './client.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { firstSignature } from './first-signature.js';
import { backoffDelay, createRuntime, positiveInteger, type BackoffOptions, type FlowRuntimeOptions } from './runtime.js';

export type CancelOrderClient = FlowClient<'triggerV2CancelPriceOrder' | 'triggerV2ConfirmCancelPriceOrder' | 'triggerV2GetOrderHistory'>;
export type CancelInitiation = SuccessBody<'triggerV2CancelPriceOrder'>;
export type CancelConfirmation = SuccessBody<'triggerV2ConfirmCancelPriceOrder'>;

export interface CancelRetryOptions extends BackoffOptions {
  /** Initiate calls at most. Default 8 (about 30 s with the default backoff: 0.5, 1, 2, 4, 8, 8, 8 s). */
  readonly attempts?: number;
}

export interface CancelPriceOrderOptions extends FlowRuntimeOptions {
  /** A client signed in (bearer) as the signer's wallet. */
  readonly client: CancelOrderClient;
  readonly signer: SignerInput;
  /** The order UUID. */
  readonly orderId: string;
  /** Retries of the initiate step. */
  readonly retry?: CancelRetryOptions;
  /**
   * More checks of the withdrawal transaction (`programs`, ...). The wallet must pay its fee unless
   * `feePayer` says otherwise. The value check is the flow's own: the withdrawal moves value only to
   * the wallet (itself or its own token accounts).
   */
  readonly withdrawalExpectations?: Omit<SignTransactionExpectations, 'expect'>;
}

export interface CancelPriceOrderResult {
  readonly id: string;
  /** Signature of the withdrawal transaction (from the confirm answer, else of the signed transaction). */
  readonly txSignature: string;
  /** The confirm answer; `undefined` when it was lost and the history shows the order cancelled. */
  readonly confirmation: CancelConfirmation | undefined;
  readonly initiation: CancelInitiation;
  readonly signedTransaction: string;
  /** Initiate calls made. */
  readonly attempts: number;
}

/** The 400 of initiate: the order is not yet marked ready to cancel (the only 400 the service documents there). */
function isNotReady(failure: CallFailure): boolean {
  return failure.kind === 'api' && failure.status === 400;
}

function isTransient(failure: CallFailure): boolean {
  return failure.kind === 'transport' || failure.status === 429 || failure.status >= 500;
}

/**
 * Cancels a trigger v2 price order: initiates the cancel, retrying with bounded exponential backoff
 * while it is not ready (400) or the call failed transiently (no answer, 429, 5xx); signs the
 * withdrawal (the wallet must be its fee payer); confirms. If the confirm answer is lost, the
 * history tells whether the order got cancelled.
 *
 * Throws `FlowError` (`CANCEL_NOT_READY` after the last attempt, `REQUEST_FAILED` with
 * `details.step` `cancel` or `confirm`, `UNEXPECTED_RESPONSE`, `ABORTED`), the signing errors of
 * `signTransaction`, or the session's `AuthError`.
 */
export async function cancelPriceOrder(options: CancelPriceOrderOptions): Promise<CancelPriceOrderResult> {
  const runtime = createRuntime(options);
  const { client, orderId } = options;
  const signer = toSigner(options.signer);
  const retry = options.retry ?? {};
  const attempts = positiveInteger(retry.attempts, 8, 'retry.attempts');

  let initiation: CancelInitiation | undefined;
  let attempt = 0;
  let last: CallFailure | undefined;
  while (attempt < attempts) {
    attempt++;
    const outcome = await callApi(runtime, 'cancel', (o) => client.triggerV2CancelPriceOrder({ path: { id: orderId }, ...o }));
    if (outcome.ok) {
      initiation = outcome.data;
      break;
    }
    last = outcome.failure;
    if (!isNotReady(last) && !isTransient(last)) throw requestFailed('cancel', last);
    if (attempt < attempts) await runtime.wait(Math.max(backoffDelay(attempt, retry), retryAfterMs(last) ?? 0), 'cancel');
  }
  if (!initiation) {
    const notReady = last !== undefined && isNotReady(last);
    throw new FlowError(
      notReady ? 'CANCEL_NOT_READY' : 'REQUEST_FAILED',
      notReady
        ? `The order is still not ready to cancel after ${attempts} attempts; try again later.`
        : `The cancel request kept failing (${attempts} attempts).`,
      {
        step: 'cancel',
        orderId,
        attempts,
        status: last?.kind === 'api' ? last.status : null,
        error: last?.kind === 'api' ? (errorText(last.body) ?? null) : null,
      },
      { cause: last?.error, response: last?.kind === 'api' ? last.body : undefined },
    );
  }
  if (initiation.id !== undefined && initiation.id !== orderId) {
    throw unexpected('cancel', 'The cancel answer is for another order.', { orderId, answeredFor: String(initiation.id) }, initiation);
  }
  // The service description names the id `cancelRequestId`; published answers carry it as `requestId`.
  const cancelRequestId = initiation.cancelRequestId ?? initiation.requestId;
  if (
    typeof initiation.transaction !== 'string' ||
    initiation.transaction === '' ||
    typeof cancelRequestId !== 'string' ||
    cancelRequestId === ''
  ) {
    throw unexpected(
      'cancel',
      'The cancel answer holds no withdrawal transaction or cancel request id (requestId).',
      { orderId },
      initiation,
    );
  }

  runtime.checkAborted('sign');
  // The cancel answer names no priority fee: the caller's bound, else the default cap.
  const expectations = {
    ...options.withdrawalExpectations,
    maxPriorityFeeLamports: options.withdrawalExpectations?.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
    expect: { transfers: [], allowDestinations: [] },
  };
  const signedTransaction = await signTransaction(initiation.transaction, signer, expectations);
  const ownSignature = firstSignature(signedTransaction) ?? '';

  const body = { signedTransaction, cancelRequestId };
  const confirmed = await callApi(runtime, 'confirm', (o) => client.triggerV2ConfirmCancelPriceOrder({ path: { orderId }, body, ...o }), {
    maxRetries: 0,
  });
  const common = { id: orderId, initiation, signedTransaction, attempts: attempt };
  if (confirmed.ok) {
    return { ...common, confirmation: confirmed.data, txSignature: confirmed.data.txSignature ?? ownSignature };
  }
  if (confirmed.failure.kind === 'transport' || (confirmed.failure.kind === 'api' && confirmed.failure.status >= 500)) {
    // The confirm may have gone through: ask the history.
    const history = await callApi(runtime, 'history', (o) => client.triggerV2GetOrderHistory({ query: { id: orderId }, ...o }));
    const record = history.ok ? history.data.orders.find((o) => o.id === orderId) : undefined;
    if (record?.orderState === 'cancelled') return { ...common, confirmation: undefined, txSignature: ownSignature };
    // Not cancelled yet, or the history could not say: the signed withdrawal may still land.
    const failed = requestFailed('confirm', confirmed.failure);
    throw new FlowError(
      'REQUEST_FAILED',
      `${failed.message} The withdrawal may still land: check its signature (or the order's history) before cancelling again.`,
      { ...failed.details, orderId, cancelRequestId, signature: ownSignature || null },
      { cause: confirmed.failure.error, response: failed.response },
    );
  }
  throw requestFailed('confirm', confirmed.failure);
}
