// politeFetch on a fake clock: the waits it takes between requests, the service's Retry-After and
// x-ratelimit-* honoured, GET answers cached for their kind's lifetime, identical GETs in flight
// coalesced, and other methods paced but never cached.
import { describe, expect, it } from 'vitest';
import { type MarketDataKind, politeFetch } from './polite-fetch.js';

const BASE = 'http://127.0.0.1:9';

/** A fake clock whose sleep advances it, a fake service that records when each request arrived. */
function setup(
  options: { intervalMs?: number; keyed?: boolean; kind?: MarketDataKind; ttlMs?: Partial<Record<MarketDataKind, number>> } = {},
  answer: (n: number, request: Request) => Response = (n) => Response.json({ n }),
) {
  let clock = 1_000_000;
  const arrivals: Array<{ at: number; method: string; url: string }> = [];
  const waits: number[] = [];
  const send = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    arrivals.push({ at: clock, method: request.method, url: request.url });
    return answer(arrivals.length, request);
  };
  const polite = politeFetch({
    fetch: send as typeof fetch,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...(options.kind ? { kindOf: () => options.kind } : {}),
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.keyed ? { keyed: true } : {}),
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
  });
  return {
    polite,
    arrivals,
    waits,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

const body = async (response: Response) => (await response.json()) as { n: number };

describe('politeFetch: pacing', () => {
  it('starts each request at least the interval after the one before (4 s keyless, 1 s keyed by default)', async () => {
    const keyless = setup();
    for (const path of ['/a', '/b', '/c']) await keyless.polite(`${BASE}${path}`);
    expect(keyless.arrivals.map((a) => a.at - keyless.arrivals[0]!.at)).toEqual([0, 4_000, 8_000]);
    const keyed = setup({ keyed: true });
    for (const path of ['/a', '/b']) await keyed.polite(`${BASE}${path}`);
    expect(keyed.arrivals[1]!.at - keyed.arrivals[0]!.at).toBe(1_000);
  });

  it('waits only what is left of the interval, and not at all once it has passed', async () => {
    const s = setup({ intervalMs: 500 });
    await s.polite(`${BASE}/a`);
    s.advance(200);
    await s.polite(`${BASE}/b`);
    s.advance(900);
    await s.polite(`${BASE}/c`);
    expect(s.waits).toEqual([300]);
  });

  it('waits what Retry-After asks after a 429', async () => {
    const s = setup({ intervalMs: 100 }, (n) =>
      n === 1 ? new Response('slow down', { status: 429, headers: { 'retry-after': '7' } }) : Response.json({ n }),
    );
    expect((await s.polite(`${BASE}/a`)).status).toBe(429);
    await s.polite(`${BASE}/a`);
    expect(s.arrivals[1]!.at - s.arrivals[0]!.at).toBe(7_000);
  });

  it('waits until x-ratelimit-reset once x-ratelimit-remaining reaches 0 (by the answer Date)', async () => {
    const s = setup({ intervalMs: 100 }, (n) => {
      const date = new Date(s.now());
      const headers: Record<string, string> = { date: date.toUTCString() };
      if (n === 1)
        Object.assign(headers, {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-current': '60',
          'x-ratelimit-reset': String(Math.floor(date.getTime() / 1000) + 30),
        });
      return Response.json({ n }, { headers });
    });
    await s.polite(`${BASE}/a`);
    await s.polite(`${BASE}/b`);
    const gap = s.arrivals[1]!.at - s.arrivals[0]!.at;
    // 30 s after the Date second the answer was sent in (the Date header has no ms).
    expect(gap).toBeGreaterThan(29_000);
    expect(gap).toBeLessThanOrEqual(30_000);
  });

  it("stops waiting for its turn when the request's signal aborts", async () => {
    const polite = politeFetch({ fetch: (async () => Response.json({})) as typeof fetch, intervalMs: 60_000 });
    await polite(`${BASE}/a`);
    const controller = new AbortController();
    const waiting = polite(`${BASE}/b`, { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
  });

  it('paces other methods on the same limiter and never caches them', async () => {
    const s = setup({ intervalMs: 1_000, kind: 'catalogue' });
    await s.polite(`${BASE}/a`, { method: 'POST', body: '{}' });
    await s.polite(`${BASE}/a`, { method: 'POST', body: '{}' });
    await s.polite(`${BASE}/a`);
    expect(s.arrivals.map((a) => [a.method, a.at - s.arrivals[0]!.at])).toEqual([
      ['POST', 0],
      ['POST', 1_000],
      ['GET', 2_000],
    ]);
  });
});

describe('politeFetch: cache and coalescing', () => {
  it("answers a GET from the cache within its kind's lifetime and asks again after it", async () => {
    const s = setup({ intervalMs: 0, kind: 'quote', ttlMs: { quote: 2_000 } });
    expect(await body(await s.polite(`${BASE}/q?x=1`))).toEqual({ n: 1 });
    s.advance(1_999);
    expect(await body(await s.polite(`${BASE}/q?x=1`))).toEqual({ n: 1 });
    expect(s.polite.stats.cacheHits).toBe(1);
    s.advance(1);
    expect(await body(await s.polite(`${BASE}/q?x=1`))).toEqual({ n: 2 });
    expect(s.arrivals).toHaveLength(2);
  });

  it('keys the cache by the whole URL, query included', async () => {
    const s = setup({ intervalMs: 0, kind: 'catalogue' });
    await s.polite(`${BASE}/q?x=1`);
    await s.polite(`${BASE}/q?x=2`);
    await s.polite(new Request(`${BASE}/q?x=1`));
    expect(s.arrivals.map((a) => a.url)).toEqual([`${BASE}/q?x=1`, `${BASE}/q?x=2`]);
  });

  it('caches only successful answers, and nothing that is not market data by default', async () => {
    const failing = setup({ intervalMs: 0, kind: 'catalogue' }, (n) => Response.json({ n }, { status: n === 1 ? 500 : 200 }));
    await failing.polite(`${BASE}/a`);
    await failing.polite(`${BASE}/a`);
    await failing.polite(`${BASE}/a`);
    expect(failing.arrivals).toHaveLength(2);
    const unmarked = setup({ intervalMs: 0 });
    await unmarked.polite(`${BASE}/a`);
    await unmarked.polite(`${BASE}/a`);
    expect(unmarked.arrivals).toHaveLength(2);
  });

  it('sends identical GETs in flight once, each caller getting its own readable answer', async () => {
    const s = setup({ intervalMs: 0 });
    const answers = await Promise.all([s.polite(`${BASE}/a`), s.polite(`${BASE}/a`), s.polite(`${BASE}/b`)]);
    expect(await Promise.all(answers.map(body))).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
    expect(s.arrivals).toHaveLength(2);
    expect(s.polite.stats).toEqual({ sent: 2, cacheHits: 0, coalesced: 1 });
  });

  it('never coalesces or caches a POST', async () => {
    const s = setup({ intervalMs: 0, kind: 'catalogue' });
    const answers = await Promise.all([1, 2].map(() => s.polite(`${BASE}/a`, { method: 'POST', body: '{}' })));
    expect(await Promise.all(answers.map(body))).toEqual([{ n: 1 }, { n: 2 }]);
    await s.polite(`${BASE}/a`, { method: 'POST', body: '{}' });
    expect(s.arrivals).toHaveLength(3);
  });

  it('only paces a GET that changes state: never shared, never cached', async () => {
    let clock = 0;
    let sent = 0;
    const polite = politeFetch({
      fetch: (async () => Response.json({ n: ++sent })) as typeof fetch,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      intervalMs: 10,
      kindOf: () => 'catalogue',
      changesState: (url) => url.pathname === '/register',
    });
    await Promise.all([polite(`${BASE}/register`), polite(`${BASE}/register`)]);
    await polite(`${BASE}/register`);
    expect(sent).toBe(3);
    expect(clock).toBe(20);
  });

  it('refuses a negative interval or lifetime', () => {
    expect(() => politeFetch({ intervalMs: -1 })).toThrow(RangeError);
    expect(() => politeFetch({ ttlMs: { live: Number.NaN } })).toThrow(/live/);
  });
});
