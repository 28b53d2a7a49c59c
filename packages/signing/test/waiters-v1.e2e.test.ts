/**
 * `waitForTriggerV1Order` of `@x/fetch-client/waiters` against the @x/mock simulator (over HTTP on
 * 127.0.0.1, manual clock: each pause advances simulated time). Trigger v1 has no call that reads
 * one order: the waiter lists the wallet's active orders, then its history, and picks the order by
 * its `orderKey`. A real order is created, signed and executed first.
 */
import { type ApiClient, createClient } from '@x/fetch-client';
import { createLimiter } from '@x/fetch-client/polite';
import { WaitTimeoutError, waitForTriggerV1Order } from '@x/fetch-client/waiters';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settledV1Order } from '../../fetch-client/examples/wait-trigger-v1.ts';
import { signTransaction } from '../src/index.js';
import { MINTS, startHarness, type Harness } from './simulator-harness.js';

let h: Harness;
/** A client with the API key only (trigger v1 takes no bearer), recording the URLs it asks. */
let api: ApiClient;
let urls: URL[];
beforeEach(async () => {
  h = await startHarness();
  urls = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    urls.push(new URL(request.url));
    return await fetch(request);
  };
  api = createClient({ baseUrl: h.server.url, apiKey: 'test-key', fetch: recording });
});
afterEach(async () => {
  await h.close();
});

/** Sells 40 PLATFORM_TOKEN for 30 STABLECOIN_USD; `expiredAt` in Unix seconds. */
async function openV1Order(expiredAt?: number): Promise<string> {
  const wallet = h.wallet.address;
  const { data: created } = await api.triggerV1CreateOrder({
    body: {
      maker: wallet,
      payer: wallet,
      inputMint: MINTS.PLATFORM_TOKEN,
      outputMint: MINTS.STABLECOIN_USD,
      params: { makingAmount: '40000000', takingAmount: '30000000', ...(expiredAt !== undefined && { expiredAt: String(expiredAt) }) },
    },
    throwOnError: true,
  });
  const signedTransaction = await signTransaction(created.transaction, h.wallet);
  const { data: executed } = await api.triggerV1Execute({ body: { requestId: created.requestId, signedTransaction }, throwOnError: true });
  expect(executed.status).toBe('Success');
  return created.order;
}

/** The listings the waiter asked for, in order (`active` or `history`). */
const listings = () => urls.filter((u) => u.pathname === '/trigger/v1/getTriggerOrders').map((u) => u.searchParams.get('orderStatus'));
/** The listing pages the waiter asked for, in order (`active 1`, `history 2`, ...). */
const listingPages = () =>
  urls
    .filter((u) => u.pathname === '/trigger/v1/getTriggerOrders')
    .map((u) => `${u.searchParams.get('orderStatus')} ${u.searchParams.get('page')}`);

/** `count` orders opened one simulated second apart (the listings show the newest first). */
async function openV1Orders(count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    h.sim.control.advanceTime(1_000);
    keys.push(await openV1Order());
  }
  return keys;
}

const user = () => ({ query: { user: h.wallet.address } });

/** Waits on order `key` on the simulated clock, noting each status seen; `afterPoll` runs after each poll. */
function waitSeeing(key: string, seen: unknown[], afterPoll: (attempt: number) => void) {
  return waitForTriggerV1Order(api, user(), key, {
    sleep: h.sleep,
    now: h.now,
    onPoll: (order, attempt) => {
      seen.push((order as { status?: string } | undefined)?.status);
      afterPoll(attempt);
    },
  });
}

describe('waitForTriggerV1Order', () => {
  it('lists the active orders while the order is open and returns its record from the history once filled', async () => {
    const orderKey = await openV1Order();
    const seen: unknown[] = [];
    const record = await waitSeeing(orderKey, seen, (attempt) => {
      if (attempt === 3) h.sim.control.fillOrder(orderKey);
    });
    expect(record.orderKey).toBe(orderKey);
    expect(record.status).toBe('Completed');
    expect([record.rawRemainingMakingAmount, record.remainingMakingAmount, record.userPubkey]).toEqual(['0', '0', h.wallet.address]);
    expect(seen).toEqual(['Open', 'Open', 'Open', 'Completed']);
    // Three polls find it active; the fourth does not, and finds it in the history.
    expect(listings()).toEqual(['active', 'active', 'active', 'active', 'history']);
    expect(h.waits.slice(-3)).toEqual([1_000, 1_500, 2_250]);
  });

  it('walks the pages: an old order behind 11 newer ones is found on page 2 of the active list, then of the history', async () => {
    const old = await openV1Order();
    const newer = await openV1Orders(11);
    const seen: unknown[] = [];
    const record = await waitSeeing(old, seen, (attempt) => {
      // All twelve finish: the 11 newer ones fill page 1 of the history, the old one is on page 2.
      if (attempt === 1) for (const key of [...newer, old]) h.sim.control.fillOrder(key);
    });
    expect([record.orderKey, record.status]).toEqual([old, 'Completed']);
    expect(seen).toEqual(['Open', 'Completed']);
    expect(listingPages()).toEqual(['active 1', 'active 2', 'active 1', 'history 1', 'history 2']);
    // The history the waiter walked: 12 finished orders, newest first, 10 a page: the old one is on page 2.
    const { data } = await api.triggerV1GetTriggerOrders({
      query: { user: h.wallet.address, orderStatus: 'history', page: 2 },
      throwOnError: true,
    });
    expect([data.totalPages, data.orders.map((o) => o.orderKey)]).toEqual([2, [newer[0], old]]);
  });

  it('times out with the last state seen of an order open on page 2 that never finishes', async () => {
    const old = await openV1Order();
    await openV1Orders(10);
    const error = (await waitForTriggerV1Order(api, user(), old, { sleep: h.sleep, now: h.now, timeoutMs: 5_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError<{ orderKey: string }>;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect([error.last?.orderKey, error.lastState]).toEqual([old, 'Open']);
    // Each poll found it on page 2 of the active list and asked nothing more.
    expect(listingPages()).toEqual(Array.from({ length: error.attempts }, () => ['active 1', 'active 2']).flat());
  });

  it('reads every page of both listings for a key listed nowhere, and times out with no record', async () => {
    const keys = await openV1Orders(12);
    for (const key of keys.slice(0, 11)) h.sim.control.fillOrder(key);
    const error = (await waitForTriggerV1Order(api, user(), h.wallet.address, { sleep: h.sleep, now: h.now, timeoutMs: 3_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect([error.last, error.lastState]).toEqual([undefined, undefined]);
    // One open order (one active page), eleven finished (two history pages): three requests a poll.
    expect(listingPages()).toEqual(Array.from({ length: error.attempts }, () => ['active 1', 'history 1', 'history 2']).flat());
  });

  it('reads at most maxPages pages of each listing per poll: an order past them is not seen and the wait times out', async () => {
    const old = await openV1Order();
    const newer = await openV1Orders(10);
    for (const key of [...newer, old]) h.sim.control.fillOrder(key);
    const error = (await waitForTriggerV1Order(api, user(), old, { sleep: h.sleep, now: h.now, timeoutMs: 3_000, maxPages: 1 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.last).toBeUndefined();
    expect(listingPages()).toEqual(Array.from({ length: error.attempts }, () => ['active 1', 'history 1']).flat());
    // The same wait with the default cap finds it on page 2.
    urls.length = 0;
    const record = await waitForTriggerV1Order(api, user(), old, { sleep: h.sleep, now: h.now });
    expect([record.orderKey, record.status]).toEqual([old, 'Completed']);
    expect(listingPages()).toEqual(['active 1', 'history 1', 'history 2']);
  });

  it('takes a limiter turn for each page, and reads no page past the deadline', async () => {
    const old = await openV1Order();
    const newer = await openV1Orders(10);
    for (const key of [...newer, old]) h.sim.control.fillOrder(key);
    const limiter = createLimiter({ intervalMs: 4_000, now: h.now });
    const start = h.now();
    const record = await waitForTriggerV1Order(api, user(), old, { sleep: h.sleep, now: h.now, limiter });
    expect(record.orderKey).toBe(old);
    expect(listingPages()).toEqual(['active 1', 'history 1', 'history 2']);
    // Three requests, each on its own turn 4 s apart.
    expect(h.now() - start).toBeGreaterThanOrEqual(8_000);

    // A deadline that falls inside a poll's page walk: the next page's turn would come too late.
    urls.length = 0;
    const late = (await waitForTriggerV1Order(api, user(), old, { sleep: h.sleep, now: h.now, limiter, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(late).toBeInstanceOf(WaitTimeoutError);
    // Active page 1 at +4 s, history page 1 at +8 s; history page 2's turn (+12 s) is past the deadline.
    expect(listingPages()).toEqual(['active 1', 'history 1']);
  });

  it('without a limiter, reads no further page once the deadline has passed', async () => {
    const old = await openV1Order();
    const newer = await openV1Orders(10);
    for (const key of [...newer, old]) h.sim.control.fillOrder(key);
    // Each request takes 2 simulated seconds: the deadline (3 s) passes after history page 1.
    const slow = createClient({
      baseUrl: h.server.url,
      apiKey: 'test-key',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        urls.push(new URL(request.url));
        h.sim.control.advanceTime(2_000);
        return await fetch(request);
      },
    });
    const error = (await waitForTriggerV1Order(slow, user(), old, { sleep: h.sleep, now: h.now, timeoutMs: 3_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect([error.attempts, listingPages()]).toEqual([1, ['active 1', 'history 1']]);
  });

  it('ends when the order expires (the simulator moves it to the history on read)', async () => {
    const expiredAt = Math.floor(h.now() / 1000) + 5;
    const orderKey = await openV1Order(expiredAt);
    const record = await waitForTriggerV1Order(api, user(), orderKey, { sleep: h.sleep, now: h.now });
    expect([record.orderKey, record.status]).toEqual([orderKey, 'Expired']);
    expect(record.expiredAt).toBe(new Date(expiredAt * 1000).toISOString());
    expect(h.now()).toBeGreaterThanOrEqual(expiredAt * 1000);
  });

  it('ends when the order is cancelled and its cancel transaction lands', async () => {
    const orderKey = await openV1Order();
    const cancel = async () => {
      const { data } = await api.triggerV1CancelOrder({ body: { maker: h.wallet.address, order: orderKey }, throwOnError: true });
      const signedTransaction = await signTransaction(data.transaction, h.wallet);
      await api.triggerV1Execute({ body: { requestId: data.requestId, signedTransaction }, throwOnError: true });
    };
    let cancelling: Promise<void> | undefined;
    const record = await waitForTriggerV1Order(api, user(), orderKey, {
      sleep: async (ms) => {
        await cancelling;
        await h.sleep(ms);
      },
      now: h.now,
      onPoll: (_, attempt) => {
        if (attempt === 2) cancelling = cancel();
      },
    });
    expect([record.orderKey, record.status]).toEqual([orderKey, 'Cancelled']);
    expect(record.closeTx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('throws a WaitTimeoutError carrying the last record and state seen when the deadline passes', async () => {
    const orderKey = await openV1Order();
    const error = await waitForTriggerV1Order(api, user(), orderKey, { sleep: h.sleep, now: h.now, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const timeout = error as WaitTimeoutError<{ orderKey: string; status: string }>;
    expect([timeout.last?.orderKey, timeout.last?.status, timeout.lastState, timeout.timeoutMs]).toEqual([
      orderKey,
      'Open',
      'Open',
      10_000,
    ]);
    expect(timeout.message).toContain('(last: "Open")');
    expect(timeout.attempts).toBeGreaterThan(3);
  });

  it('keeps going (and times out with no record) while the order is listed nowhere', async () => {
    await openV1Order();
    const unknown = h.wallet.address; // a valid address that is no order of this wallet
    const error = (await waitForTriggerV1Order(api, user(), unknown, { sleep: h.sleep, now: h.now, timeoutMs: 5_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect([error.last, error.lastState]).toEqual([undefined, undefined]);
    // Every poll asked both listings.
    const asked = listings();
    expect(asked.length).toBe(2 * error.attempts);
    expect(asked.filter((s) => s === 'history').length).toBe(error.attempts);
  });

  it('takes a turn on the shared polite limiter for each request of a poll', async () => {
    const orderKey = await openV1Order();
    const limiter = createLimiter({ intervalMs: 4_000, now: h.now });
    const at: number[] = [];
    await waitForTriggerV1Order(api, user(), orderKey, {
      sleep: h.sleep,
      now: h.now,
      limiter,
      onPoll: (_, attempt) => {
        at.push(h.now());
        if (attempt === 3) h.sim.control.fillOrder(orderKey);
      },
    });
    expect(at).toHaveLength(4);
    for (let i = 1; i < 3; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(4_000);
    // The last poll made two requests (active, then history), each on its own turn.
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(8_000);
  });

  it("keeps the caller's query parameters (a mint filter) on both listings", async () => {
    const orderKey = await openV1Order();
    const record = await waitForTriggerV1Order(api, { query: { user: h.wallet.address, inputMint: MINTS.PLATFORM_TOKEN } }, orderKey, {
      sleep: h.sleep,
      now: h.now,
      onPoll: (_, attempt) => attempt === 1 && h.sim.control.fillOrder(orderKey),
    });
    expect(record.status).toBe('Completed');
    const asked = urls.filter((u) => u.pathname === '/trigger/v1/getTriggerOrders');
    expect(asked.map((u) => [u.searchParams.get('orderStatus'), u.searchParams.get('inputMint'), u.searchParams.get('user')])).toEqual([
      ['active', MINTS.PLATFORM_TOKEN, h.wallet.address],
      ['active', MINTS.PLATFORM_TOKEN, h.wallet.address],
      ['history', MINTS.PLATFORM_TOKEN, h.wallet.address],
    ]);
  });

  it('stops at once when its signal aborts', async () => {
    const orderKey = await openV1Order();
    const controller = new AbortController();
    const waiting = waitForTriggerV1Order(api, user(), orderKey, {
      sleep: h.sleep,
      now: h.now,
      signal: controller.signal,
      onPoll: (_, attempt) => attempt === 2 && controller.abort(new Error('user left')),
    });
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('runs the README example (examples/wait-trigger-v1.ts of @x/fetch-client): the final record, or null at the deadline', async () => {
    const logged: unknown[][] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args);
    try {
      const open = await openV1Order();
      expect(await settledV1Order(api, h.wallet.address, open, { sleep: h.sleep, now: h.now, timeoutMs: 5_000 })).toBeNull();
      const filled = await openV1Order();
      const order = await settledV1Order(api, h.wallet.address, filled, {
        sleep: h.sleep,
        now: h.now,
        onPoll: (_, attempt) => attempt === 2 && h.sim.control.fillOrder(filled),
      });
      expect([order?.orderKey, order?.status]).toEqual([filled, 'Completed']);
      expect(logged).toEqual([
        ['still', 'Open'],
        ['Completed', '0', null],
      ]);
    } finally {
      console.log = log;
    }
  });
});
