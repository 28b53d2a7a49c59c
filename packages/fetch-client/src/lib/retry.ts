// When to repeat a request and how long to wait before doing so.
import { safeToRetry } from '../gen/retry-policy.gen.js';
import { requestedDelayMs } from './rate-limit.js';

const MAX_BACKOFF_MS = 8_000;

/** GETs, and the operations the spec marks `x-safe-to-retry: true`, may be sent again. */
export function isRepeatable(method: string, route: string): boolean {
  return method === 'GET' || method === 'HEAD' || safeToRetry.includes(route);
}

/** 408, 429 and 5xx are worth another attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Exponential backoff with jitter: base·2^attempt, at most 8 s, minus up to 25 %. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** attempt, MAX_BACKOFF_MS);
  return Math.round(ceiling * (1 - random() * 0.25));
}

/**
 * Delay before the next attempt after an answer with `status`, or `undefined` when the server
 * asks for a longer wait than `capMs` (the caller then gives up and reports the error).
 */
export function retryDelayMs(
  attempt: number,
  status: number,
  headers: Headers | undefined,
  options: { baseMs: number; capMs: number; now?: number },
): number | undefined {
  const requested = headers ? requestedDelayMs(headers, status, options.now ?? Date.now()) : undefined;
  if (requested === undefined) return backoffMs(attempt, options.baseMs);
  return requested <= options.capMs ? requested : undefined;
}
