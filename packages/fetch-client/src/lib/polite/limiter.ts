// One rate limiter for every call to a service: a request may start only `intervalMs` after the
// previous one (so the rate stays under the service's keyless 0.5 requests per second by default),
// and later still when the upstream said so (`Retry-After`, or `x-ratelimit-remaining` at 0 until
// `x-ratelimit-reset`, read by pacing.ts).
import { retryAfterMs, untilResetMs, windowExhausted, type HeaderReader } from './pacing.js';

export interface UpstreamLimiter {
  /**
   * Reserves the next slot: the ms to wait before sending, or undefined when that wait would be
   * longer than `maxWaitMs` (nothing is reserved then).
   */
  reserve(maxWaitMs: number): number | undefined;
  /** Reads an answer's rate-limit headers; a 429 or 503 with no hint pauses for `fallbackPauseMs`. */
  observe(status: number, header: HeaderReader): void;
  /** Ms until the next request may start (0 when it may start now). */
  readonly waitMs: number;
  readonly intervalMs: number;
  reset(): void;
}

export interface LimiterOptions {
  intervalMs: number;
  /** Wall clock (ms). */
  now: () => number;
  /** Pause after a 429/503 that names no wait. Default 5 s. */
  fallbackPauseMs?: number;
}

export function createLimiter(options: LimiterOptions): UpstreamLimiter {
  const { intervalMs, now } = options;
  const fallbackPauseMs = options.fallbackPauseMs ?? 5_000;
  let nextAt = 0;
  return {
    intervalMs,
    get waitMs() {
      return Math.max(0, nextAt - now());
    },
    reserve(maxWaitMs) {
      const at = now();
      const start = Math.max(at, nextAt);
      const wait = start - at;
      if (wait > maxWaitMs) return undefined;
      nextAt = start + intervalMs;
      return wait;
    },
    observe(status, header) {
      const at = now();
      let pause: number | undefined;
      if (status === 429 || status === 503) pause = retryAfterMs(header, at) ?? untilResetMs(header, at) ?? fallbackPauseMs;
      if (windowExhausted(header)) pause = Math.max(pause ?? 0, untilResetMs(header, at) ?? fallbackPauseMs);
      if (pause !== undefined) nextAt = Math.max(nextAt, at + pause);
    },
    reset() {
      nextAt = 0;
    },
  };
}
