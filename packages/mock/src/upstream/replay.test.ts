// Record and replay: a session against a live upstream (a second simulator) is recorded as HAR
// entries without secrets; two replays of it with the same seed answer byte for byte alike,
// offline, with the simulated clock following the recording; a request the recording does not
// hold falls back to the simulator's own data and is listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../simulator/index.js';
import { createTestWallet, makeSimulator, NATIVE, STABLECOIN } from '../simulator/test-support/harness.js';
import { harEntry, type HarEntry } from './har.js';
import { startUpstreamSimulator, type UpstreamSimulator } from './test-support/upstream-simulator.js';

let upstream: UpstreamSimulator;
beforeAll(async () => {
  upstream = await startUpstreamSimulator();
  upstream.sim.control.setPrice('NATIVE_COIN', 180);
});
afterAll(() => upstream.close());

const START = Date.UTC(2026, 2, 1);

/** The session: market reads, a swap order with a taker, and the clock moving between them. */
async function session(sim: Simulator, taker: string): Promise<string[]> {
  const texts: string[] = [];
  const get = async (path: string) => {
    const res = await sim.fetch(new Request(`http://localhost${path}`, { headers: { 'x-api-key': 'user-secret' } }));
    texts.push(`${res.status} ${await res.text()}`);
  };
  const quote = `/swap/v2/order?inputMint=${NATIVE}&outputMint=${STABLECOIN}&amount=100000000`;
  await get(quote);
  sim.control.advanceTime(30_000);
  await get(`${quote.replace('100000000', '200000000')}&taker=${taker}`);
  await get('/prediction/v1/events?category=sports');
  await get('/prediction/v1/trading-status');
  await get('/lend/v1/borrow/vaults');
  return texts;
}

describe('record and replay', () => {
  let entries: HarEntry[];
  let recorded: string[];
  const taker = 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg';

  beforeAll(async () => {
    entries = [];
    const live = makeSimulator({
      now: START,
      upstream: {
        baseUrl: upstream.url,
        apiKey: 'upstream-key',
        intervalMs: 0,
        watchIntervalMs: 0,
        record: { write: (e) => entries.push(e) },
      },
    });
    recorded = await session(live, taker);
  });

  it('records every exchange as a HAR entry, without secrets', () => {
    expect(entries.map((e) => e._operationId)).toEqual([
      'swapGetOrder',
      'swapGetOrder',
      'predictionListEvents',
      'predictionGetTradingStatus',
      'lendGetBorrowVaults',
    ]);
    expect(entries[1]!._simulatedTime).toBe(START + 30_000);
    expect(entries[0]!.request).toMatchObject({ method: 'GET', headers: [{ name: 'accept', value: 'application/json' }] });
    expect(entries[0]!.response.status).toBe(200);
    const text = JSON.stringify(entries);
    expect(text).not.toContain('upstream-key');
    expect(text).not.toContain('user-secret');
    // The taker of the swap order never went upstream.
    expect(text).not.toContain(taker);
  });

  it('replays the session offline, identically twice, with the clock following the recording', async () => {
    const first = makeSimulator({ replay: { entries } });
    expect(first.control.now()).toBe(START);
    const a = await session(first, taker);
    const b = await session(makeSimulator({ replay: { entries } }), taker);
    expect(a).toEqual(b);
    // Market answers are the recorded ones (the taker's order is rebuilt locally from the recorded quote).
    expect(a[0]).toBe(recorded[0]);
    expect(a.slice(2)).toEqual(recorded.slice(2));
    expect(JSON.parse(a[1]!.slice(4)).outAmount).toBe(JSON.parse(recorded[1]!.slice(4)).outAmount);
    expect(first.control.upstream()).toMatchObject({ mode: 'replay', served: 5, missed: 0 });
  });

  it('moves the simulated clock to the time of each exchange it serves', async () => {
    const sim = makeSimulator({ replay: { entries } });
    const later = entries.find((e) => e._simulatedTime > START)!;
    await sim.fetch(new Request(`http://localhost${later._target}`, { headers: { 'x-api-key': 'k' } }));
    expect(sim.control.now()).toBe(START + 30_000);
  });

  it('falls back to local data for a request the recording does not hold, and says so', async () => {
    const sim = makeSimulator({ replay: { entries } });
    const res = await sim.fetch(new Request('http://localhost/prediction/v1/events?category=crypto', { headers: { 'x-api-key': 'k' } }));
    const own = await makeSimulator({ now: START }).fetch(
      new Request('http://localhost/prediction/v1/events?category=crypto', { headers: { 'x-api-key': 'k' } }),
    );
    expect(await res.text()).toBe(await own.text());
    expect(sim.control.upstream()).toMatchObject({ missed: 1, misses: ['predictionListEvents /prediction/v1/events?category=crypto'] });
  });

  it('keeps wallets local in a replay: a swap lands on the replaying simulator only', async () => {
    const sim = makeSimulator({ replay: { entries } });
    const wallet = await createTestWallet();
    sim.control.advanceTime(30_000);
    const res = await sim.fetch(
      new Request(`http://localhost/swap/v2/order?inputMint=${NATIVE}&outputMint=${STABLECOIN}&amount=100000000&taker=${wallet.address}`, {
        headers: { 'x-api-key': 'k' },
      }),
    );
    const order = (await res.json()) as { outAmount: string; transaction: string; requestId: string };
    // The recording's quote for these parameters prices the order.
    expect(order.outAmount).toBe(JSON.parse(recorded[0]!.slice(4)).outAmount);
    const signedTransaction = await wallet.signTransaction(order.transaction);
    const executed = await sim.fetch(
      new Request('http://localhost/swap/v2/execute', {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: JSON.stringify({ signedTransaction, requestId: order.requestId }),
      }),
    );
    expect(await executed.json()).toMatchObject({ status: 'Success', totalOutputAmount: order.outAmount });
  });

  it("replays a recorded 429 as the simulator's 503 with the recorded Retry-After, the same each time", async () => {
    const limited = harEntry({
      operationId: 'predictionGetTradingStatus',
      baseUrl: 'http://127.0.0.1:9',
      target: '/prediction/v1/trading-status',
      startedAt: START,
      durationMs: 5,
      simulatedTime: START,
      status: 429,
      statusText: 'Too Many Requests',
      headers: [
        ['content-type', 'application/json'],
        ['retry-after', '12'],
      ],
      bodyText: '{"code":429,"message":"Rate limit exceeded"}',
    });
    for (let i = 0; i < 2; i++) {
      const res = await makeSimulator({ replay: { entries: [limited] } }).fetch(
        new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'k' } }),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('12');
    }
  });
});
