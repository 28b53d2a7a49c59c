import { afterEach, describe, expect, it } from 'vitest';
import { createCaller, type CallerOptions } from './call.js';
import { json, REFUSING_URL, startScriptedServer, type ScriptedServer } from './test-support/scripted-server.js';

// A fixed instant the scripted server also reports in its Date header, so waits are exact.
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const DATE = new Date(T0).toUTCString();

let servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const server = await startScriptedServer(handler);
  servers.push(server);
  return server;
}

/** A caller on a fake clock: sleeps are recorded and move the clock, nothing really waits. */
function fakeCaller(baseUrl: string, overrides: Partial<CallerOptions> = {}) {
  let t = T0;
  const sleeps: number[] = [];
  const caller = createCaller({
    baseUrl,
    timeoutMs: 2_000,
    delayMs: 100,
    maxWaitMs: 30_000,
    maxRetries: 2,
    maxRequests: 50,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    ...overrides,
  });
  return { caller, sleeps };
}

const ok = { target: '/thing', headers: {} };

describe('the check caller', () => {
  it('retries a 429 after the Retry-After it asks for, then takes the answer', async () => {
    const server = await serve((_req, res, i) =>
      i === 0
        ? json(res, 429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': '2', date: DATE })
        : json(res, 200, { fine: true }),
    );
    const { caller, sleeps } = fakeCaller(server.url);
    const outcome = await caller.call(ok);
    expect(outcome).toMatchObject({ kind: 'answer', attempts: 2, answer: { status: 200 } });
    expect(sleeps).toEqual([2_000]);
    expect(server.received.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('gives up after the bounded number of retries and reports the operation unreachable', async () => {
    const server = await serve((_req, res) => json(res, 429, { code: 429 }, { 'retry-after': '1' }));
    const { caller, sleeps } = fakeCaller(server.url, { maxRetries: 2 });
    const outcome = await caller.call(ok);
    expect(outcome).toEqual({ kind: 'unreachable', reason: 'rate limited (429), still after 3 attempts', attempts: 3 });
    expect(server.received).toHaveLength(3);
    expect(sleeps).toEqual([1_000, 1_000]);
  });

  it('does not wait longer than --max-wait: a longer Retry-After ends the call at once', async () => {
    const server = await serve((_req, res) => json(res, 503, {}, { 'retry-after': '120' }));
    const { caller, sleeps } = fakeCaller(server.url, { maxWaitMs: 30_000 });
    expect(await caller.call(ok)).toEqual({
      kind: 'unreachable',
      reason: 'service unavailable (503): asked to wait 120 s, more than the 30 s allowed (--max-wait)',
      attempts: 1,
    });
    expect(server.received).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('reads Retry-After as an HTTP date, and without it waits for x-ratelimit-reset by the server clock', async () => {
    const server = await serve((_req, res, i) => {
      if (i === 0) return json(res, 429, {}, { date: DATE, 'retry-after': new Date(T0 + 4_000).toUTCString() });
      if (i === 1) return json(res, 429, {}, { date: DATE, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 7) });
      return json(res, 200, {});
    });
    const { caller, sleeps } = fakeCaller(server.url);
    expect(await caller.call(ok)).toMatchObject({ kind: 'answer', attempts: 3 });
    expect(sleeps).toEqual([4_000, 7_000]);
  });

  it('waits for the window to reset before the next request when x-ratelimit-remaining reaches 0, and paces requests', async () => {
    const server = await serve((_req, res, i) =>
      json(
        res,
        200,
        {},
        i === 0
          ? { date: DATE, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 5) }
          : { 'x-ratelimit-remaining': '9' },
      ),
    );
    const { caller, sleeps } = fakeCaller(server.url, { delayMs: 100 });
    await caller.call(ok);
    await caller.call(ok);
    await caller.call(ok);
    expect(sleeps).toEqual([5_000, 100]);
    expect(caller.requests).toBe(3);
  });

  it('stops at the hard cap on requests', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    const { caller } = fakeCaller(server.url, { maxRequests: 2 });
    await caller.call(ok);
    await caller.call(ok);
    expect(await caller.call(ok)).toEqual({ kind: 'unreachable', reason: 'request cap reached (2)', attempts: 0 });
    expect(server.received).toHaveLength(2);
  });

  it('reports a refused connection and a timeout as unreachable', async () => {
    expect(await fakeCaller(REFUSING_URL).caller.call(ok)).toEqual({ kind: 'unreachable', reason: 'connection refused', attempts: 1 });
    const silent = await serve(() => undefined);
    expect(await fakeCaller(silent.url, { timeoutMs: 150 }).caller.call(ok)).toEqual({
      kind: 'unreachable',
      reason: 'timed out after 150 ms',
      attempts: 1,
    });
  });

  it('never follows a redirect: the credentials stay with the base URL', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, {}));
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/stolen` });
      res.end();
    });
    const outcome = await fakeCaller(server.url).caller.call({ target: '/thing', headers: { 'x-api-key': 'secret' } });
    expect(outcome).toMatchObject({ kind: 'answer', answer: { status: 302 } });
    expect(elsewhere.received).toEqual([]);
    expect(server.received[0]?.headers).toMatchObject({ 'x-api-key': 'secret', 'user-agent': 'x-mock-check' });
  });

  it('joins the target to a base URL with a path prefix', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    await fakeCaller(`${server.url}/api/`).caller.call({ target: '/swap/v2/order?amount=1', headers: {} });
    expect(server.received[0]?.url).toBe('/api/swap/v2/order?amount=1');
  });
});
