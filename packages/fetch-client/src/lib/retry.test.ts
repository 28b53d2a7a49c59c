// Which requests are repeated, on what, and how long the client waits.
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, rejection, sequence, swapOrderQuery } from '../../test/fake-fetch.js';
import { createClient } from './create-client.js';
import { ConnectionError, InternalServerError, RateLimitError } from './errors.js';
import { backoffMs, isRepeatable, isRetryableStatus } from './retry.js';

const baseUrl = 'http://127.0.0.1:9';

describe('policy', () => {
  it('repeats GETs and the operations the spec marks x-safe-to-retry, nothing else', () => {
    expect(isRepeatable('GET', 'GET /prediction/v1/events')).toBe(true);
    expect(isRepeatable('POST', 'POST /swap/v2/execute')).toBe(true);
    expect(isRepeatable('POST', 'POST /tx/v1/submit')).toBe(false);
    expect(isRepeatable('POST', 'POST /trigger/v2/orders/price')).toBe(false);
    expect(isRepeatable('PATCH', 'PATCH /trigger/v2/orders/price/{id}')).toBe(false);
  });

  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
  ])('status %i retryable: %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });

  it('backs off exponentially with up to 25 % jitter, capped at 8 s', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      expect(backoffMs(0, 500)).toBe(500);
      expect(backoffMs(1, 500)).toBe(1000);
      expect(backoffMs(10, 500)).toBe(8000);
      random.mockReturnValue(1);
      expect(backoffMs(2, 500)).toBe(1500);
    } finally {
      random.mockRestore();
    }
  });
});

describe('retries through the client', () => {
  it('repeats a GET after 503 and succeeds', async () => {
    const fake = fakeFetch(
      sequence(
        () => json({ message: 'down' }, 503),
        () => json({ trading_active: true }),
      ),
    );
    const x = createClient({ baseUrl, fetch: fake.fetch, retryBaseDelayMs: 1 });
    expect((await x.predictionGetTradingStatus()).data).toEqual({ trading_active: true });
    expect(fake.requests).toHaveLength(2);
  });

  it('repeats swap execute (x-safe-to-retry) but not tx submit', async () => {
    const fake = fakeFetch(() => json({ error: 'internal' }, 500));
    const x = createClient({ baseUrl, fetch: fake.fetch, retryBaseDelayMs: 1, maxRetries: 2 });
    await expect(x.swapExecute({ body: { signedTransaction: 'AQ==', requestId: 'r' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.requests).toHaveLength(3);
    fake.requests.length = 0;
    await expect(x.txSubmit({ body: { signedTransaction: 'AQ==' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.requests).toHaveLength(1);
  });

  it('repeats a GET after a network error, never a plain POST', async () => {
    let calls = 0;
    const flaky = (async () => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return json({ data: [] });
    }) as typeof fetch;
    const x = createClient({ baseUrl, fetch: flaky, retryBaseDelayMs: 1 });
    expect((await x.predictionGetEventScores({ query: { eventIds: 'a' } as never })).data).toEqual({ data: [] });
    expect(calls).toBe(2);

    calls = 0;
    const error = await x.triggerV1Execute({ body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe('POST /trigger/v1/execute failed: fetch failed (ECONNRESET)');
    expect(calls).toBe(1);
  });

  it('gives up at once when the server asks for a wait above the cap, and says how long', async () => {
    const fake = fakeFetch(() => json({ code: 429, message: 'Rate limit exceeded' }, 429, { 'retry-after': '120' }));
    const x = createClient({ baseUrl, fetch: fake.fetch, maxRetryDelayMs: 5_000 });
    const error = await rejection<RateLimitError>(x.swapGetOrder({ query: swapOrderQuery }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('the cap limits the waits a server asks for, never the backoff', async () => {
    const fake = fakeFetch(
      sequence(
        () => json({ message: 'down' }, 503),
        () => json({ trading_active: true }),
      ),
    );
    const x = createClient({ baseUrl, fetch: fake.fetch, retryBaseDelayMs: 20, maxRetryDelayMs: 1 });
    await x.predictionGetTradingStatus();
    expect(fake.requests).toHaveLength(2);
  });

  it('maxRetries: 0 disables retries', async () => {
    const fake = fakeFetch(() => json({ message: 'down' }, 503));
    const x = createClient({ baseUrl, fetch: fake.fetch, maxRetries: 0 });
    await expect(x.predictionGetTradingStatus()).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.requests).toHaveLength(1);
  });
});
