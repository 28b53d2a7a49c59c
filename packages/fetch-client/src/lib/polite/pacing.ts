// How long to wait before the next request, read from an answer's rate-limit headers:
// `Retry-After` (seconds or an HTTP date) and `x-ratelimit-remaining` / `x-ratelimit-reset`
// (Unix seconds, read against the answer's own `Date` so a skewed local clock does not matter).

export type HeaderReader = (name: string) => string | null;

/** The wait asked by `Retry-After`, in ms, or undefined when absent or unreadable. */
export function retryAfterMs(header: HeaderReader, now: number): number | undefined {
  const raw = header('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - serverNow(header, now));
}

/** The time the answer was sent by the server's clock (its `Date`), else `now`. */
function serverNow(header: HeaderReader, now: number): number {
  const date = Date.parse(header('date') ?? '');
  return Number.isNaN(date) ? now : date;
}

/** Ms until the window resets, by `x-ratelimit-reset` against the answer's `Date`; undefined when absent. */
export function untilResetMs(header: HeaderReader, now: number): number | undefined {
  const reset = header('x-ratelimit-reset')?.trim();
  if (!reset || !/^\d+$/.test(reset)) return undefined;
  return Math.max(0, Number(reset) * 1000 - serverNow(header, now));
}

/** True when `x-ratelimit-remaining` says the window is used up (it may go negative). */
export function windowExhausted(header: HeaderReader): boolean {
  const remaining = header('x-ratelimit-remaining')?.trim();
  return remaining !== undefined && /^-?\d+$/.test(remaining) && Number(remaining) <= 0;
}
