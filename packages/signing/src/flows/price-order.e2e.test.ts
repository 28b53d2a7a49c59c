/**
 * The trigger v2 price order flow end to end against the @x/mock simulator: vault get-or-register
 * (including the 409 path), deposit, create, and recovery of a lost create answer from history.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINTS, singlePriceOrder, startHarness, type Harness } from '../../test/simulator-harness.js';
import { FlowError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import { createPriceOrder, type PriceOrderParams } from './price-order.js';
import { rejection } from '../../test/rejection.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const calls = (method: string, path: string) => h.requests.filter((r) => r.method === method && r.path === path).length;

const singleOrder = (): PriceOrderParams => singlePriceOrder(h.now());

const failure = (promise: Promise<unknown>, code: string) => rejection(promise, FlowError, code);

async function history() {
  const { data } = await h.api.triggerV2GetOrderHistory({ query: { limit: 100 } });
  return data.orders;
}

describe('createPriceOrder against the simulator', () => {
  it('registers the vault of a new wallet, deposits, creates the order', async () => {
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)!;
    const result = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });

    expect(result.recovered).toBe(false);
    expect(result.vaultRegistered).toBe(true);
    expect(result.vault.userPubkey).toBe(h.wallet.address);
    expect(result.created?.id).toBe(result.id);
    expect(result.created?.txSignature).toBe(result.depositSignature);
    expect(result.deposit.receiverAddress).toBe(result.vault.vaultPubkey);
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(before - 40_000_000n);
    const orders = await history();
    expect(orders.map((o) => [o.id, o.orderState])).toEqual([[result.id, 'open']]);
    expect(calls('GET', '/trigger/v2/vault/register')).toBe(1);
  });

  it('deposits native coin by a System transfer to the vault', async () => {
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.NATIVE_COIN)!;
    // 0.2 NATIVE_COIN, 30 USD at the simulator's starting price.
    const order = {
      ...singleOrder(),
      inputMint: MINTS.NATIVE_COIN,
      inputAmount: '200000000',
      triggerMint: MINTS.NATIVE_COIN,
      triggerPriceUsd: 160,
    };
    const result = await createPriceOrder({ client: h.api, signer: h.wallet, order, sleep: h.sleep, now: h.now });

    expect(result.created?.id).toBe(result.id);
    expect(result.deposit.mint).toBe(MINTS.NATIVE_COIN);
    const moved = inspectTransaction(result.signedDeposit).valueMovements.map((m) => [m.kind, m.destination?.address, m.amount]);
    expect(moved).toEqual([['transfer', result.vault.vaultPubkey, 200_000_000n]]);
    // The amount, and the network fee the wallet pays as the fee payer.
    const spent = before - h.sim.control.getBalance(h.wallet.address, MINTS.NATIVE_COIN)!;
    expect(spent).toBeGreaterThanOrEqual(200_000_000n);
    expect(spent).toBeLessThan(200_100_000n);
  });

  it('uses the existing vault for the next order (no register call)', async () => {
    const first = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });
    const second = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });
    expect(second.vaultRegistered).toBe(false);
    expect(second.vault.vaultPubkey).toBe(first.vault.vaultPubkey);
    expect(second.id).not.toBe(first.id);
    expect(calls('GET', '/trigger/v2/vault/register')).toBe(1);
  });

  it('a 409 from register gives the existing vault (from details)', async () => {
    const first = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });
    h.sim.control.injectFault('triggerV2GetVault', 404); // the read says "no vault": register answers 409
    const result = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });
    expect(calls('GET', '/trigger/v2/vault/register')).toBe(2);
    expect(result.vaultRegistered).toBe(false);
    expect(result.vault.vaultPubkey).toBe(first.vault.vaultPubkey);
    expect(result.recovered).toBe(false);
  });

  it('a lost create answer: the order is found in the history, not created twice', async () => {
    h.loseResponse = (r) => r.method === 'POST' && r.path === '/trigger/v2/orders/price';
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)!;
    const result = await createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now });

    expect(result.recovered).toBe(true);
    expect(result.created).toBeUndefined();
    expect(calls('POST', '/trigger/v2/orders/price')).toBe(1);
    const orders = await history();
    expect(orders).toHaveLength(1);
    expect(result.id).toBe(orders[0]!.id);
    expect(result.record?.initialInputAmount).toBe('40000000');
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(before - 40_000_000n);
  });

  it('a lost create answer and a failing history read: retries the history with backoff', async () => {
    h.loseResponse = (r) => r.method === 'POST' && r.path === '/trigger/v2/orders/price';
    h.sim.control.injectFault('triggerV2GetOrderHistory', 403, 2);
    const result = await createPriceOrder({
      client: h.api,
      signer: h.wallet,
      order: singleOrder(),
      sleep: h.sleep,
      now: h.now,
      recovery: { initialDelayMs: 100 },
    });
    expect(result.recovered).toBe(true);
    expect(h.waits).toEqual([100, 200]);
  });

  it('a 500 from create (the order was not made): ORDER_CREATE_UNCONFIRMED after the bounded look-ups, never a second create', async () => {
    h.sim.control.injectFault('triggerV2CreatePriceOrder', 500);
    const error = await failure(
      createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now, recovery: { attempts: 3 } }),
      'ORDER_CREATE_UNCONFIRMED',
    );
    expect(calls('POST', '/trigger/v2/orders/price')).toBe(1);
    expect(calls('GET', '/trigger/v2/orders/history')).toBe(3);
    expect(typeof error.details.depositRequestId).toBe('string');
    expect(error.cause).toMatchObject({ status: 500 });
  });

  it('a rejected order (400) is a REQUEST_FAILED of the create step, with no history look-up', async () => {
    const order = { ...singleOrder(), triggerPriceUsd: 0.4 }; // "above" a price below the current one
    const error = await failure(createPriceOrder({ client: h.api, signer: h.wallet, order, sleep: h.sleep, now: h.now }), 'REQUEST_FAILED');
    expect(error.details).toMatchObject({ step: 'create', status: 400 });
    expect(calls('GET', '/trigger/v2/orders/history')).toBe(0);
  });

  it('a vault that can be neither read nor registered: VAULT_UNAVAILABLE', async () => {
    h.sim.control.injectFault('triggerV2GetVault', 500, 5);
    const error = await failure(
      createPriceOrder({ client: h.api, signer: h.wallet, order: singleOrder(), sleep: h.sleep, now: h.now }),
      'VAULT_UNAVAILABLE',
    );
    expect(error.details.status).toBe(500);
    expect(calls('POST', '/trigger/v2/deposit/craft')).toBe(0);
  });
});
