// When a polling hook (`usePriceOrder`, `useTriggerV1Order`, `useSwapQuote`) asks again: the rule
// of `@x/fetch-client/waiters`, one rule for both. Polling stops when the record is final, or on an
// error that will not heal by asking again (a 4xx other than 408 and 429, such as 401 or 403; a
// `PaginationError`; a `TypeError`); it goes on through a passing one (a lost connection, a
// time-out, 408, 429, 5xx), no sooner than the `Retry-After` the service asked for.
import { MAX_TIMER_MS } from '@x/fetch-client/polite';
import { isTransientError } from '@x/fetch-client/waiters';

/**
 * The `refetchInterval` after a read whose state is `state`: `false` to stop, else the pause in ms,
 * at most `MAX_TIMER_MS`, the longest a timer holds (TanStack Query's `refetchInterval` is a
 * `setInterval`, which runs a longer delay after 1 ms: a 30-day pause would poll every millisecond).
 * `Infinity`, read once, stays so: TanStack then never polls.
 */
export function nextPoll(state: { readonly error: unknown }, final: boolean, intervalMs: number): number | false {
  const { error } = state;
  if (final || (error != null && !isTransientError(error))) return false;
  const pause = Math.max(intervalMs, (error as { retryAfterMs?: number } | null)?.retryAfterMs ?? 0);
  return pause === Number.POSITIVE_INFINITY ? pause : Math.min(pause, MAX_TIMER_MS);
}

/**
 * `value` (else `fallback`) when it is a positive number (a positive integer when `integer`;
 * `Infinity`: never poll again, no page bound); else a RangeError naming the hook and the option. A
 * poll interval of 0, a negative one or NaN would stop TanStack Query's `refetchInterval` without a
 * word; a page bound of 0 or NaN would read one page or all.
 */
export function positiveOption(hook: string, name: string, value: number | undefined, fallback: number, integer = false): number {
  const result = value ?? fallback;
  if (!(result > 0) || (integer && !Number.isInteger(result) && result !== Number.POSITIVE_INFINITY))
    throw new RangeError(
      `${hook}: ${name} must be ${integer ? 'a positive integer' : 'a positive number of milliseconds'}, got ${String(value)}`,
    );
  return result;
}
