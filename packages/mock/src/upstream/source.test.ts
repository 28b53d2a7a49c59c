// The live market source's manners, on a fake wall clock (no real waiting): one limiter for every
// call, Retry-After and x-ratelimit-* honoured, a cache per kind of data, identical reads in flight
// coalesced, only the upstream key sent, only read-only operations asked, outages survived with
// cached answers and a circuit, drift checked against the spec. The redirect and slow-answer
// cases run against scripted servers on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { json, startScriptedServer, type ScriptedServer } from '../check/test-support/scripted-server.js';
import type { MarketAnswer, MarketQuery } from '../simulator/market/source.js';
import { bundledSpec } from '../simulator/spec.js';
import { call, makeSimulator, TAKER } from '../simulator/test-support/harness.js';
import { createUpstreamSource, type UpstreamOptions } from './source.js';

interface Sent {
  at: number;
  url: string;
  headers: Record<string, string>;
}

/**
 * A source on a fake clock whose fetch answers with `answer`. A sleep of N fake ms waits N µs of
 * real time (so concurrent sleeps end in their order) and then moves the clock to its end.
 */
function fakeUpstream(answer: (url: string, index: number) => Response | Promise<Response>, options: Partial<UpstreamOptions> = {}) {
  const clock = { t: 1_000_000 };
  const sent: Sent[] = [];
  const logged: string[] = [];
  const source = createUpstreamSource(
    {
      baseUrl: 'http://127.0.0.1:9',
      now: () => clock.t,
      sleep: async (ms) => {
        const until = clock.t + ms;
        await new Promise((resolve) => setTimeout(resolve, ms / 1000));
        clock.t = Math.max(clock.t, until);
      },
      fetch: (async (url: string, init: RequestInit) => {
        sent.push({ at: clock.t, url: String(url), headers: init.headers as Record<string, string> });
        return answer(String(url), sent.length - 1);
      }) as typeof fetch,
      log: (line) => logged.push(line),
      watchIntervalMs: 0,
      ...options,
    },
    { doc: bundledSpec, simNow: () => 0 },
  );
  return { source, clock, sent, logged };
}

const ok = (body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
const scores = (eventIds: string): MarketQuery => ({
  operationId: 'predictionGetEventScores',
  path: '/prediction/v1/events/scores',
  params: { eventIds },
});
const status: MarketQuery = { operationId: 'predictionGetTradingStatus', path: '/prediction/v1/trading-status', params: {} };
const read = async (source: { read(q: MarketQuery): MarketAnswer | Promise<MarketAnswer> }, q: MarketQuery) => await source.read(q);

describe('upstream source: pacing', () => {
  it('spaces every call by the interval, whatever the operation', async () => {
    const { source, sent } = fakeUpstream(() => ok({ data: [] }), { intervalMs: 1_000, timeoutMs: 10_000 });
    const answers = await Promise.all(['a', 'b', 'c'].map((id) => read(source, scores(id))));
    expect(answers.every((a) => a.kind === 'market')).toBe(true);
    expect(sent.map((s) => s.at - sent[0]!.at)).toEqual([0, 1_000, 2_000]);
  });

  it('keeps well under the keyless 0.5 requests per second by default, and paces faster with a key', () => {
    const keyless = fakeUpstream(() => ok({})).source.report();
    const keyed = fakeUpstream(() => ok({}), { apiKey: 'k' }).source.report();
    expect((keyless.limiter as { intervalMs: number }).intervalMs).toBe(4_000);
    expect((keyed.limiter as { intervalMs: number }).intervalMs).toBe(1_000);
  });

  it('does not queue a read past the client time limit: 503 at once, no call', async () => {
    const { source, sent } = fakeUpstream(() => ok({ data: [] }), { intervalMs: 4_000, timeoutMs: 2_000 });
    const [first, second] = await Promise.all([read(source, scores('a')), read(source, scores('b'))]);
    expect(first.kind).toBe('market');
    expect(second).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(sent).toHaveLength(1);
  });

  it('waits out a Retry-After before the next call', async () => {
    const { source, sent } = fakeUpstream(
      (_, i) =>
        i === 0 ? new Response('{"code":429,"message":"slow down"}', { status: 429, headers: { 'retry-after': '30' } }) : ok({ data: [] }),
      { intervalMs: 100, timeoutMs: 100_000 },
    );
    expect(await read(source, scores('a'))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect((await read(source, scores('b'))).kind).toBe('market');
    expect(sent[1]!.at - sent[0]!.at).toBe(30_000);
  });

  it('waits for x-ratelimit-reset once x-ratelimit-remaining reaches 0', async () => {
    const { source, sent, clock } = fakeUpstream(
      (_, i) =>
        ok(
          { data: [] },
          i === 0
            ? { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(clock.t / 1000 + 20), date: new Date(clock.t).toUTCString() }
            : {},
        ),
      { intervalMs: 100, timeoutMs: 100_000 },
    );
    await read(source, scores('a'));
    await read(source, scores('b'));
    expect(sent[1]!.at - sent[0]!.at).toBe(20_000);
  });
});

describe('upstream source: options', () => {
  it.each([
    [{ baseUrl: 'ftp://127.0.0.1' }, /http\(s\) URL/],
    [{ baseUrl: 'http://127.0.0.1', intervalMs: -1 }, /intervalMs/],
    [{ baseUrl: 'http://127.0.0.1', ttlMs: { quote: Number.NaN } }, /quote/],
    [{ baseUrl: 'http://127.0.0.1', circuitFailures: 0 }, /circuitFailures/],
  ])('refuses %j', (options, message) => {
    expect(() => createUpstreamSource(options, { doc: bundledSpec, simNow: () => 0 })).toThrow(message);
  });
});

describe('upstream source: cache and coalescing', () => {
  it('shares the budget among the reads in use: each is refreshed in turn, none takes every slot', async () => {
    // An open-loop bot: five reads in turn, one every 100 ms, whatever the limiter says.
    const { source, sent, clock } = fakeUpstream(() => ok({ data: [] }), {
      intervalMs: 1_000,
      timeoutMs: 2_000,
      ttlMs: { live: 0 },
      sleep: async () => {},
    });
    const start = clock.t;
    for (let i = 0; i < 300; i++) {
      clock.t = start + i * 100;
      await read(source, scores(`event-${i % 5}`));
    }
    const perRead = new Map<string, number>();
    for (const s of sent)
      perRead.set(new URL(s.url).searchParams.get('eventIds')!, (perRead.get(new URL(s.url).searchParams.get('eventIds')!) ?? 0) + 1);
    expect(sent.length).toBeLessThanOrEqual(31);
    for (let k = 0; k < 5; k++) expect(perRead.get(`event-${k}`), `event-${k}`).toBeGreaterThanOrEqual(4);
  });

  it('serves a read from the cache for its kind of data, then asks again', async () => {
    const { source, sent, clock } = fakeUpstream(() => ok({ trading_active: true }), { intervalMs: 0, ttlMs: { live: 5_000 } });
    await read(source, status);
    await read(source, status);
    expect(sent).toHaveLength(1);
    clock.t += 5_000;
    await read(source, status);
    expect(sent).toHaveLength(2);
    expect(source.report()).toMatchObject({ calls: 2, cacheHits: 1 });
  });

  it('makes one call for identical reads in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { source, sent } = fakeUpstream(
      async () => {
        await gate;
        return ok({ trading_active: false });
      },
      { intervalMs: 0, ttlMs: { live: 0 } },
    );
    const pending = Promise.all(Array.from({ length: 5 }, () => read(source, status)));
    release();
    const answers = await pending;
    expect(sent).toHaveLength(1);
    expect(answers.map((a) => (a as { body: unknown }).body)).toEqual(Array(5).fill({ trading_active: false }));
    expect(source.report()).toMatchObject({ coalesced: 4 });
  });
});

describe('upstream source: what it sends', () => {
  it('sends only GETs with the upstream key, never a bearer', async () => {
    const { source, sent } = fakeUpstream(() => ok({ trading_active: true }), { intervalMs: 0, apiKey: 'upstream-secret' });
    await read(source, status);
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/prediction/v1/trading-status');
    expect(sent[0]!.headers).toEqual({ accept: 'application/json', 'user-agent': 'x-mock-upstream', 'x-api-key': 'upstream-secret' });
    const keyless = fakeUpstream(() => ok({ trading_active: true }), { intervalMs: 0 });
    await read(keyless.source, status);
    expect(Object.keys(keyless.sent[0]!.headers)).not.toContain('x-api-key');
  });

  it('never asks for an operation that writes or is not read-only in the spec', async () => {
    const { source, sent } = fakeUpstream(() => ok({}), { intervalMs: 0 });
    for (const [operationId, path] of [
      ['triggerV2RegisterVault', '/trigger/v2/vault/register'],
      ['swapExecute', '/swap/v2/execute'],
      ['triggerV2CreatePriceOrder', '/trigger/v2/orders/price'],
      ['nope', '/nope'],
    ] as const) {
      expect(await read(source, { operationId, path, params: {} })).toEqual({ kind: 'local' });
    }
    expect(sent).toHaveLength(0);
    expect(source.report()).toMatchObject({ refused: 4, calls: 0 });
  });
});

describe('upstream source: outages and drift', () => {
  it('serves a cached answer while the upstream fails, then stops calling it for a while', async () => {
    let down = false;
    const { source, sent, clock } = fakeUpstream(
      () => {
        if (down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
        return ok({ trading_active: true });
      },
      { intervalMs: 0, ttlMs: { live: 1_000 }, circuitFailures: 3, circuitOpenMs: 30_000 },
    );
    await read(source, status);
    down = true;
    clock.t += 2_000;
    for (let i = 0; i < 3; i++) expect(await read(source, status)).toEqual({ kind: 'market', status: 200, body: { trading_active: true } });
    expect(sent).toHaveLength(4);
    expect(source.report()).toMatchObject({ staleServed: 3, circuit: { state: 'open' } });
    // Open: no call, the cached answer still served; with nothing cached, 503.
    await read(source, status);
    expect(await read(source, scores('x'))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(sent).toHaveLength(4);
    // After the open time one probe goes through and closes the circuit.
    down = false;
    clock.t += 30_000;
    await read(source, status);
    expect(sent).toHaveLength(5);
    expect(source.report()).toMatchObject({ circuit: { state: 'closed' } });
  });

  it('answers 502 when the upstream fails and nothing is cached', async () => {
    const { source } = fakeUpstream(() => new Response('{"error":"boom"}', { status: 500 }), { intervalMs: 0 });
    expect(await read(source, status)).toMatchObject({ kind: 'unavailable', status: 502 });
  });

  it('serves an answer with additive drift and logs it; falls back on breaking drift and reports it', async () => {
    const { source, logged } = fakeUpstream((url) => ok(url.includes('scores') ? { data: [], newField: 1 } : { trading_active: 'yes' }), {
      intervalMs: 0,
    });
    expect(await read(source, scores('a'))).toEqual({ kind: 'market', status: 200, body: { data: [], newField: 1 } });
    expect(await read(source, status)).toEqual({ kind: 'local' });
    const drift = source.report().drift as { additive: unknown[]; breaking: unknown[]; fallbacks: number };
    expect(drift.additive).toEqual([expect.objectContaining({ operationId: 'predictionGetEventScores', pointer: '/newField' })]);
    expect(drift.breaking).toEqual([expect.objectContaining({ operationId: 'predictionGetTradingStatus', pointer: '/trading_active' })]);
    expect(drift.fallbacks).toBe(1);
    expect(logged.join('\n')).toMatch(/additive drift in predictionGetEventScores at body \/newField/);
    expect(logged.join('\n')).toMatch(/breaking drift in predictionGetTradingStatus/);
  });
});

describe('upstream source: when to try again (Retry-After of its 503)', () => {
  it("passes on the upstream's Retry-After of a 429", async () => {
    const { source } = fakeUpstream(
      () => new Response('{"code":429,"message":"slow down"}', { status: 429, headers: { 'retry-after': '30' } }),
      { intervalMs: 100 },
    );
    expect(await read(source, scores('a'))).toEqual(expect.objectContaining({ kind: 'unavailable', status: 503, retryAfterMs: 30_000 }));
  });

  it('says when its own limiter lets the next call go, for a 503 with no hint and when its budget is used up', async () => {
    const { source } = fakeUpstream(() => new Response('{"error":"maintenance"}', { status: 503 }), { intervalMs: 100 });
    // No hint from the upstream: the limiter pauses 5 s, and says so.
    expect(await read(source, scores('a'))).toEqual(expect.objectContaining({ status: 503, retryAfterMs: 5_000 }));
    const paced = fakeUpstream(() => ok({ data: [] }), { intervalMs: 4_000, timeoutMs: 2_000 });
    const [, second] = await Promise.all([read(paced.source, scores('a')), read(paced.source, scores('b'))]);
    expect(second).toEqual(expect.objectContaining({ status: 503, retryAfterMs: 4_000 }));
  });

  it('never calls inside a Retry-After wait, even with a turn reserved before the 429 arrived', async () => {
    // An upstream answering 429 with Retry-After: 5 for its first 12.7 s; five reads at once.
    const waits: Array<[number, number]> = [];
    let start = 0;
    const { source, sent, clock } = fakeUpstream(
      (_, index) => {
        if (index === 0) start = clock.t;
        if (clock.t - start >= 12_700) return ok({ data: [] });
        waits.push([clock.t, clock.t + 5_000]);
        return new Response('{"code":429,"message":"slow down"}', { status: 429, headers: { 'retry-after': '5' } });
      },
      { intervalMs: 1_000, timeoutMs: 60_000, ttlMs: { live: 0 } },
    );
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => read(source, scores(id))));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.filter((s) => waits.some(([from, to]) => s.at > from && s.at < to)).map((s) => s.at - start)).toEqual([]);
  });

  it('gives up with a 503 and Retry-After when a wait told after its turn was reserved outlasts its budget', async () => {
    const { source, sent } = fakeUpstream(
      () => new Response('{"code":429,"message":"slow down"}', { status: 429, headers: { 'retry-after': '30' } }),
      { intervalMs: 1_000, timeoutMs: 10_000 },
    );
    const [first, second] = await Promise.all([read(source, scores('a')), read(source, scores('b'))]);
    expect(first).toEqual(expect.objectContaining({ status: 503 }));
    expect(second).toEqual(expect.objectContaining({ kind: 'unavailable', status: 503, retryAfterMs: expect.any(Number) }));
    expect((second as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(25_000);
    expect(sent).toHaveLength(1);
  });

  it('says when its open circuit lets a probe through', async () => {
    const { source, clock } = fakeUpstream(
      () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
      { intervalMs: 0, circuitFailures: 2, circuitOpenMs: 30_000 },
    );
    for (let i = 0; i < 2; i++)
      expect(await read(source, scores(`${i}`))).toEqual({ kind: 'unavailable', status: 502, message: expect.any(String) });
    clock.t += 10_000;
    expect(await read(source, scores('x'))).toEqual(expect.objectContaining({ status: 503, retryAfterMs: 20_000 }));
  });
});

describe('upstream source over HTTP', () => {
  const servers: ScriptedServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('never follows a redirect (the upstream key stays with its origin)', async () => {
    const elsewhere = await startScriptedServer((_, res) => json(res, 200, { trading_active: true }));
    const upstream = await startScriptedServer((_, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/prediction/v1/trading-status` });
      res.end();
    });
    servers.push(elsewhere, upstream);
    const source = createUpstreamSource(
      { baseUrl: upstream.url, apiKey: 'k', intervalMs: 0, log: () => {} },
      { doc: bundledSpec, simNow: () => 0 },
    );
    expect(await read(source, status)).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(upstream.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up on a slow upstream within its time limit: 504', async () => {
    const slow = await startScriptedServer(() => new Promise<void>(() => {}));
    servers.push(slow);
    const source = createUpstreamSource(
      { baseUrl: slow.url, intervalMs: 0, timeoutMs: 150, log: () => {} },
      { doc: bundledSpec, simNow: () => 0 },
    );
    expect(await read(source, status)).toMatchObject({ kind: 'unavailable', status: 504 });
  });

  it('answers an outage in the area error shape and keeps local state', async () => {
    const down = await startScriptedServer((_, res) => json(res, 503, { error: 'maintenance' }));
    servers.push(down);
    const sim = makeSimulator({ upstream: { baseUrl: down.url, intervalMs: 0, watchIntervalMs: 0, log: () => {} } });
    sim.control.setBalance(TAKER, 'NATIVE_COIN', 123n);
    const res = await call(sim, 'GET', '/prediction/v1/trading-status');
    expect(res.status).toBe(503);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'doc_url', 'message', 'param', 'request_id']);
    const quote = await call(sim, 'GET', '/swap/v2/order', {
      query: {
        inputMint: 'So11111111111111111111111111111111111111112',
        outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
        amount: '1000',
      },
    });
    expect(quote.status).toBe(503);
    expect(Object.keys(quote.body).sort()).toEqual(['error', 'requestId']);
    expect(sim.control.getBalance(TAKER, 'NATIVE_COIN')).toBe(123n);
  });

  it('sends Retry-After (seconds) on its 503 when it knows when to try again, none on a 502', async () => {
    const upstream = await startScriptedServer((req, res) => {
      if (req.url?.includes('trading-status')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end('{"code":429,"message":"Rate limit exceeded"}');
      } else json(res, 500, { error: 'boom' });
    });
    servers.push(upstream);
    const options = { baseUrl: upstream.url, intervalMs: 0, watchIntervalMs: 0, log: () => {} };
    const limited = await call(makeSimulator({ upstream: options }), 'GET', '/prediction/v1/trading-status');
    expect(limited.status).toBe(503);
    expect(limited.headers.get('retry-after')).toBe('7');
    const failed = await call(makeSimulator({ upstream: options }), 'GET', '/prediction/v1/events/scores', { query: { eventIds: 'e' } });
    expect(failed.status).toBe(502);
    expect(failed.headers.get('retry-after')).toBeNull();
  });
});
