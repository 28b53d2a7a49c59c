import { describe, expect, it } from 'vitest';
import { call, createTestWallet, login, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, TAKER } from './test-support/harness.js';

describe('bounded state', () => {
  it('caps stored swap orders and expires them after 2 minutes of simulated time', async () => {
    const sim = makeSimulator({ settings: { maxSwapOrders: 50 } });
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const res = await call(sim, 'GET', '/swap/v2/order', {
        query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: String(100_000_000 + i), taker: TAKER },
      });
      ids.push(res.body.requestId);
    }
    const execute = (requestId: string) => call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: 'AAAA', requestId } });
    expect((await execute(ids[0]!)).body.code).toBe(-1); // evicted by the cap
    expect((await execute(ids[79]!)).body.code).toBe(-2); // still known (bad transaction)
    sim.control.advanceTime(120_001);
    expect((await execute(ids[79]!)).body.code).toBe(-1); // expired
  });

  it('keeps at most maxOrdersPerWallet trigger v2 orders, dropping closed ones first', async () => {
    const sim = makeSimulator({ settings: { maxOrdersPerWallet: 3 } });
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    await call(sim, 'GET', '/trigger/v2/vault/register', { token });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await call(sim, 'POST', '/trigger/v2/deposit/craft', {
        token,
        body: {
          userAddress: wallet.address,
          orderType: 'price',
          orderSubType: 'single',
          inputMint: NATIVE,
          outputMint: STABLECOIN,
          amount: '100000000',
        },
      });
      const res = await call(sim, 'POST', '/trigger/v2/orders/price', {
        token,
        body: {
          orderType: 'single',
          depositRequestId: d.body.requestId,
          depositSignedTx: await wallet.signTransaction(d.body.transaction),
          userPubkey: wallet.address,
          inputMint: NATIVE,
          inputAmount: '100000000',
          outputMint: STABLECOIN,
          triggerMint: NATIVE,
          expiresAt: sim.control.now() + 3_600_000,
          triggerCondition: 'above',
          triggerPriceUsd: 170,
          slippageBps: 50,
        },
      });
      ids.push(res.body.id);
      if (i === 0) sim.control.fillOrder(res.body.id);
    }
    const history = await call(sim, 'GET', '/trigger/v2/orders/history', { token });
    expect(history.body.pagination.total).toBe(3);
    const kept = history.body.orders.map((o: { id: string }) => o.id).sort();
    expect(kept).toEqual(ids.slice(2).sort());
  });
});
