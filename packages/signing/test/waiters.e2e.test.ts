/**
 * The waiters of `@x/fetch-client/waiters` against the @x/mock simulator (over HTTP on 127.0.0.1,
 * manual clock: each pause advances simulated time): a trigger v2 order waited until it fills, a
 * deadline ending in a typed timeout with the last state, an abort, polls paced by the shared
 * polite limiter, and a swap execute asked again while its code is pending.
 */
import { createClient } from '@x/fetch-client';
import { createLimiter } from '@x/fetch-client/polite';
import { WaitTimeoutError, waitForSwapExecute, waitForTriggerV2Order } from '@x/fetch-client/waiters';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPriceOrder } from '../src/flows/price-order.js';
import { swap } from '../src/flows/swap.js';
import { MINTS, singlePriceOrder, startHarness, type Harness } from './simulator-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function openOrder(): Promise<string> {
  const { id } = await createPriceOrder({
    client: h.api,
    signer: h.wallet,
    order: singlePriceOrder(h.now()),
    sleep: h.sleep,
    now: h.now,
  });
  return id;
}

const historyPolls = () => h.requests.filter((r) => r.path === '/trigger/v2/orders/history').length;

describe('waitForTriggerV2Order', () => {
  it('polls with backoff until the order is filled and returns the final record', async () => {
    const id = await openOrder();
    const seen: string[] = [];
    const before = historyPolls();
    const record = await waitForTriggerV2Order(
      h.api,
      { query: { id } },
      {
        sleep: h.sleep,
        now: h.now,
        onPoll: (order, attempt) => {
          seen.push((order as { orderState: string }).orderState);
          if (attempt === 3) h.sim.control.fillOrder(id);
        },
      },
    );
    expect(record.id).toBe(id);
    expect(record.orderState).toBe('filled');
    expect(seen).toEqual(['open', 'open', 'open', 'filled']);
    expect(historyPolls() - before).toBe(4);
    // Backoff: 1 s, 1.5 s, 2.25 s of simulated time between the polls.
    expect(h.waits.slice(-3)).toEqual([1_000, 1_500, 2_250]);
  });

  it('throws a WaitTimeoutError carrying the last state when the deadline passes', async () => {
    const id = await openOrder();
    const error = await waitForTriggerV2Order(h.api, { query: { id } }, { sleep: h.sleep, now: h.now, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const timeout = error as WaitTimeoutError<{ id: string; orderState: string }>;
    expect([timeout.last?.id, timeout.last?.orderState, timeout.lastState, timeout.timeoutMs]).toEqual([id, 'open', 'open', 10_000]);
    expect(timeout.attempts).toBeGreaterThan(3);
  });

  it('stops at once when its signal aborts', async () => {
    const id = await openOrder();
    const controller = new AbortController();
    const waiting = waitForTriggerV2Order(
      h.api,
      { query: { id } },
      {
        sleep: h.sleep,
        now: h.now,
        signal: controller.signal,
        onPoll: (_, attempt) => attempt === 2 && controller.abort(new Error('user left')),
      },
    );
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('paces its polls through the shared polite limiter', async () => {
    const id = await openOrder();
    const limiter = createLimiter({ intervalMs: 4_000, now: h.now });
    const at: number[] = [];
    await waitForTriggerV2Order(
      h.api,
      { query: { id } },
      {
        sleep: h.sleep,
        now: h.now,
        limiter,
        onPoll: (_, attempt) => {
          at.push(h.now());
          if (attempt === 3) h.sim.control.fillOrder(id);
        },
      },
    );
    expect(at).toHaveLength(4);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(4_000);
  });
});

describe('waitForSwapExecute', () => {
  it('asks again with the same signed transaction while the code is pending, until it lands', async () => {
    const landed = await swap({
      client: h.api,
      signer: h.wallet,
      order: { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' },
      sleep: h.sleep,
      now: h.now,
    });
    // The simulator lands at once; this service answers "pending" (-1001, then -1006) twice first.
    let executes = 0;
    const pendingFirst: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/swap/v2/execute' && ++executes <= 2)
        return Response.json({ status: 'Failed', code: executes === 1 ? -1001 : -1006, error: 'not landed yet' });
      return await fetch(request);
    };
    const client = createClient({ baseUrl: h.server.url, apiKey: 'test-key', fetch: pendingFirst });
    const result = await waitForSwapExecute(
      client,
      { body: { signedTransaction: landed.signedTransaction, requestId: landed.order.requestId } },
      { sleep: h.sleep, now: h.now },
    );
    expect(executes).toBe(3);
    expect(result.code).toBe(0);
    expect(result.status).toBe('Success');
  });
});
