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

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function readRateLimit(headers: Headers): RateLimit {
  const rateLimit: RateLimit = {};
  const remaining = intHeader(headers, 'x-ratelimit-remaining');
  const current = intHeader(headers, 'x-ratelimit-current');
  const reset = intHeader(headers, 'x-ratelimit-reset');
  if (remaining !== undefined) rateLimit.remaining = remaining;
  if (current !== undefined) rateLimit.current = current;
  if (reset !== undefined) rateLimit.reset = reset;
  return rateLimit;
}

/**
 * How long the server asks us to wait, in ms: `Retry-After` (seconds or an HTTP date), else, on
 * a 429, until `x-ratelimit-reset`. `undefined` when the answer says nothing.
 */
export function requestedDelayMs(headers: Headers, status: number, now: number): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (status === 429) {
    const reset = intHeader(headers, 'x-ratelimit-reset');
    if (reset !== undefined) return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}
