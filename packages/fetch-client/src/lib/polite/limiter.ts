// One rate limiter for every call to a service: a request may start only `intervalMs` after the
// previous one (so the rate stays under the service's keyless 0.5 requests per second by default),
// and later still when the upstream said so (`Retry-After`, or `x-ratelimit-remaining` at 0 until
// `x-ratelimit-reset`, read by pacing.ts). A turn reserved before such an answer arrived is
// checked again right before sending (`takeTurn`): it never lands inside a wait it was told.
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
  /** Ms left of the latest wait the upstream asked for (`Retry-After`, an exhausted window); 0 when none covers now. */
  readonly pauseMs: number;
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
  let pausedUntil = 0;
  return {
    intervalMs,
    get waitMs() {
      return Math.max(0, nextAt - now());
    },
    get pauseMs() {
      return Math.max(0, pausedUntil - now());
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
      if (pause !== undefined) {
        pausedUntil = Math.max(pausedUntil, at + pause);
        nextAt = Math.max(nextAt, pausedUntil);
      }
    },
    reset() {
      nextAt = 0;
      pausedUntil = 0;
    },
  };
}

/**
 * Waits for a turn on `limiter`, then checks again right before the caller sends: when a wait
 * the upstream asked for meanwhile (a 429 answered to an earlier request) covers now, it takes a
 * new turn after that wait. Resolves true when the caller may send now, false (nothing reserved
 * any more) when the turn would start more than `maxWaitMs` after the call: the caller gives up
 * (e.g. with a 503 and `Retry-After: limiter.waitMs`).
 */
export async function takeTurn(
  limiter: UpstreamLimiter,
  options: { maxWaitMs?: number; sleep: (ms: number) => Promise<void> },
): Promise<boolean> {
  let budget = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
  for (;;) {
    const wait = limiter.reserve(budget);
    if (wait === undefined) return false;
    if (wait > 0) await options.sleep(wait);
    if (limiter.pauseMs === 0) return true;
    budget -= wait;
  }
}
