// A wait longer than a timer holds (2^31 - 1 ms, about 24.8 days): a runtime fires such a timer at
// once, so politeFetch's own sleep waits in pieces. A service answering `Retry-After` of weeks must
// not see the next request early, nor the limiter spin (each spin would reserve one more turn).
import { afterEach, expect, it, vi } from 'vitest';
import { politeFetch } from './polite-fetch.js';

afterEach(() => {
  vi.useRealTimers();
});

it('a Retry-After longer than a timer holds is waited out, without spinning', async () => {
  vi.useFakeTimers();
  const retryAfterS = 3_000_000; // 34.7 days
  const polite = politeFetch({
    intervalMs: 1_000,
    fetch: (async () =>
      polite.stats.sent === 1
        ? new Response('slow down', { status: 429, headers: { 'retry-after': String(retryAfterS) } })
        : Response.json({})) as typeof fetch,
  });
  const start = Date.now();
  expect((await polite('http://127.0.0.1:9/a', { method: 'POST' })).status).toBe(429);
  const second = polite('http://127.0.0.1:9/b', { method: 'POST' });
  await vi.advanceTimersByTimeAsync(60_000);
  expect(polite.stats.sent).toBe(1);
  // One turn reserved, at the end of the wait; the next starts one interval after it (a spinning
  // wait would have reserved a turn per wake-up, pushing it a minute further).
  expect(polite.limiter.waitMs).toBe(retryAfterS * 1000 + 1_000 - 60_000);
  await vi.advanceTimersByTimeAsync(retryAfterS * 1000 - 60_000);
  expect((await second).status).toBe(200);
  expect(polite.stats.sent).toBe(2);
  expect(Date.now() - start).toBe(retryAfterS * 1000);
});
