import { describe, expect, it } from 'vitest';
import type { Simulator } from '../index.js';
import {
  call,
  createPriceOrder,
  createTestWallet,
  login,
  makeSimulator,
  NATIVE,
  type PriceOrderSetup,
  type TestWallet,
} from '../test-support/harness.js';

async function openOrder(sim: Simulator, wallet: TestWallet, token: string, subType: PriceOrderSetup['subType'] = 'single') {
  const res = await createPriceOrder(sim, wallet, token, { subType, triggerCondition: 'below', triggerPriceUsd: 140, slippageBps: 50 });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('trigger v2 two-step cancel', () => {
  it('answers 400 until ready, then the withdrawal; confirm checks the signed withdrawal', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const id = await openOrder(sim, wallet, token);
    const early = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ error: 'Order is not ready to cancel, retry shortly' });
    sim.control.advanceTime(4_999);
    expect((await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token })).status).toBe(400);
    sim.control.advanceTime(1);
    const ready = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token });
    expect(ready.status).toBe(200);
    // The wire field is requestId; confirm-cancel takes its value as cancelRequestId.
    expect(ready.body).toMatchObject({ id, transaction: expect.any(String), requestId: expect.any(String) });
    expect(ready.body.cancelRequestId).toBe(ready.body.requestId);
    expect((await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token })).body).toEqual(ready.body);

    const unsigned = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
      token,
      body: { signedTransaction: ready.body.transaction, cancelRequestId: ready.body.requestId },
    });
    expect(unsigned.body).toEqual({ error: 'Withdrawal validation failed' });
    const signed = await wallet.signTransaction(ready.body.transaction);
    expect(
      (
        await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
          token,
          body: { signedTransaction: signed, cancelRequestId: 'other' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
          token,
          body: { signedTransaction: 'QUJD', cancelRequestId: ready.body.requestId },
        })
      ).body,
    ).toEqual({ error: 'Invalid transaction format' });
    const before = sim.control.getBalance(wallet.address, NATIVE)!;
    const confirmed = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
      token,
      body: { signedTransaction: signed, cancelRequestId: ready.body.requestId },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.id).toBe(id);
    // Sent again (its first answer lost): told it landed, not that no cancel was initiated.
    const resent = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
      token,
      body: { signedTransaction: signed, cancelRequestId: ready.body.requestId },
    });
    expect(resent.status).toBe(400);
    expect(resent.body.error).toMatch(new RegExp(`^Transaction already processed in slot \\d+: ${confirmed.body.txSignature}$`));
    // The refund, less the withdrawal's network fee (5000 lamports for its one signature).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(before + 100_000_000n - 5000n);
    const history = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id } });
    expect(history.body.orders[0].orderState).toBe('cancelled');
  });

  it('refuses a withdrawal whose blockhash expired, and answers a fresh one for the same cancel request', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const id = await openOrder(sim, wallet, token);
    sim.control.markReadyToCancel(id);
    const first = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token });
    const stale = await wallet.signTransaction(first.body.transaction);
    sim.control.advanceTime(120_000);
    const before = sim.control.getBalance(wallet.address, NATIVE)!;
    const late = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
      token,
      body: { signedTransaction: stale, cancelRequestId: first.body.requestId },
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/^Transaction expired: blockhash not found/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(before);
    // Initiating again answers a withdrawal on a recent blockhash, under the same cancel request.
    const again = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token });
    expect(again.status).toBe(200);
    expect(again.body.requestId).toBe(first.body.requestId);
    expect(again.body.transaction).not.toBe(first.body.transaction);
    expect((await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token })).body).toEqual(again.body);
    const confirmed = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
      token,
      body: { signedTransaction: await wallet.signTransaction(again.body.transaction), cancelRequestId: again.body.requestId },
    });
    expect(confirmed.status).toBe(200);
    // The refund, less the withdrawal's network fee (5000 lamports for its one signature).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(before + 100_000_000n - 5000n);
  });

  it('lets the control API mark an order ready at once', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const id = await openOrder(sim, wallet, token);
    sim.control.markReadyToCancel(id);
    expect((await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token })).status).toBe(200);
  });

  it('403s another wallet, 404s unknown orders', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const id = await openOrder(sim, wallet, token);
    const other = await login(sim, await createTestWallet());
    expect((await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token: other })).body).toEqual({
      error: 'Order belongs to a different wallet',
    });
    expect((await call(sim, 'POST', '/trigger/v2/orders/price/cancel/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    expect(
      (
        await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, {
          token: other,
          body: { signedTransaction: 'QUJD', cancelRequestId: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
