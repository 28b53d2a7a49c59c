// What the README says of the client and politeFetch together: the wait for a turn counts against
// the client's per-attempt `timeoutMs`, so calls fired at once past what the queue can serve in
// that time fail with a TimeoutError before they are sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../create-client.js';
import { TimeoutError } from '../errors.js';
import { politeFetch } from './polite-fetch.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('politeFetch under the client, many calls at once (different URLs: identical GETs would share one request)', () => {
  it('keyless, 30 s per attempt: eight are sent (one every 4 s), the ninth times out unsent', async () => {
    vi.useFakeTimers();
    const sentAt: number[] = [];
    const polite = politeFetch({
      fetch: (async () => {
        sentAt.push(Date.now());
        return Response.json({});
      }) as typeof fetch,
    });
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: polite, maxRetries: 0 });
    const start = Date.now();
    const calls = Array.from({ length: 9 }, (_, n) =>
      x.predictionGetMarket({ path: { marketId: `m${n}` } }).then(
        () => 'ok',
        (error: unknown) => error,
      ),
    );
    await vi.advanceTimersByTimeAsync(40_000);
    const outcomes = await Promise.all(calls);
    expect(outcomes.slice(0, 8)).toEqual(Array(8).fill('ok'));
    expect(outcomes[8]).toBeInstanceOf(TimeoutError);
    expect(sentAt.map((at) => at - start)).toEqual([0, 4000, 8000, 12000, 16000, 20000, 24000, 28000]);
    expect(polite.stats.sent).toBe(8);
  });

  it('a client timeoutMs longer than the queue serves every call', async () => {
    vi.useFakeTimers();
    const polite = politeFetch({ fetch: (async () => Response.json({})) as typeof fetch });
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: polite, maxRetries: 0, timeoutMs: 60_000 });
    const calls = Array.from({ length: 12 }, (_, n) => x.predictionGetMarket({ path: { marketId: `m${n}` } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await Promise.all(calls)).toHaveLength(12);
    expect(polite.stats.sent).toBe(12);
  });
});
