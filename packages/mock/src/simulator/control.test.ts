import { describe, expect, it } from 'vitest';
import { call, createTestWallet, login, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, TAKER } from './test-support/harness.js';

describe('control API', () => {
  it('moves and sets the simulated clock', () => {
    const sim = makeSimulator({ now: '2026-03-01T00:00:00Z' });
    expect(sim.control.now()).toBe(Date.parse('2026-03-01T00:00:00Z'));
    sim.control.advanceTime(1000);
    expect(sim.control.now()).toBe(Date.parse('2026-03-01T00:00:01Z'));
    sim.control.setTime(new Date('2026-04-01T00:00:00Z'));
    expect(sim.control.now()).toBe(Date.parse('2026-04-01T00:00:00Z'));
    expect(() => sim.control.setTime('not a date')).toThrow(RangeError);
  });

  it('sets balances by mint or symbol, and removes token accounts with null', () => {
    const sim = makeSimulator();
    expect(sim.control.getBalance(TAKER, PLATFORM_TOKEN)).toBe(100_000_000_000n);
    sim.control.setBalance(TAKER, 'PLATFORM_TOKEN', '5');
    expect(sim.control.getBalance(TAKER, PLATFORM_TOKEN)).toBe(5n);
    sim.control.setBalance(TAKER, STABLECOIN, null);
    expect(sim.control.getBalance(TAKER, STABLECOIN)).toBeNull();
    expect(() => sim.control.setBalance(TAKER, NATIVE, -1)).toThrow(RangeError);
  });

  it('moves prices, which quotes follow', async () => {
    const sim = makeSimulator();
    sim.control.setPrice('NATIVE_COIN', 200);
    const res = await call(sim, 'GET', '/swap/v2/order', { query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000' } });
    expect(res.body.routePlan[0].swapInfo.outAmount).toBe('200000000');
    expect(() => sim.control.setPrice('UNKNOWN', 1)).toThrow(RangeError);
  });

  it('injects a fault for a number of calls', async () => {
    const sim = makeSimulator();
    sim.control.injectFault('lendGetBorrowVaults', 503, 2);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults')).status).toBe(503);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults')).status).toBe(503);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults')).status).toBe(200);
    sim.control.injectFault('swapGetOrder', 429);
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1' } })).body).toEqual({
      code: 429,
      message: '[API Gateway] Too many requests',
    });
  });

  it('sets any trigger v2 order state', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    await call(sim, 'GET', '/trigger/v2/vault/register', { token });
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
    const created = await call(sim, 'POST', '/trigger/v2/orders/price', {
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
    const id = created.body.id;
    for (const state of ['pending', 'executing', 'failed'] as const) {
      sim.control.setOrderState(id, state);
      const one = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id } });
      expect(one.body.orders[0].orderState).toBe(state);
    }
    expect(() => sim.control.setOrderState(id, 'bogus' as never)).toThrow(RangeError);
    expect(() => sim.control.fillOrder('missing')).toThrow(RangeError);
    // An order that can no longer fill is input the action refuses: 400 over HTTP, not a fault of the simulator.
    expect(() => sim.control.fillOrder(id)).toThrow(RangeError);
    const refused = await sim.fetch(
      new Request('http://localhost/__control/fill-order', { method: 'POST', body: JSON.stringify({ orderId: id }) }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: `order ${id} is failed; only open, pending or executing orders can be filled` });
  });

  it('resets to the state right after creation, replaying the same ids', async () => {
    const sim = makeSimulator();
    const query = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: TAKER };
    const first = await call(sim, 'GET', '/swap/v2/order', { query });
    sim.control.setBalance(TAKER, PLATFORM_TOKEN, 0);
    sim.control.advanceTime(10_000);
    sim.control.setTradingActive(false);
    sim.control.reset();
    const again = await call(sim, 'GET', '/swap/v2/order', { query });
    expect(again.body).toEqual(first.body);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).body.trading_active).toBe(true);
  });
});

describe('control routes over HTTP', () => {
  const post = (sim: ReturnType<typeof makeSimulator>, action: string, body: unknown) =>
    sim.fetch(
      new Request(`http://localhost/__control/${action}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    );

  it('runs control actions and reports the state', async () => {
    const sim = makeSimulator();
    expect((await post(sim, 'advance-time', { ms: 2000 })).status).toBe(200);
    const state = await (await sim.fetch(new Request('http://localhost/__control/state'))).json();
    expect(state.nowMs).toBe(sim.control.now());
    await post(sim, 'set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN', amount: '7' });
    const balance = await (await sim.fetch(new Request(`http://localhost/__control/balance?wallet=${TAKER}&mint=PLATFORM_TOKEN`))).json();
    expect(balance.amount).toBe('7');
  });

  it('answers 400 for bad input, 404 for unknown actions, and is off with controlRoutes: false', async () => {
    const sim = makeSimulator();
    expect((await post(sim, 'advance-time', { ms: 'x' })).status).toBe(400);
    expect((await post(sim, 'fly', {})).status).toBe(404);
    const off = makeSimulator({ controlRoutes: false });
    // Off, the path is one no operation serves: the gateway refuses it a key first, then it is 404.
    expect((await post(off, 'advance-time', { ms: 1 })).status).toBe(401);
    const withKey = await off.fetch(
      new Request('http://localhost/__control/advance-time', { method: 'POST', body: '{"ms":1}', headers: { 'x-api-key': 'k' } }),
    );
    expect(withKey.status).toBe(404);
  });

  it('answers 404 for an action or read named like a property every object has, and 400 for such a field', async () => {
    const sim = makeSimulator();
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const method of ['GET', 'POST']) {
        const res = await sim.fetch(
          new Request(`http://localhost/__control/${name}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) }),
        );
        expect(res.status, `${method} ${name}`).toBe(404);
        expect((await res.json()).error, `${method} ${name}`).toBe(`unknown control action ${name}`);
      }
    }
    for (const field of ['constructor', 'toString', '__proto__']) {
      const res = await sim.fetch(
        new Request('http://localhost/__control/set-price', { method: 'POST', body: `{"mint":"NATIVE_COIN","usd":5,"${field}":1}` }),
      );
      expect(res.status, field).toBe(400);
      expect((await res.json()).error).toBe(`unknown field ${field} (expected mint, usd)`);
    }
    expect(sim.control.wallets().prices.find((p) => p.symbol === 'NATIVE_COIN')?.usd).toBe(150);
  });

  it('answers a HEAD of a read as its GET, without the body', async () => {
    const sim = makeSimulator();
    for (const read of ['state', 'journal', 'wallets', `balance?wallet=${TAKER}&mint=PLATFORM_TOKEN`]) {
      const res = await sim.fetch(new Request(`http://localhost/__control/${read}`, { method: 'HEAD' }));
      expect(res.status, read).toBe(200);
      expect(await res.text()).toBe('');
    }
  });

  it('refuses out-of-range times before touching the clock, and keeps working after', async () => {
    const sim = makeSimulator();
    const before = sim.control.now();
    for (const [action, body] of [
      ['advance-time', { ms: 1e308 }],
      ['advance-time', { ms: -1 }],
      ['advance-time', { ms: '5' }],
      ['set-time', { time: 1e20 }],
      ['set-time', { time: -1 }],
      ['set-time', { time: '+300000-01-01T00:00:00Z' }],
      ['set-time', { time: true }],
    ] as const) {
      const res = await post(sim, action, body);
      expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).error).toEqual(expect.any(String));
      expect(sim.control.now()).toBe(before);
    }
    expect(() => sim.control.advanceTime(1e308)).toThrow(RangeError);
    expect(sim.control.now()).toBe(before);
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: TAKER, type: 'message' } });
    expect(challenge.status).toBe(200);
    expect((await post(sim, 'advance-time', { ms: 1000 })).status).toBe(200);
    expect(sim.control.now()).toBe(before + 1000);
  });

  it('checks every field of every action (type, range, unknown fields) before any change', async () => {
    const sim = makeSimulator();
    const cases: Array<[string, unknown]> = [
      ['set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN', amount: 1.5 }],
      ['set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN', amount: '1e3' }],
      ['set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN', amount: '18446744073709551616' }],
      ['set-balance', { wallet: 'not-a-key', mint: 'PLATFORM_TOKEN', amount: '1' }],
      ['set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN' }],
      ['set-balance', { wallet: TAKER, mint: 'PLATFORM_TOKEN', amount: '1', extra: true }],
      ['set-price', { mint: 'NATIVE_COIN', usd: 0 }],
      ['set-price', { mint: 'NATIVE_COIN', usd: 1e300 }],
      ['inject-fault', { operationId: 'swapGetOrder', status: 503, times: 'x' }],
      ['inject-fault', { operationId: 'swapGetOrder', status: 200 }],
      ['inject-fault', { operationId: 'swapGetOrder', status: 503, times: 0 }],
      ['clear-faults', { operationId: 5 }],
      ['set-trading-active', { active: 'false' }],
      ['set-token-verification', { tokenId: PLATFORM_TOKEN, verified: 'yes' }],
      ['set-stake', { address: TAKER, stakedAmount: -1 }],
      ['set-stake', { address: TAKER, stakedAmount: 1, unstaking: [{ amount: 1, until: 1e300 }] }],
      ['set-order-state', { orderId: 'x', state: 7 }],
      ['reset', { now: 1 }],
    ];
    sim.control.injectFault('lendGetBorrowVaults', 503, 1);
    for (const [action, body] of cases) {
      const res = await post(sim, action, body);
      expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(sim.control.getBalance(TAKER, PLATFORM_TOKEN)).toBe(100_000_000_000n);
    expect((await call(sim, 'GET', '/lend/v1/borrow/vaults')).status).toBe(503);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).body.trading_active).toBe(true);
  });

  it('sets a stake over HTTP', async () => {
    const sim = makeSimulator();
    expect(
      (await post(sim, 'set-stake', { address: TAKER, stakedAmount: 12.5, unstaking: [{ amount: 1, until: 1785542400000 }] })).status,
    ).toBe(200);
    const res = await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`);
    expect(res.body).toEqual({ stakedAmount: 12.5, unstaking: [{ amount: 1, until: 1785542400000 }] });
  });
});
