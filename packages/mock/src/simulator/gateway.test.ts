// The gateway in front of every area: a missing or refused key (401), a key without access to the
// area (403) and the rate limit (429) answer in the gateway's `{code, message}`, each equal to one
// of the spec's examples of that response; the area's own errors keep the area's shape.
import {
  type ApiError,
  AuthenticationError,
  BadRequestError,
  PermissionDeniedError,
  RateLimitError,
  createClient,
  isGatewayError,
} from '@x/fetch-client';
import { describe, expect, it } from 'vitest';
import { listen } from '../node/index.js';
import { bundledSpec, deref } from './spec.js';
import { areaOf } from './key-access.js';
import { call, makeSimulator, NATIVE, STABLECOIN } from './test-support/harness.js';

const order = { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000' };

/** The example bodies the spec gives for a shared response (`Unauthorized`, `Forbidden`, `RateLimited`). */
function examplesOf(name: string): unknown[] {
  const response = deref(bundledSpec, bundledSpec.components!.responses![name]!);
  return Object.values(response.content!['application/json']!.examples ?? {}).map((e) => deref(bundledSpec, e).value);
}

describe("the gateway's answers", () => {
  it('a missing key and a refused key are its 401, as the spec shows it', async () => {
    const sim = makeSimulator({ apiKeys: ['k1'] });
    const missing = await call(sim, 'GET', '/swap/v2/order', { apiKey: null, query: order });
    const wrong = await call(sim, 'GET', '/swap/v2/order', { apiKey: 'k2', query: order });
    for (const res of [missing, wrong]) {
      expect(res.status).toBe(401);
      expect(examplesOf('Unauthorized')).toContainEqual(res.body);
    }
    expect((await call(sim, 'GET', '/swap/v2/order', { apiKey: 'k1', query: order })).status).toBe(200);
  });

  it('stands before the routes: a path no operation serves is refused its key first, then is 404 or 405', async () => {
    const sim = makeSimulator({ apiKeys: ['k1'] });
    for (const [method, path] of [
      ['GET', '/prediction/v1/nothing'],
      ['GET', '/nowhere'],
      ['DELETE', '/swap/v2/order'],
    ] as const) {
      for (const apiKey of [null, 'k2']) {
        // No operation there, so no answer of the spec to check it against.
        const res = await call(sim, method, path, { apiKey, unchecked: true });
        expect(res.status, `${method} ${path} ${apiKey}`).toBe(401);
        expect(examplesOf('Unauthorized')).toContainEqual(res.body);
      }
    }
    expect((await call(sim, 'GET', '/prediction/v1/nothing', { apiKey: 'k1', unchecked: true })).status).toBe(404);
    const wrongMethod = await call(sim, 'DELETE', '/swap/v2/order', { apiKey: 'k1', unchecked: true });
    expect(wrongMethod.status).toBe(405);

    const limited = makeSimulator({ keyAreas: { swapper: ['swap'] } });
    const elsewhere = await call(limited, 'GET', '/prediction/v1/nothing', { apiKey: 'swapper', unchecked: true });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ code: 403, message: 'API key does not have access to this endpoint' });
    expect((await call(limited, 'GET', '/swap/v2/nothing', { apiKey: 'swapper', unchecked: true })).status).toBe(404);
  });

  it('a key limited to some areas gets its 403 elsewhere, in every area, before the area checks anything', async () => {
    const sim = makeSimulator({ keyAreas: { priceOnly: [], swapper: ['swap'] } });
    const denied = await call(sim, 'GET', '/swap/v2/order', { apiKey: 'priceOnly', query: {} });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ code: 403, message: 'API key does not have access to this endpoint' });
    expect(examplesOf('Forbidden')).toContainEqual(denied.body);
    expect(denied.headers.get('x-ratelimit-remaining')).toBeNull();

    // swap covers /tx/ too; other areas answer 403, trigger v2 included (before its bearer check).
    expect((await call(sim, 'GET', '/swap/v2/order', { apiKey: 'swapper', query: order })).status).toBe(200);
    expect((await call(sim, 'POST', '/tx/v1/submit', { apiKey: 'swapper', body: {} })).status).toBe(400);
    for (const [method, path] of [
      ['GET', '/prediction/v1/trading-status'],
      ['GET', '/trigger/v2/vault'],
      ['POST', '/trigger/v1/createOrder'],
      ['GET', '/lend/v1/borrow/vaults'],
      ['GET', '/tokens/v2/verify/express/check-eligibility'],
    ] as const) {
      const res = await call(sim, method, path, { apiKey: 'swapper' });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ code: 403, message: 'API key does not have access to this endpoint' });
    }
    // Keys without a list may call everything.
    expect((await call(sim, 'GET', '/prediction/v1/trading-status', { apiKey: 'anyone' })).status).toBe(200);
  });

  it('the control API changes a key’s areas, reset restores the configured ones, bad input is refused', async () => {
    const sim = makeSimulator({ keyAreas: { k: ['prediction'] } });
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults', { apiKey: 'k' })).status).toBe(403);
    sim.control.setKeyAreas('k', ['lend']);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults', { apiKey: 'k' })).status).toBe(200);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status', { apiKey: 'k' })).status).toBe(403);
    sim.control.setKeyAreas('k');
    expect((await call(sim, 'GET', '/prediction/v1/trading-status', { apiKey: 'k' })).status).toBe(200);
    sim.control.reset();
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults', { apiKey: 'k' })).status).toBe(403);
    expect(() => sim.control.setKeyAreas('k', ['price'])).toThrow(/unknown area price/);
    expect(() => sim.control.setKeyAreas('', ['swap'])).toThrow(RangeError);
    expect(() => makeSimulator({ keyAreas: { k: ['swaps'] } })).toThrow(/unknown area swaps/);

    // Over HTTP.
    const post = (body: unknown) =>
      sim.fetch(new Request('http://localhost/__control/set-key-areas', { method: 'POST', body: JSON.stringify(body) }));
    expect((await post({ apiKey: 'k', areas: ['swap'] })).status).toBe(200);
    expect((await call(sim, 'GET', '/swap/v2/order', { apiKey: 'k', query: order })).status).toBe(200);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults', { apiKey: 'k' })).status).toBe(403);
    const refused = await post({ apiKey: 'k', areas: ['nowhere'] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/unknown area nowhere/);
    expect((await post({ apiKey: 'k', areas: 'swap' })).status).toBe(400);
  });

  it('the rate limit is its 429, as the spec shows it', async () => {
    const sim = makeSimulator({ rateLimit: { limit: 1 } });
    await call(sim, 'GET', '/prediction/v1/trading-status');
    const limited = await call(sim, 'GET', '/trigger/v2/vault');
    expect(limited.status).toBe(429);
    expect(examplesOf('RateLimited')).toContainEqual(limited.body);
  });

  it('the areas keep their own shapes: a trigger v2 bearer 401 is {error}, a swap order 400 is {error, requestId}', async () => {
    const sim = makeSimulator();
    const bearer = await call(sim, 'GET', '/trigger/v2/vault', { token: 'not.a.token' });
    expect(bearer.status).toBe(401);
    expect(bearer.body).toEqual({ error: 'Unauthorized' });
    const swap = await call(sim, 'GET', '/swap/v2/order', { query: { ...order, amount: '-1' } });
    expect(swap.status).toBe(400);
    expect(Object.keys(swap.body).sort()).toEqual(['error', 'requestId']);
  });

  it('areas: first path segment, /tx/ under swap', () => {
    expect(['/swap/v2/order', '/tx/v1/submit', '/trigger/v2/vault', '/tokens/v2/verify/express/execute'].map(areaOf)).toEqual([
      'swap',
      'swap',
      'trigger',
      'tokens',
    ]);
  });
});

describe("over HTTP, through the client's typed errors: one catch reads both sources", () => {
  it("missing key, wrong key, key without access, rate limit: the gateway's; a swap order 400 and a trigger v2 bearer 401: the area's", async () => {
    const sim = makeSimulator({ apiKeys: ['good', 'lender'], keyAreas: { lender: ['lend'] }, rateLimit: { limit: 2 } });
    const running = await listen(sim, { port: 0, host: '127.0.0.1' });
    try {
      const client = (apiKey?: string) => createClient({ baseUrl: running.url, maxRetries: 0, ...(apiKey ? { apiKey } : {}) });
      const fail = (promise: Promise<unknown>) =>
        promise.then(
          () => {
            throw new Error('expected an error');
          },
          (e: unknown) => e as ApiError,
        );
      const read = (e: ApiError) => ({ status: e.status, source: e.source, code: e.code, serverMessage: e.serverMessage });

      const missing = await fail(client().swapGetOrder({ query: order }));
      const wrong = await fail(client('nope').swapGetOrder({ query: order }));
      const noAccess = await fail(client('lender').swapGetOrder({ query: order }));
      for (const e of [missing, wrong]) {
        expect(e).toBeInstanceOf(AuthenticationError);
        expect(read(e)).toEqual({ status: 401, source: 'gateway', code: 401, serverMessage: 'Unauthorized' });
      }
      expect(noAccess).toBeInstanceOf(PermissionDeniedError);
      expect(isGatewayError(noAccess)).toBe(true);
      expect(read(noAccess)).toEqual({
        status: 403,
        source: 'gateway',
        code: 403,
        serverMessage: 'API key does not have access to this endpoint',
      });

      const good = client('good');
      const badOrder = await fail(good.swapGetOrder({ query: { ...order, amount: '-1' } }));
      expect(badOrder).toBeInstanceOf(BadRequestError);
      expect(badOrder.source).toBe('area');
      expect(badOrder.serverMessage).toMatch(/amount/);
      expect(badOrder.requestId).toEqual(expect.any(String));

      const bearer = await fail(good.triggerV2GetVault());
      expect(bearer).toBeInstanceOf(AuthenticationError);
      expect(read(bearer)).toEqual({ status: 401, source: 'area', code: undefined, serverMessage: 'Unauthorized' });

      // Two counted for `good` (its 400 and its bearer 401 passed the gateway); the third is over the limit.
      const limited = await fail(good.predictionGetTradingStatus());
      expect(limited).toBeInstanceOf(RateLimitError);
      expect(read(limited)).toEqual({ status: 429, source: 'gateway', code: 429, serverMessage: '[API Gateway] Too many requests' });
      expect((limited as RateLimitError).rateLimit.remaining).toBe(0);
    } finally {
      await running.close();
    }
  });
});
