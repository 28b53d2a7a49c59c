/**
 * What every flow shares: cancellation, waiting and the clock (all injectable, for tests), and
 * bounded exponential backoff.
 */
import { FlowError, SigningError, type SigningErrorDetails } from '../errors.js';

/** Waits `ms` milliseconds; rejects (or returns early) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Options every flow takes. */
export interface FlowRuntimeOptions {
  /** Stops the flow between steps and aborts the request in flight. Ends in `FlowError('ABORTED')`. */
  readonly signal?: AbortSignal;
  /** How the flow waits between attempts. Default: `setTimeout`, cut short by `signal`. */
  readonly sleep?: Sleep;
  /** Clock in epoch ms. Default `Date.now`. */
  readonly now?: () => number;
}

/** A bounded exponential backoff: `initialDelayMs`, times `factor` per attempt, at most `maxDelayMs`. */
export interface BackoffOptions {
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly factor?: number;
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface Runtime {
  readonly signal: AbortSignal | undefined;
  now(): number;
  /** Throws `FlowError('ABORTED')` when the signal has aborted. */
  checkAborted(step: string): void;
  /** Waits, then throws `FlowError('ABORTED')` if the signal aborted meanwhile. */
  wait(ms: number, step: string): Promise<void>;
}

export function abortedError(step: string, signal: AbortSignal | undefined, cause?: unknown): FlowError {
  return new FlowError('ABORTED', `The flow was aborted (step: ${step}).`, { step }, { cause: cause ?? signal?.reason });
}

export function createRuntime(options: FlowRuntimeOptions): Runtime {
  const { signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const checkAborted = (step: string) => {
    if (signal?.aborted) throw abortedError(step, signal);
  };
  return {
    signal,
    now,
    checkAborted,
    async wait(ms, step) {
      checkAborted(step);
      await sleep(Math.max(0, ms), signal);
      checkAborted(step);
    },
  };
}

/** Delay before retry number `attempt` (1 = the first retry). */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 8_000;
  const factor = options.factor ?? 2;
  return Math.min(max, initial * factor ** Math.max(0, attempt - 1));
}

/** Checks a count option: a positive integer. */
export function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < 1) {
    throw new SigningError('INVALID_ARGUMENT', `${name} must be a positive integer.`, { option: name });
  }
  return result;
}

/**
 * Runs `work`, a step after which something may already have happened (a signed transaction or
 * deposit sent): an abort during it ends in `ABORTED` that says so (`note`) and names it (`details`).
 */
export async function noteOnAbort<T>(work: () => Promise<T>, note: string, details: SigningErrorDetails): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FlowError && error.code === 'ABORTED') {
      throw new FlowError('ABORTED', `${error.message} ${note}`, { ...error.details, ...details }, { cause: error.cause });
    }
    throw error;
  }
}
