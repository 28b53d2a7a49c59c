// The shared limiter keeps the service's word: no request lands inside a `Retry-After` wait, not
// even one whose turn was reserved before the 429 arrived. On a fake clock (a sleep of N fake ms
// takes N µs of real time, so concurrent sleeps end in their order), against an upstream that
// answers 429 with `Retry-After: 5` for its first 12.7 s.
import { describe, expect, it } from 'vitest';
import { createLimiter, takeTurn } from './limiter.js';
import { politeFetch } from './polite-fetch.js';

function fakeClock() {
  const clock = { t: 0 };
  const sleep = async (ms: number) => {
    const until = clock.t + ms;
    await new Promise((resolve) => setTimeout(resolve, ms / 1000));
    clock.t = Math.max(clock.t, until);
  };
  return { clock, now: () => clock.t, sleep };
}

/** An upstream busy until 12.7 s: every call before then gets 429 with Retry-After: 5. */
function busyUpstream(now: () => number) {
  const arrivals: number[] = [];
  const waits: Array<[number, number]> = [];
  const fetch = (async () => {
    const at = now();
    arrivals.push(at);
    if (at < 12_700) {
      waits.push([at, at + 5_000]);
      return new Response('slow down', { status: 429, headers: { 'retry-after': '5' } });
    }
    return Response.json({ ok: true });
  }) as typeof globalThis.fetch;
  const insideAWait = () => arrivals.filter((at) => waits.some(([from, to]) => at > from && at < to));
  return { fetch, arrivals, insideAWait };
}

describe('limiter: a wait observed after a turn was reserved', () => {
  it('politeFetch sends no request inside a Retry-After wait, whenever its turn was reserved', async () => {
    const { now, sleep, clock } = fakeClock();
    clock.t = 700;
    const upstream = busyUpstream(now);
    const polite = politeFetch({ fetch: upstream.fetch, now, sleep, intervalMs: 1_000 });
    // Five callers at once: their turns are reserved at 0.7, 1.7, 2.7, 3.7 and 4.7 s, before the first 429.
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => polite(`http://127.0.0.1:9/r${n}`, { method: 'POST' })));
    expect(upstream.insideAWait()).toEqual([]);
    expect(upstream.arrivals.length).toBeGreaterThanOrEqual(5);
    // Each 429 pushed the next call back by the full wait.
    for (let i = 1; i < upstream.arrivals.length; i++) {
      const previous = upstream.arrivals[i - 1]!;
      if (previous < 12_700) expect(upstream.arrivals[i]! - previous).toBeGreaterThanOrEqual(5_000);
    }
    expect(answers.map((a) => a.status)).toContain(429);
  });

  it('takeTurn gives up, without sending, when a wait observed meanwhile would end past its budget', async () => {
    const { now, sleep } = fakeClock();
    const limiter = createLimiter({ intervalMs: 1_000, now });
    expect(await takeTurn(limiter, { maxWaitMs: 2_000, sleep })).toBe(true);
    const second = takeTurn(limiter, { maxWaitMs: 2_000, sleep });
    // The first call's answer: 429, Retry-After 30, while the second waits for its turn.
    limiter.observe(429, (name) => (name === 'retry-after' ? '30' : null));
    expect(await second).toBe(false);
    expect(limiter.waitMs).toBeGreaterThan(28_000);
  });
});
