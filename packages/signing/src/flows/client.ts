/**
 * The part of an `@x/fetch-client` client a flow uses, and how a flow calls it.
 *
 * Flows call every operation with `throwOnError: false` and handle `{ data }` / `{ error }`
 * themselves, so they work whatever the client's default mode is (a client that throws anyway is
 * handled too). Errors are told apart by their `name` and `status` (not `instanceof`), so two copies
 * of the client package do not confuse them.
 */
import { decodeAddress } from '@x/chain';
import type { Operations } from '@x/fetch-client';
import { FlowError, SigningError } from '../errors.js';
import { abortedError, type Runtime } from './runtime.js';

type OperationName = keyof Operations;

/** The success body of an operation (its 2xx answers). */
export type SuccessBody<K extends OperationName> = Operations[K]['responses'][keyof Operations[K]['responses']];

/** The request parameters of an operation (`query`, `path`, `body`). */
export type RequestOf<K extends OperationName> = Omit<Operations[K]['data'], 'url'>;

/** Per-call options a flow passes. */
export interface FlowCallOverrides {
  throwOnError?: false;
  signal?: AbortSignal;
  maxRetries?: number;
}

/** What a call resolves to with `throwOnError: false`. */
export type FlowCallResult<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

/** One operation, as a flow calls it. */
export type FlowMethod<K extends OperationName> = (options: RequestOf<K> & FlowCallOverrides) => Promise<FlowCallResult<SuccessBody<K>>>;

/** A client with (at least) the operations `K`: `createClient()` of `@x/fetch-client` fits. */
export type FlowClient<K extends OperationName> = { [P in K]: FlowMethod<P> };

/** An error a call ended with, sorted by what it means for a flow. */
export type CallFailure =
  /** The service answered with an error status. */
  | { readonly kind: 'api'; readonly status: number; readonly body: unknown; readonly error: unknown }
  /** No readable answer: connection lost, timeout, or a 2xx body that is not JSON. The request may have run. */
  | { readonly kind: 'transport'; readonly error: unknown };

export type CallOutcome<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly failure: CallFailure };

function nameOf(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && typeof (error as { name?: unknown }).name === 'string'
    ? (error as { name: string }).name
    : undefined;
}

function isAbort(error: unknown): boolean {
  return nameOf(error) === 'AbortError';
}

/** Sorts a client error. */
export function classifyError(error: unknown): CallFailure {
  if (error !== null && typeof error === 'object') {
    const { status, body } = error as { status?: unknown; body?: unknown };
    // ApiError and its subclasses; a ResponseParseError has a 2xx status: the request did run.
    if (typeof status === 'number' && status >= 400 && nameOf(error) !== 'ResponseParseError') {
      return { kind: 'api', status, body, error };
    }
  }
  return { kind: 'transport', error };
}

/**
 * Runs one client call: `throwOnError: false`, the flow's signal, and (by default) no client-side
 * retries for calls whose repetition the flow handles itself.
 */
export async function callApi<T>(
  runtime: Runtime,
  step: string,
  run: (overrides: FlowCallOverrides) => Promise<FlowCallResult<T>>,
  overrides: Omit<FlowCallOverrides, 'throwOnError' | 'signal'> = {},
): Promise<CallOutcome<T>> {
  runtime.checkAborted(step);
  const signal = runtime.signal;
  let result: FlowCallResult<T>;
  try {
    result = await run({ ...overrides, throwOnError: false, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted || isAbort(error)) throw abortedError(step, signal, error);
    // The auth session's own failure (an AuthError raised while getting the bearer token).
    if (error instanceof SigningError) throw error;
    return { ok: false, failure: classifyError(error) };
  }
  if (result.error !== undefined && result.error !== null) {
    if (signal?.aborted || isAbort(result.error)) throw abortedError(step, signal, result.error);
    if (result.error instanceof SigningError) throw result.error;
    return { ok: false, failure: classifyError(result.error) };
  }
  if (result.data === undefined || result.data === null) {
    return { ok: false, failure: { kind: 'transport', error: new Error(`The ${step} answer has no body.`) } };
  }
  return { ok: true, data: result.data };
}

/** The `error` text of an error body (`{ error: "..." }`), if any. */
export function errorText(body: unknown): string | undefined {
  if (body !== null && typeof body === 'object') {
    const text = (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message;
    if (typeof text === 'string') return text.slice(0, 300);
  }
  return undefined;
}

/** `FlowError('REQUEST_FAILED')` for a failed call, the client's error as `cause`. */
export function requestFailed(step: string, failure: CallFailure): FlowError {
  const error = failure.error as { message?: unknown } | undefined;
  const text = typeof error?.message === 'string' ? error.message : failure.kind === 'api' ? `status ${failure.status}` : 'no answer';
  return new FlowError(
    'REQUEST_FAILED',
    `The ${step} request failed: ${text}`,
    failure.kind === 'api' ? { step, status: failure.status } : { step, status: null },
    { cause: failure.error, response: failure.kind === 'api' ? failure.body : undefined },
  );
}

/** Returns the data of a successful call, or throws `REQUEST_FAILED`. */
export function dataOrThrow<T>(step: string, outcome: CallOutcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw requestFailed(step, outcome.failure);
}

/** `FlowError('UNEXPECTED_RESPONSE')`: a 2xx answer without what the flow needs, or not for this request. */
export function unexpected(
  step: string,
  message: string,
  details: Record<string, string | number | boolean | null> = {},
  response?: unknown,
): FlowError {
  return new FlowError('UNEXPECTED_RESPONSE', message, { step, ...details }, { response });
}

/**
 * Throws `UNEXPECTED_RESPONSE` naming `field` unless the answer's value there is a base58 address:
 * an address a flow takes from an answer into its value intent is the answer's fault when it is
 * not one, not the caller's (`INVALID_ARGUMENT`).
 */
export function checkAnswerAddress(step: string, answer: object, field: string): void {
  const value: unknown = (answer as Record<string, unknown>)[field];
  if (typeof value === 'string' && decodeAddress(value) !== undefined) return;
  throw unexpected(step, `The answer's ${field} is not an address.`, { field, actual: String(value) }, answer);
}

/** How long a 429 asks to wait, if it says. */
export function retryAfterMs(failure: CallFailure): number | undefined {
  const value = (failure.error as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
