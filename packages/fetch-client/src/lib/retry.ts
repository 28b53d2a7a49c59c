// When to repeat a request and how long to wait before doing so.
import { safeToRetry } from '../gen/retry-policy.gen.js';

/** GETs, and the operations the spec marks `x-safe-to-retry: true`, may be sent again. */
export const isRepeatable = (method: string, route: string): boolean => method === 'GET' || safeToRetry.includes(route);

/** 408, 429 and 5xx are worth another attempt. */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status > 499;

/** Exponential backoff with jitter: base·2^attempt, at most 8 s, minus up to 25 %. */
export const backoffMs = (attempt: number, baseMs: number): number =>
  Math.round(Math.min(baseMs * 2 ** attempt, 8_000) * (1 - Math.random() * 0.25));
