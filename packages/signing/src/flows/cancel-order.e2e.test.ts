/**
 * The two-step cancel end to end against the @x/mock simulator: initiate until ready (400 "not
 * ready" in between), sign the withdrawal, confirm.
 */
import { createClient, type ApiClient } from '@x/fetch-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTriggerAuthSession } from '../auth/trigger-auth-session.js';
import { MINTS, singlePriceOrder, newWallet, startHarness, type Harness } from '../../test/simulator-harness.js';
import { FlowError } from '../errors.js';
import { cancelPriceOrder } from './cancel-order.js';
import { createPriceOrder } from './price-order.js';
import { rejection } from '../../test/rejection.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const calls = (path: string) => h.requests.filter((r) => r.path === path).length;

async function placeOrder(): Promise<string> {
  const result = await createPriceOrder({
    client: h.api,
    signer: h.wallet,
    order: singlePriceOrder(h.now()),
    sleep: h.sleep,
    now: h.now,
  });
  h.requests.length = 0;
  return result.id;
}

const failure = (promise: Promise<unknown>, code: string) => rejection(promise, FlowError, code);

async function stateOf(id: string) {
  const { data } = await h.api.triggerV2GetOrderHistory({ query: { id } });
  return data.orders[0]?.orderState;
}

describe('cancelPriceOrder against the simulator', () => {
  it('retries with backoff while the order is not ready, then signs and confirms; the funds come back', async () => {
    const id = await placeOrder();
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)!;
    // The simulator makes an order ready 5 s (simulated) after the first cancel attempt.
    const result = await cancelPriceOrder({ client: h.api, signer: h.wallet, orderId: id, sleep: h.sleep, now: h.now });

    expect(h.waits).toEqual([500, 1_000, 2_000, 4_000]);
    expect(result.attempts).toBe(5);
    expect(calls(`/trigger/v2/orders/price/cancel/${id}`)).toBe(5);
    expect(result.confirmation?.id).toBe(id);
    expect(result.txSignature).toBe(result.confirmation?.txSignature);
    expect(await stateOf(id)).toBe('cancelled');
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(before + 40_000_000n);
  });

  it('an order marked ready cancels on the first attempt', async () => {
    const id = await placeOrder();
    h.sim.control.markReadyToCancel(id);
    const result = await cancelPriceOrder({ client: h.api, signer: h.wallet, orderId: id, sleep: h.sleep, now: h.now });
    expect(result.attempts).toBe(1);
    expect(h.waits).toEqual([]);
  });

  it('gives up after the bounded attempts: CANCEL_NOT_READY, nothing signed or confirmed', async () => {
    const id = await placeOrder();
    const error = await failure(
      cancelPriceOrder({
        client: h.api,
        signer: h.wallet,
        orderId: id,
        sleep: h.sleep,
        now: h.now,
        retry: { attempts: 3, initialDelayMs: 100 },
      }),
      'CANCEL_NOT_READY',
    );
    expect(error.details).toMatchObject({ attempts: 3, status: 400 });
    expect(h.waits).toEqual([100, 200]);
    expect(calls(`/trigger/v2/orders/price/confirm-cancel/${id}`)).toBe(0);
    expect(await stateOf(id)).toBe('open');
  });

  it('is abortable while it waits', async () => {
    const id = await placeOrder();
    const controller = new AbortController();
    const sleep = async (ms: number) => {
      h.sim.control.advanceTime(ms);
      controller.abort();
    };
    const error = await failure(
      cancelPriceOrder({ client: h.api, signer: h.wallet, orderId: id, sleep, now: h.now, signal: controller.signal }),
      'ABORTED',
    );
    expect(error.details.step).toBe('cancel');
    expect(calls(`/trigger/v2/orders/price/cancel/${id}`)).toBe(1);
  });

  it('a lost confirm answer: the history shows the order cancelled', async () => {
    const id = await placeOrder();
    h.sim.control.markReadyToCancel(id);
    h.loseResponse = (r) => r.path.startsWith('/trigger/v2/orders/price/confirm-cancel/');
    const result = await cancelPriceOrder({ client: h.api, signer: h.wallet, orderId: id, sleep: h.sleep, now: h.now });
    expect(result.confirmation).toBeUndefined();
    expect(await stateOf(id)).toBe('cancelled');
    expect(calls(`/trigger/v2/orders/price/confirm-cancel/${id}`)).toBe(1);
  });

  it("another wallet's order: 403 is not retried", async () => {
    const id = await placeOrder();
    const other = await startHarnessClientFor(h);
    const error = await failure(
      cancelPriceOrder({ client: other.api, signer: other.wallet, orderId: id, sleep: h.sleep, now: h.now }),
      'REQUEST_FAILED',
    );
    expect(error.details).toMatchObject({ step: 'cancel', status: 403 });
    expect(h.waits).toEqual([]);
  });
});

/** A second wallet and client on the same simulator. */
async function startHarnessClientFor(harness: Harness) {
  const wallet = await newWallet();
  let api: ApiClient;
  const session = createTriggerAuthSession({ client: () => api, signer: wallet, now: harness.now });
  api = createClient({ baseUrl: harness.server.url, apiKey: 'test-key', bearer: session });
  return { wallet, api };
}
