import { describe, expect, it } from 'vitest';
import { HANDLERS } from './handlers.js';
import { call, makeSimulator, PLATFORM_TOKEN, specOperations, STABLECOIN } from './test-support/harness.js';

const order = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000' };

describe('pipeline stages', () => {
  it('routes every operation of the spec to a handler', () => {
    const sim = makeSimulator();
    const ids = sim.operations.map((o) => o.operationId);
    expect(ids).toEqual(specOperations.map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(HANDLERS).sort()).toEqual([...ids].sort());
  });

  it("answers the gateway's 401 {code, message} without x-api-key, in every area", async () => {
    const sim = makeSimulator();
    for (const [method, path] of [
      ['GET', '/swap/v2/order'],
      ['POST', '/trigger/v1/createOrder'],
      ['GET', '/prediction/v1/trading-status'],
      ['POST', '/trigger/v2/auth/challenge'],
      ['GET', '/trigger/v2/vault'],
      ['GET', '/lend/v1/borrow/vaults'],
    ] as const) {
      const res = await call(sim, method, path, { apiKey: null, query: order });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ code: 401, message: 'Unauthorized' });
    }
  });

  it('accepts any non-empty key by default and only the listed keys when apiKeys is set', async () => {
    const open = makeSimulator();
    expect((await call(open, 'GET', '/prediction/v1/trading-status', { apiKey: 'whatever' })).status).toBe(200);
    expect((await call(open, 'GET', '/prediction/v1/trading-status', { apiKey: '' })).status).toBe(401);
    const strict = makeSimulator({ apiKeys: ['k1'] });
    expect((await call(strict, 'GET', '/prediction/v1/trading-status', { apiKey: 'k2' })).status).toBe(401);
    expect((await call(strict, 'GET', '/prediction/v1/trading-status', { apiKey: 'k1' })).status).toBe(200);
  });

  it("puts the rate-limit headers on every answer the gateway lets through, errors included; not on the gateway's 401", async () => {
    const sim = makeSimulator();
    const ok = await call(sim, 'GET', '/prediction/v1/trading-status');
    const bad = await call(sim, 'GET', '/swap/v2/order', { query: { inputMint: 'nope' } });
    const bearer = await call(sim, 'GET', '/trigger/v2/vault');
    for (const res of [ok, bad, bearer]) {
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^-?\d+$/);
      expect(res.headers.get('x-ratelimit-current')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    }
    expect(Number(bad.headers.get('x-ratelimit-current'))).toBe(Number(ok.headers.get('x-ratelimit-current')) + 1);
    const unauthorized = await call(sim, 'GET', '/prediction/v1/trading-status', { apiKey: null });
    expect(unauthorized.headers.get('x-ratelimit-remaining')).toBeNull();
    // A refused request is not counted.
    const after = await call(sim, 'GET', '/prediction/v1/trading-status');
    expect(Number(after.headers.get('x-ratelimit-current'))).toBe(Number(bearer.headers.get('x-ratelimit-current')) + 1);
  });

  it('answers 429 past the limit, with a separate bucket for swap execute', async () => {
    const sim = makeSimulator({ rateLimit: { limit: 2 } });
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).status).toBe(200);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).status).toBe(200);
    const limited = await call(sim, 'GET', '/prediction/v1/trading-status');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, message: '[API Gateway] Too many requests' });
    // Retry-After says when the oldest request leaves the 60-second window (no time passed: all of it).
    expect(limited.headers.get('retry-after')).toBe('60');
    const execute = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: 'AAAA', requestId: 'x' } });
    expect(execute.status).toBe(400);
    sim.control.advanceTime(61_000);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).status).toBe(200);
  });

  it('validates requests with each area’s own error body', async () => {
    const sim = makeSimulator();
    const swap = await call(sim, 'GET', '/swap/v2/order', { query: { ...order, amount: '-1' } });
    expect(swap.status).toBe(400);
    expect(Object.keys(swap.body).sort()).toEqual(['error', 'requestId']);
    expect(swap.body.error).toMatch(/amount/);

    const build = await call(sim, 'GET', '/swap/v2/build', { query: order });
    expect(build.status).toBe(400);
    expect(Object.keys(build.body)).toEqual(['error']);

    const express = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: 'bad!' } });
    expect(express.status).toBe(400);
    expect(express.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(express.body.message).toMatch(/senderAddress/);

    const v1 = await call(sim, 'POST', '/trigger/v1/createOrder', { body: { maker: 'x' } });
    expect(v1.status).toBe(400);
    expect(v1.body).toMatchObject({ code: 400 });
    expect(typeof v1.body.error).toBe('string');
    expect(typeof v1.body.cause).toBe('string');

    const v2 = await call(sim, 'POST', '/trigger/v2/auth/challenge', {
      body: { walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', type: 'sms' },
    });
    expect(v2.status).toBe(400);
    expect(typeof v2.body.error).toBe('string');

    const prediction = await call(sim, 'GET', '/prediction/v1/events', { query: { sortBy: 'price' } });
    expect(prediction.status).toBe(400);
    expect(prediction.body).toMatchObject({ code: 'invalid_parameter', param: 'sortBy' });
    expect(prediction.body.request_id).toMatch(/^req_/);
    expect(prediction.body.doc_url).toMatch(/^https:\/\/example\.com\//);

    const execute = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: 'AAAA' } });
    expect(execute.body).toEqual({ error: expect.stringMatching(/requestId/), code: -4 });
    const execute2 = await call(sim, 'POST', '/swap/v2/execute', { body: { requestId: 'r' } });
    expect(execute2.body.code).toBe(-5);
  });

  it('answers malformed JSON and missing bodies with 400, never 5xx', async () => {
    const sim = makeSimulator();
    const broken = await call(sim, 'POST', '/tx/v1/submit', {
      rawBody: '{"signedTransaction":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const empty = await call(sim, 'POST', '/lend/v1/borrow/operate', {});
    expect(empty.status).toBe(400);
  });

  it('answers unknown paths 404 and wrong methods 405 in the area shape', async () => {
    const sim = makeSimulator();
    const missing = await sim.fetch(new Request('http://localhost/prediction/v1/nothing', { headers: { 'x-api-key': 'k' } }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
    const wrong = await sim.fetch(new Request('http://localhost/swap/v2/order', { method: 'DELETE', headers: { 'x-api-key': 'k' } }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('prefers literal path segments over parameters', async () => {
    const sim = makeSimulator();
    const search = await call(sim, 'GET', '/prediction/v1/events/search', { query: { query: 'a' } });
    expect(search.status).toBe(200);
    expect(Array.isArray(search.body.data)).toBe(true);
  });

  it('serves the bundled spec at /openapi.json', async () => {
    const sim = makeSimulator();
    const res = await sim.fetch(new Request('http://localhost/openapi.json'));
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/swap/v2/order');
  });

  it('injects faults with the spec example body, then recovers', async () => {
    const sim = makeSimulator();
    sim.control.injectFault('predictionGetTradingStatus', 500);
    const failed = await call(sim, 'GET', '/prediction/v1/trading-status');
    expect(failed.status).toBe(500);
    expect(typeof failed.body.message).toBe('string');
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).status).toBe(200);
    expect(() => sim.control.injectFault('noSuchOperation', 500)).toThrow(/unknown operationId/);
  });
});

describe('CORS', () => {
  it('answers preflights and lets browsers read the rate-limit headers', async () => {
    const sim = makeSimulator();
    const preflight = await sim.fetch(new Request('http://localhost/swap/v2/order', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
    const res = await sim.fetch(
      new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'k', origin: 'http://localhost:5173' } }),
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const plain = await sim.fetch(new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'k' } }));
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining');
  });
});
