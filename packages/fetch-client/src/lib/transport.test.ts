// The request pipeline through an injected fetch: URL, headers, API key, bearer, result shape.
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, sequence, swapOrderQuery } from '../../test/fake-fetch.js';
import { createClient } from './create-client.js';
import { AuthenticationError } from './errors.js';

const baseUrl = 'http://127.0.0.1:9/base/';
const apiKey = 'test-key-3f9a1c';

describe('requests', () => {
  it('builds the URL from base, path template, path and query parameters', async () => {
    const fake = fakeFetch(() => json({ id: 'o' }));
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch });
    await x.triggerV2UpdatePriceOrder({ path: { id: 'a/b c' }, body: { orderType: 'single', slippageBps: 10 } });
    await x.predictionListEvents({ query: { category: 'sports', start: 0, includeMarkets: null } });
    expect(fake.requests[0]!.url).toBe('http://127.0.0.1:9/base/trigger/v2/orders/price/a%2Fb%20c');
    expect(fake.requests[0]!.method).toBe('PATCH');
    expect(fake.requests[1]!.url).toBe('http://127.0.0.1:9/base/prediction/v1/events?category=sports&start=0');
  });

  it('sends x-api-key, accept and custom headers on every request, and JSON bodies', async () => {
    const fake = fakeFetch(() => json({}));
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, headers: { 'x-client': 'tests' } });
    await x.swapGetOrder({ query: swapOrderQuery, headers: { 'x-trace': '1' } });
    await x.swapExecute({ body: { signedTransaction: 'AQ==', requestId: 'r-1' } });
    for (const request of fake.requests) {
      expect(request.headers.get('x-api-key')).toBe(apiKey);
      expect(request.headers.get('accept')).toBe('application/json');
      expect(request.headers.get('x-client')).toBe('tests');
    }
    expect(fake.requests[0]!.headers.get('x-trace')).toBe('1');
    expect(fake.requests[1]!.headers.get('content-type')).toBe('application/json');
    expect(await fake.requests[1]!.json()).toEqual({ signedTransaction: 'AQ==', requestId: 'r-1' });
  });

  it('resolves to data, status, headers and the rate-limit headers', async () => {
    const fake = fakeFetch(() =>
      json({ trading_active: true }, 200, {
        'x-ratelimit-remaining': '-1',
        'x-ratelimit-current': '61',
        'x-ratelimit-reset': '1763686800',
      }),
    );
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch });
    const result = await x.predictionGetTradingStatus();
    expect(result.data).toEqual({ trading_active: true });
    expect(result.status).toBe(200);
    expect(result.rateLimit).toEqual({ remaining: -1, current: 61, reset: 1763686800 });
    expect(result.response).toBeInstanceOf(Response);
  });

  it('requires a baseUrl', () => {
    expect(() => createClient({ baseUrl: '' })).toThrow(/baseUrl/);
  });

  it('rejects a missing path parameter before sending anything', async () => {
    const fake = fakeFetch(() => json({}));
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch });
    // @ts-expect-error the path parameter is required
    await expect(x.predictionGetMarket({ path: {} })).rejects.toThrow(/marketId/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('bearer tokens (trigger v2)', () => {
  const provider = () => {
    let n = 0;
    return { getToken: vi.fn(async (options?: { refresh?: boolean }) => `jwt-${options?.refresh ? 'renewed' : 'cached'}-${n++}`) };
  };

  it('asks for a token only for operations whose security includes TriggerJwt', async () => {
    const fake = fakeFetch(() => json({ userPubkey: 'u', vaultPubkey: 'v' }));
    const bearer = provider();
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, bearer });
    await x.triggerV2CreateChallenge({ body: { walletPubkey: 'w', type: 'message' } });
    expect(bearer.getToken).not.toHaveBeenCalled();
    expect(fake.requests[0]!.headers.has('authorization')).toBe(false);
    await x.triggerV2GetVault();
    expect(bearer.getToken).toHaveBeenCalledTimes(1);
    expect(fake.requests[1]!.headers.get('authorization')).toBe('Bearer jwt-cached-0');
    expect(fake.requests[1]!.headers.get('x-api-key')).toBe(apiKey);
  });

  it('on a 401 renews the token once and repeats the request once', async () => {
    const fake = fakeFetch(
      sequence(
        () => json({ error: 'Unauthorized' }, 401),
        () => json({ userPubkey: 'u', vaultPubkey: 'v' }),
      ),
    );
    const bearer = provider();
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, bearer });
    const { data } = await x.triggerV2GetVault();
    expect(data.vaultPubkey).toBe('v');
    expect(bearer.getToken).toHaveBeenNthCalledWith(2, expect.objectContaining({ refresh: true }));
    expect(fake.requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer jwt-cached-0', 'Bearer jwt-renewed-1']);
  });

  it('a second 401 is an AuthenticationError (no loop)', async () => {
    const fake = fakeFetch(() => json({ error: 'Unauthorized' }, 401));
    const bearer = provider();
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, bearer });
    await expect(x.triggerV2CreatePriceOrder({ body: {} as never })).rejects.toBeInstanceOf(AuthenticationError);
    expect(fake.requests).toHaveLength(2);
    expect(bearer.getToken).toHaveBeenCalledTimes(2);
  });

  it("the gateway's 401 (the API key refused) renews no token: a new one would not help", async () => {
    const fake = fakeFetch(() => json({ code: 401, message: 'Unauthorized' }, 401));
    const bearer = provider();
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, bearer });
    const error = await x.triggerV2GetVault().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).source).toBe('gateway');
    expect(fake.requests).toHaveLength(1);
    expect(bearer.getToken).toHaveBeenCalledTimes(1);
  });

  it('a 401 from an operation without bearer is not retried', async () => {
    const fake = fakeFetch(() => json({ error: 'Unauthorized' }, 401));
    const bearer = provider();
    const x = createClient({ baseUrl, apiKey, fetch: fake.fetch, bearer });
    await expect(x.predictionGetTradingStatus()).rejects.toBeInstanceOf(AuthenticationError);
    expect(fake.requests).toHaveLength(1);
    expect(bearer.getToken).not.toHaveBeenCalled();
  });
});

describe('the API key stays secret', () => {
  const secret = 'sk-live-SECRET-7c41e9';

  it('never appears in errors (message, JSON, inspection) or logs', async () => {
    const { inspect } = await import('node:util');
    const logs: unknown[] = [];
    const logger = { debug: (...args: unknown[]) => logs.push(args), warn: (...args: unknown[]) => logs.push(args) };
    const fake = fakeFetch(
      sequence(
        () => json({ message: 'busy' }, 503),
        () => json({ error: 'bad request', cause: 'x', code: 400 }, 400),
      ),
    );
    const x = createClient({ baseUrl, apiKey: secret, fetch: fake.fetch, logger, logLevel: 'debug', retryBaseDelayMs: 1 });
    const viaGet = await x.predictionGetTradingStatus({ throwOnError: false, maxRetries: 1 });
    const viaPost = await x.triggerV1CreateOrder({ body: {} as never, throwOnError: false });
    const failures = [viaGet.error, viaPost.error];
    expect(failures.every(Boolean)).toBe(true);
    expect(logs.length).toBeGreaterThan(0);
    const texts = [
      ...failures.flatMap((e) => [String(e), (e as Error).stack ?? '', JSON.stringify(e), inspect(e, { depth: 5 })]),
      JSON.stringify(logs),
      inspect(x, { depth: 5 }),
      JSON.stringify(x),
    ];
    for (const text of texts) expect(text).not.toContain(secret);
    // The check itself can fail: the key is on the wire.
    expect(fake.requests[0]!.headers.get('x-api-key')).toBe(secret);
  });
});
