import { describe, expect, it } from 'vitest';
import { call, createPriceOrder, createTestWallet, login, makeSimulator, NATIVE } from '../test-support/harness.js';

describe('GET /trigger/v2/orders/history', () => {
  it('pages, filters by state and mint, sorts, and finds one order by id', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await createPriceOrder(sim, wallet, token, { expiresInMs: (i + 1) * 3_600_000, triggerPriceUsd: 160 + i });
      ids.push(res.body.id);
      sim.control.advanceTime(1_000);
    }
    sim.control.fillOrder(ids[0]!);
    sim.control.expireOrder(ids[1]!);

    const page = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { limit: 2, offset: 1 } });
    expect(page.body.pagination).toEqual({ total: 5, limit: 2, offset: 1 });
    expect(page.body.orders).toHaveLength(2);
    const active = await call(sim, 'GET', '/trigger/v2/orders/history', {
      token,
      query: { state: 'active', sort: 'created_at', dir: 'asc' },
    });
    expect(active.body.orders.map((o: { id: string }) => o.id)).toEqual(ids.slice(2));
    const past = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { state: 'past' } });
    expect(past.body.orders.map((o: { orderState: string }) => o.orderState).sort()).toEqual(['expired', 'filled']);
    const filled = past.body.orders.find((o: { orderState: string }) => o.orderState === 'filled');
    expect(filled).toMatchObject({ remainingInputAmount: '0', fillPercent: 100 });
    expect(BigInt(filled.outputAmount)).toBeGreaterThan(0n);
    const byMint = await call(sim, 'GET', '/trigger/v2/orders/history', {
      token,
      query: { mint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD' },
    });
    expect(byMint.body.pagination.total).toBe(0);
    const one = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id: ids[3]! } });
    expect(one.body.orders).toHaveLength(1);
    expect(one.body.orders[0].id).toBe(ids[3]);
    // Timestamps in Unix milliseconds, as the service sends them.
    expect(one.body.orders[0].createdAt).toBe(sim.control.now() - 2_000);
    expect(one.body.orders[0].updatedAt).toBe(one.body.orders[0].createdAt);
    // The spec's `default` answer (the area's error body) covers a malformed query.
    expect((await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { limit: 101 } })).status).toBe(400);
  });

  it('404s an unknown id and 403s the order of another wallet', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    expect(
      (await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id: '00000000-0000-4000-8000-000000000000' } })).status,
    ).toBe(404);
    const created = await createPriceOrder(sim, wallet, token, { expiresInMs: 3_600_000 });
    const other = await login(sim, await createTestWallet());
    const forbidden = await call(sim, 'GET', '/trigger/v2/orders/history', { token: other, query: { id: created.body.id } });
    expect(forbidden.body).toEqual({ error: 'No permission to view these orders' });
  });

  it('expires orders lazily when simulated time passes expiresAt', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const created = await createPriceOrder(sim, wallet, token, { expiresInMs: 60_000 });
    sim.control.advanceTime(60_001);
    const one = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id: created.body.id } });
    expect(one.body.orders[0].orderState).toBe('expired');
    // The deposit comes back; the network fee of the deposit's transaction (5000 lamports) does not.
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 5000n);
  });
});
