// The service's rate-limit headers (a sliding 60-second window per key), read from any answer,
// and the wait an answer asks for.

/** `x-ratelimit-*` headers of an answer; a field is absent when its header was not sent. */
export interface RateLimit {
  /** Requests left in the current window. May go negative. */
  remaining?: number;
  /** Requests counted in the current window. */
  current?: number;
  /** Unix time in seconds at which the window resets. */
  reset?: number;
}

export function readRateLimit(headers: Headers): RateLimit {
  const rateLimit: RateLimit = {};
  for (const field of ['remaining', 'current', 'reset'] as const) {
    // `Number` ignores surrounding spaces; an absent or empty header is NaN, not 0.
    const value = +(headers.get(`x-ratelimit-${field}`) || NaN);
    if (Number.isFinite(value)) rateLimit[field] = value;
  }
  return rateLimit;
}

/**
 * How long the server asks us to wait, in ms: `Retry-After` (non-negative seconds, or an HTTP
 * date in the future), else, on a 429, until `x-ratelimit-reset` (Unix seconds, in the future).
 * `undefined` when the answer says nothing usable: a negative, garbage, past or absurd value
 * (2^31 ms and more, about 24 days) is ignored and the caller falls back to its own backoff.
 */
export function requestedDelayMs(headers: Headers, status: number, now: number): number | undefined {
  const after = headers.get('retry-after');
  const ms = after
    ? // A number is seconds (a negative one is no wait: `Date.parse('-5')` would read a year long past).
      Number.isNaN(+after)
      ? Date.parse(after) - now
      : +after * 1000
    : // An absent reset reads 0, a time long past: no wait.
      status === 429
      ? Number(headers.get('x-ratelimit-reset')) * 1000 - now
      : NaN;
  return ms >= 0 && ms < 2 ** 31 ? Math.round(ms) : undefined;
}
