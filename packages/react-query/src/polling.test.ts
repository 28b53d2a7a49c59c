// When the polling hooks ask again: the waiters' rule of @x/fetch-client, error by error.
import { ApiError, ConnectionError, PaginationError, TimeoutError } from '@x/fetch-client';
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS } from '@x/fetch-client/polite';
import { nextPoll } from './polling.js';

const answer = (status: number, retryAfterMs?: number) =>
  new ApiError({
    operation: 'GET /trigger/v2/orders/history',
    status,
    body: undefined,
    headers: new Headers(),
    rateLimit: {} as never,
    retryAfterMs,
  });

describe('nextPoll', () => {
  it('polls every interval while the record is not final, and stops once it is', () => {
    expect(nextPoll({ error: null }, false, 1000)).toBe(1000);
    expect(nextPoll({ error: null }, true, 1000)).toBe(false);
  });

  it('stops on an error that will not heal: a 4xx but 408 and 429, a PaginationError, a TypeError', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(nextPoll({ error: answer(status) }, false, 1000), `${status}`).toBe(false);
    expect(
      nextPoll({ error: new PaginationError('the page at page 2 does not page as the spec says', 'x', { page: {} }) }, false, 1000),
    ).toBe(false);
    expect(nextPoll({ error: new TypeError('Missing or invalid path parameter') }, false, 1000)).toBe(false);
    expect(nextPoll({ error: new Error('a bug in the app') }, false, 1000)).toBe(false);
  });

  it('polls on through a passing error (connection, time-out, 408, 429, 5xx), no sooner than its Retry-After', () => {
    expect(nextPoll({ error: new ConnectionError('failed (ECONNRESET)', 'x') }, false, 1000)).toBe(1000);
    expect(nextPoll({ error: new TimeoutError('timed out after 30000 ms', 'x', { timeoutMs: 30_000 }) }, false, 1000)).toBe(1000);
    for (const status of [408, 429, 500, 502, 503]) expect(nextPoll({ error: answer(status) }, false, 1000), `${status}`).toBe(1000);
    expect(nextPoll({ error: answer(429, 5000) }, false, 1000)).toBe(5000);
    expect(nextPoll({ error: answer(503, 200) }, false, 1000)).toBe(1000);
  });

  it('a pause longer than a timer holds (2^31 - 1 ms, about 24.8 days) is the longest one, not the 1 ms a timer makes of it', () => {
    // Timers (TanStack's refetchInterval is a setInterval) run an overflowing delay after 1 ms: a
    // Retry-After of 30 days, or a poll interval of 30 days, polled the service every millisecond.
    const days30 = 30 * 24 * 3_600_000;
    expect(nextPoll({ error: answer(429, days30) }, false, 1000)).toBe(MAX_TIMER_MS);
    expect(nextPoll({ error: null }, false, days30)).toBe(MAX_TIMER_MS);
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
    expect(nextPoll({ error: null }, false, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY); // never again, as documented
  });
});
