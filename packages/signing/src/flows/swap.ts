/**
 * The swap flow in one call: order → check → sign → execute, polling the execute call within its
 * two-minute window, and (optionally) a new order when the first one expired.
 *
 * Polling re-sends the same `signedTransaction` + `requestId` (the service answers the same result
 * for two minutes). A new order is fetched only on the expiry codes (-1005 on-chain, -2003 RFQ),
 * never when the outcome is merely unknown (the first swap may still land), and the old transaction
 * is never signed again.
 */
import { LAMPORTS_PER_SIGNATURE } from '@x/chain';
import { describeSwapExecuteCode, getSwapOrderFailure } from '@x/fetch-client';
import type { SignTransactionExpectations } from '../checks.js';
import { FlowError, SigningError } from '../errors.js';
import { signTransaction } from '../sign-transaction.js';
import { toSigner, type SignerInput } from '../signers/to-signer.js';
import type { AllowedDestination, ValueIntent } from '../value/check-intent.js';
import {
  callApi,
  dataOrThrow,
  errorText,
  requestFailed,
  retryAfterMs,
  unexpected,
  type CallOutcome,
  type FlowClient,
  type RequestOf,
  type SuccessBody,
} from './client.js';
import { priorityFeeBound } from './fee-bound.js';
import { firstSignature } from './first-signature.js';
import { createRuntime, noteOnAbort, positiveInteger, type FlowRuntimeOptions, type Runtime } from './runtime.js';
import { SWAP_PENDING_CODES, swapExecuteOutcome } from './swap-outcomes.js';

export type SwapOrder = SuccessBody<'swapGetOrder'>;
export type SwapExecution = SuccessBody<'swapExecute'>;
/** The order parameters of `GET /swap/v2/order`, without `taker` (the signer is the taker). */
export type SwapOrderParams = Omit<NonNullable<RequestOf<'swapGetOrder'>['query']>, 'taker'>;
export type SwapClient = FlowClient<'swapGetOrder' | 'swapExecute'>;

/** The service answers re-sends of one signed transaction for two minutes. */
export const SWAP_EXECUTE_WINDOW_MS = 120_000;

export interface SwapOptions extends FlowRuntimeOptions {
  readonly client: SwapClient;
  /** The taker: signs the transaction. */
  readonly signer: SignerInput;
  /** Parameters of the order (`inputMint`, `outputMint`, `amount`, ...). `taker` is the signer. */
  readonly order: SwapOrderParams;
  /** Signs too when `order.payer` is an integrator payer other than the taker. */
  readonly payerSigner?: SignerInput;
  /**
   * More checks of each transaction (`programs`, `requiredSignatures`, `signers`). Without
   * `requiredSignatures`, a taker paying the fee signs only a transaction requiring the signatures
   * the order's `signatureFeeLamports` pays for (5000 lamports each). The value check
   * is the flow's own: no top-level transfer out of the taker (or payer) except to the
   * `referralAccount` asked for in `order` and the taker's own token accounts of the two mints, and, when the order asks
   * for `bundleTipLamports`, one native transfer of at most that tip to a receiver the order does
   * not name (never the order's `receiver`).
   */
  readonly expectations?: Omit<SignTransactionExpectations, 'feePayer' | 'expect'>;
  /** More accounts a top-level transfer may go to, any amount (a fee account of your own, ...). */
  readonly allowDestinations?: readonly AllowedDestination[];
  /** When an order expired before it landed: `'throw'` (default) or `'reorder'` (new order, new signature). */
  readonly onExpired?: 'reorder' | 'throw';
  /** Orders at most, the first one included, with `onExpired: 'reorder'`. Default 3. */
  readonly maxOrders?: number;
  /** Wait between two execute calls of one order while its outcome is not known. Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** How long the same body may be re-sent, from the first send. Default 120 000 ms. */
  readonly pollWindowMs?: number;
  /** Execute calls per order at most. Default 30. */
  readonly maxExecuteCalls?: number;
  /** Execute codes meaning "not known yet". Default `SWAP_PENDING_CODES`. */
  readonly pendingCodes?: readonly number[];
}

export interface SwapResult {
  /** The order that landed. */
  readonly order: SwapOrder;
  /** The execute answer (`status: 'Success'`, `code: 0`). */
  readonly execution: SwapExecution;
  /** The signed transaction that was executed (base64). */
  readonly signedTransaction: string;
  /** The transaction signature (from the answer, else the first signature of the transaction). */
  readonly signature: string;
  /** Orders fetched (more than 1 after an expiry with `onExpired: 'reorder'`). */
  readonly orders: number;
  /** Execute calls made for the order that landed. */
  readonly executeCalls: number;
}

type Verdict =
  | { readonly kind: 'success'; readonly execution: SwapExecution }
  | { readonly kind: 'expired'; readonly code: number; readonly response: unknown }
  | { readonly kind: 'pending'; readonly waitMs: number | undefined; readonly reason: string }
  | { readonly kind: 'failed'; readonly error: FlowError };

function codeDetails(code: number): { group: string | null; meaning: string | null } {
  const info = describeSwapExecuteCode(code);
  return { group: info?.group ?? null, meaning: info?.meaning ?? null };
}

function judge(outcome: CallOutcome<SwapExecution>, requestId: string, pendingCodes: readonly number[]): Verdict {
  if (outcome.ok) {
    const execution = outcome.data;
    if (execution.status === 'Success' && execution.code === 0) return { kind: 'success', execution };
    if (swapExecuteOutcome(execution.code) === 'expired') return { kind: 'expired', code: execution.code, response: execution };
    if (execution.status !== 'Success' && pendingCodes.includes(execution.code)) {
      return { kind: 'pending', waitMs: undefined, reason: `code ${execution.code}` };
    }
    // A status the spec does not list yet (it is an open enum) says neither landed nor failed: unless
    // the code is a listed failure, the outcome is not known, so the same body is sent again.
    if (execution.status !== 'Success' && execution.status !== 'Failed' && describeSwapExecuteCode(execution.code)?.outcome !== 'failed') {
      return { kind: 'pending', waitMs: undefined, reason: `status ${String(execution.status)}, code ${execution.code}` };
    }
    const { group, meaning } = codeDetails(execution.code);
    return {
      kind: 'failed',
      error: new FlowError(
        'SWAP_EXECUTE_FAILED',
        `The swap did not land: code ${execution.code}${meaning ? ` (${meaning})` : ''}.`,
        {
          step: 'execute',
          requestId,
          code: execution.code,
          group,
          meaning,
          error: execution.error ?? null,
          signature: execution.signature ?? null,
        },
        { response: execution },
      ),
    };
  }
  const { failure } = outcome;
  if (failure.kind === 'transport') return { kind: 'pending', waitMs: undefined, reason: 'no answer' };
  if (failure.status === 429) return { kind: 'pending', waitMs: retryAfterMs(failure), reason: 'rate limited' };
  if (failure.status >= 500) return { kind: 'pending', waitMs: undefined, reason: `status ${failure.status}` };
  const code = (failure.body as { code?: unknown } | undefined)?.code;
  if (failure.status === 400 && typeof code === 'number') {
    if (swapExecuteOutcome(code) === 'expired') return { kind: 'expired', code, response: failure.body };
    const { group, meaning } = codeDetails(code);
    return {
      kind: 'failed',
      error: new FlowError(
        'SWAP_EXECUTE_FAILED',
        `The execute call was rejected: code ${code}${meaning ? ` (${meaning})` : ''}.`,
        { step: 'execute', requestId, code, group, meaning, error: errorText(failure.body) ?? null, signature: null },
        { cause: failure.error, response: failure.body },
      ),
    };
  }
  return { kind: 'failed', error: requestFailed('execute', failure) };
}

function checkOrder(
  order: SwapOrder,
  params: SwapOrderParams,
  taker: string,
  payer: string | undefined,
  seen: ReadonlySet<string>,
): string {
  const failure = getSwapOrderFailure(order);
  if (failure) {
    throw new FlowError(
      'SWAP_ORDER_FAILED',
      `The order cannot be built into a transaction: ${failure.router} errorCode ${failure.errorCode}${failure.meaning ? ` (${failure.meaning})` : ''}.`,
      {
        step: 'order',
        router: failure.router,
        errorCode: failure.errorCode,
        meaning: failure.meaning ?? null,
        message: failure.message ?? null,
        requestId: failure.requestId,
      },
      { response: order },
    );
  }
  if (typeof order.transaction !== 'string' || order.transaction === '') {
    throw unexpected('order', 'The order holds no transaction.', { requestId: order.requestId ?? null }, order);
  }
  if (typeof order.requestId !== 'string' || order.requestId === '') throw unexpected('order', 'The order has no requestId.', {}, order);
  if (seen.has(order.requestId)) {
    throw unexpected('order', 'The service answered an order already used; it is not signed again.', { requestId: order.requestId }, order);
  }
  const refuse = (field: string, expected: string, actual: unknown) => {
    throw unexpected('order', `The order's ${field} is not the one requested.`, { field, expected, actual: String(actual) }, order);
  };
  const mismatch = (field: string, expected: string, actual: unknown) => {
    if (actual !== undefined && actual !== null && actual !== expected) refuse(field, expected, actual);
  };
  mismatch('taker', taker, order.taker);
  mismatch('inputMint', params.inputMint, order.inputMint);
  mismatch('outputMint', params.outputMint, order.outputMint);
  mismatch('inAmount', params.amount, order.inAmount);
  if (params.referralAccount !== undefined) mismatch('referralAccount', params.referralAccount, order.referralAccount);
  // An integrator payer covers the fees: an order that names another payer of them is not the one asked for.
  if (payer !== undefined) mismatch('signatureFeePayer', payer, order.signatureFeePayer);
  // The slippage asked for bounds the order: its `slippageBps` at most that, and its minimum output
  // (`otherAmountThreshold`) at least `outAmount` less that slippage (rounded down). Without it the
  // service picks the slippage, and nothing is compared; nor is a figure the order does not show
  // (a comparison with undefined is false).
  const asked = params.slippageBps;
  if (asked !== undefined) {
    const out = digits(order.outAmount);
    const minimum = out === undefined ? undefined : (out * BigInt(10_000 - asked)) / 10_000n;
    if ((order.slippageBps as number) > asked) refuse('slippageBps', `at most ${asked}`, order.slippageBps);
    if ((digits(order.otherAmountThreshold) as bigint) < (minimum as bigint))
      refuse('otherAmountThreshold', `at least ${minimum}`, order.otherAmountThreshold);
  }
  return order.transaction;
}

const digits = (value: unknown): bigint | undefined => (typeof value === 'string' && /^\d{1,30}$/.test(value) ? BigInt(value) : undefined);

/**
 * Where the order lets value go out of the taker by a top-level instruction. The referral account
 * is the one the caller asked for (the order's own is checked to be that one), never one that only
 * the answer names.
 */
function swapIntent(params: SwapOrderParams, taker: string, extra: readonly AllowedDestination[] = []): ValueIntent {
  const allowDestinations: AllowedDestination[] = [
    { owner: taker, mint: params.inputMint },
    { owner: taker, mint: params.outputMint },
    ...extra,
  ];
  if (typeof params.referralAccount === 'string') allowDestinations.push(params.referralAccount);
  // The tip asked for goes to a receiver the order does not name: one native transfer, at most the
  // tip, never to the output's receiver (who gets the output through the swap, nothing besides).
  const { bundleTipLamports: tip, receiver } = params;
  const notTo = receiver ? [{ owner: receiver }] : [];
  return { transfers: [], allowDestinations, ...(tip ? { unnamedNativeTransfer: { maxLamports: tip, notTo } } : {}) };
}

interface ExecuteSettings {
  readonly pollIntervalMs: number;
  readonly pollWindowMs: number;
  readonly maxExecuteCalls: number;
  readonly pendingCodes: readonly number[];
}

type Executed =
  | { readonly kind: 'success'; readonly execution: SwapExecution; readonly calls: number }
  | { readonly kind: 'expired'; readonly code: number; readonly response: unknown };

async function executeAndPoll(
  runtime: Runtime,
  client: SwapClient,
  order: SwapOrder,
  signedTransaction: string,
  settings: ExecuteSettings,
): Promise<Executed> {
  const body = {
    signedTransaction,
    requestId: order.requestId,
    ...(order.lastValidBlockHeight !== undefined ? { lastValidBlockHeight: order.lastValidBlockHeight } : {}),
  };
  const deadline = runtime.now() + settings.pollWindowMs;
  let lastReason = '';
  for (let calls = 1; ; calls++) {
    const outcome = await callApi(runtime, 'execute', (o) => client.swapExecute({ body, ...o }), { maxRetries: 0 });
    const verdict = judge(outcome, order.requestId, settings.pendingCodes);
    if (verdict.kind === 'success') return { kind: 'success', execution: verdict.execution, calls };
    if (verdict.kind === 'expired') return verdict;
    if (verdict.kind === 'failed') throw verdict.error;
    lastReason = verdict.reason;
    const delay = Math.max(settings.pollIntervalMs, verdict.waitMs ?? 0);
    if (calls >= settings.maxExecuteCalls || runtime.now() + delay >= deadline) {
      throw new FlowError(
        'SWAP_STATUS_UNKNOWN',
        'The swap outcome is still unknown after polling its execute window; it may still land. Check the signature before trying again.',
        {
          step: 'execute',
          requestId: order.requestId,
          executeCalls: calls,
          lastReason,
          signature: firstSignature(signedTransaction) ?? null,
        },
      );
    }
    await runtime.wait(delay, 'execute');
  }
}

/**
 * Swaps in one call: gets an order for the signer, checks it (a transaction is present, no
 * `errorCode`, the mints and amount are the ones asked for), signs it (`feePayer` may be the
 * order's `signatureFeePayer`), executes it and polls until the outcome is final.
 *
 * Throws `FlowError` (`SWAP_ORDER_FAILED`, `SWAP_EXECUTE_FAILED`, `SWAP_ORDER_EXPIRED`,
 * `SWAP_STATUS_UNKNOWN`, `REQUEST_FAILED`, `UNEXPECTED_RESPONSE`, `ABORTED`), or the signing
 * errors of `signTransaction` (nothing was sent then).
 */
export async function swap(options: SwapOptions): Promise<SwapResult> {
  const runtime = createRuntime(options);
  const { client, order: params } = options;
  const signer = toSigner(options.signer);
  const taker = signer.address;
  const payer = params.payer !== undefined && params.payer !== taker ? params.payer : undefined;
  const payerSigner = options.payerSigner === undefined ? undefined : toSigner(options.payerSigner);
  if (payerSigner && payerSigner.address !== payer) {
    throw new SigningError('INVALID_ARGUMENT', 'payerSigner must be the wallet given as order.payer.', {
      payer: payer ?? null,
      payerSigner: payerSigner.address,
    });
  }
  const maxOrders = options.onExpired === 'reorder' ? positiveInteger(options.maxOrders, 3, 'maxOrders') : 1;
  const settings: ExecuteSettings = {
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    pollWindowMs: options.pollWindowMs ?? SWAP_EXECUTE_WINDOW_MS,
    maxExecuteCalls: positiveInteger(options.maxExecuteCalls, 30, 'maxExecuteCalls'),
    pendingCodes: options.pendingCodes ?? SWAP_PENDING_CODES,
  };
  const seen = new Set<string>();
  let expired: { code: number; requestId: string; response: unknown } | undefined;

  for (let orders = 1; orders <= maxOrders; orders++) {
    const order = dataOrThrow('order', await callApi(runtime, 'order', (o) => client.swapGetOrder({ query: { ...params, taker }, ...o })));
    const transaction = checkOrder(order, params, taker, payer, seen);
    seen.add(order.requestId);
    const feePayer = order.signatureFeePayer ?? taker;
    const signatureFee = order.signatureFeeLamports;
    const expectations: SignTransactionExpectations = {
      // A taker paying the fee pays for the signatures the order states (5000 lamports each), no more.
      requiredSignatures:
        feePayer === taker && Number.isSafeInteger(signatureFee) ? Math.floor(signatureFee! / Number(LAMPORTS_PER_SIGNATURE)) : undefined,
      ...options.expectations,
      feePayer,
      // The order's figure; without one, the fee the caller asked for, else the default cap.
      maxPriorityFeeLamports: priorityFeeBound(
        'order',
        'prioritizationFeeLamports',
        order,
        options.expectations?.maxPriorityFeeLamports,
        params.priorityFeeLamports,
      ),
      expect: swapIntent(params, taker, options.allowDestinations),
    };
    runtime.checkAborted('sign');
    let signedTransaction = await signTransaction(transaction, signer, expectations);
    // The integrator payer's value goes nowhere but its own accounts (the taker's are not its own).
    if (payerSigner)
      signedTransaction = await signTransaction(signedTransaction, payerSigner, {
        ...expectations,
        expect: swapIntent(params, payer as string, options.allowDestinations),
      });

    const executed = await noteOnAbort(
      () => executeAndPoll(runtime, client, order, signedTransaction, settings),
      'The swap may have been sent and may still land: check its signature before trying again.',
      { requestId: order.requestId, signature: firstSignature(signedTransaction) ?? null },
    );
    if (executed.kind === 'success') {
      const signature = executed.execution.signature ?? firstSignature(signedTransaction);
      if (signature === undefined) {
        throw unexpected(
          'execute',
          "The swap landed but the answer has no signature, and the fee payer's slot is not ours to read.",
          { requestId: order.requestId },
          executed.execution,
        );
      }
      return {
        order,
        execution: executed.execution,
        signedTransaction,
        signature,
        orders,
        executeCalls: executed.calls,
      };
    }
    expired = { code: executed.code, requestId: order.requestId, response: executed.response };
  }
  const last = expired!;
  const { meaning } = codeDetails(last.code);
  throw new FlowError(
    'SWAP_ORDER_EXPIRED',
    `The order expired before it landed (code ${last.code}${meaning ? `, ${meaning}` : ''})${options.onExpired === 'reorder' ? ` after ${maxOrders} order(s)` : ''}; get a new order.`,
    { step: 'execute', code: last.code, meaning, requestId: last.requestId, orders: maxOrders },
    { response: last.response },
  );
}
