// The service's rate-limit headers (a sliding 60-second window per key), read from any answer.

/** `x-ratelimit-*` headers of an answer; a field is absent when its header was not sent. */
export interface RateLimit {
  /** Requests left in the current window. May go negative. */
  remaining?: number;
  /** Requests counted in the current window. */
  current?: number;
  /** Unix time in seconds at which the window resets. */
  reset?: number;
}

function numberHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name)?.trim();
  const value = Number(raw || NaN);
  return Number.isFinite(value) ? value : undefined;
}

export function readRateLimit(headers: Headers): RateLimit {
  const rateLimit: RateLimit = {};
  for (const field of ['remaining', 'current', 'reset'] as const) {
    const value = numberHeader(headers, `x-ratelimit-${field}`);
    if (value !== undefined) rateLimit[field] = value;
  }
  return rateLimit;
}

/** A wait in ms is usable when it is a whole, non-negative, safe number (not NaN, not 1e308). */
const usable = (ms: number) => (ms >= 0 && Number.isSafeInteger(Math.round(ms)) ? Math.round(ms) : undefined);

/**
 * How long the server asks us to wait, in ms: `Retry-After` (non-negative seconds, or an HTTP
 * date, a past date meaning "now"), else, on a 429, until `x-ratelimit-reset` (Unix seconds, in
 * the future). `undefined` when the answer says nothing usable: a negative, garbage or absurdly
 * large value is ignored, and the caller falls back to its own backoff.
 */
export function requestedDelayMs(headers: Headers, status: number, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return usable(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    // A date is only a date when it names a weekday or a month (`Date.parse('-5')` is a year).
    if (/[a-z]/i.test(retryAfter) && date > 0) return usable(Math.max(0, date - now));
    return undefined;
  }
  const reset = status === 429 ? numberHeader(headers, 'x-ratelimit-reset') : undefined;
  return reset !== undefined && reset * 1000 > now ? usable(reset * 1000 - now) : undefined;
}
