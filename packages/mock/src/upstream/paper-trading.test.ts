// Paper trading end to end: a simulator whose market is a second simulator on 127.0.0.1 (seed 2,
// other prices). Quotes, prediction reads and trigger fills come from the upstream; wallets,
// transactions and orders stay local; nothing but market reads reaches the upstream, and never
// with the client's credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../simulator/index.js';
import { call, createPriceOrder, createTestWallet, login, makeSimulator, NATIVE, STABLECOIN } from '../simulator/test-support/harness.js';
import { startUpstreamSimulator, type UpstreamSimulator } from './test-support/upstream-simulator.js';

let upstream: UpstreamSimulator;
beforeAll(async () => {
  upstream = await startUpstreamSimulator();
  upstream.sim.control.setPrice('NATIVE_COIN', 200);
});
afterAll(() => upstream.close());

/** A paper-trading simulator on the upstream: no pacing, no cache, no background watch. */
const paper = (): Simulator =>
  makeSimulator({
    upstream: {
      baseUrl: upstream.url,
      apiKey: 'upstream-key',
      intervalMs: 0,
      ttlMs: { quote: 0, live: 0, catalogue: 0 },
      watchIntervalMs: 0,
    },
  });

const QUOTE = { inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000' };
const direct = async (path: string): Promise<any> =>
  (await fetch(`${upstream.url}${path}`, { headers: { 'x-api-key': 'upstream-key' } })).json();

describe('paper trading on a live upstream', () => {
  it('answers a quote without a taker with the upstream amounts, not its own', async () => {
    const sim = paper();
    const local = await call(makeSimulator(), 'GET', '/swap/v2/order', { query: QUOTE });
    const live = await call(sim, 'GET', '/swap/v2/order', { query: QUOTE });
    const truth = await direct(`/swap/v2/order?${new URLSearchParams(QUOTE)}`);
    expect(live.status).toBe(200);
    expect(live.body.outAmount).toBe(truth.outAmount);
    expect(live.body.outAmount).not.toBe(local.body.outAmount);
    expect(live.body.outAmount).toBe('19980000'); // 0.1 NATIVE_COIN at the upstream's 200 USD, less 10 bps
  });

  it('prices a swap with a taker from the upstream and lands it on local balances only', async () => {
    const sim = paper();
    const wallet = await createTestWallet();
    const before = upstream.seen.length;
    const order = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: wallet.address }, apiKey: 'user-key' });
    expect(order.status).toBe(200);
    expect(order.body.outAmount).toBe('19980000');
    expect(order.body.transaction).toBeTruthy();
    // The upstream was asked for the quote only: no taker, so it built nothing for this wallet.
    const asked = upstream.seen.slice(before);
    expect(asked.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /swap/v2/order']);
    const signedTransaction = await wallet.signTransaction(order.body.transaction);
    const executed = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: order.body.requestId } });
    expect(executed.body).toMatchObject({ status: 'Success', totalOutputAmount: '19980000' });
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 19_980_000n);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBeLessThan(10_000_000_000n - 100_000_000n + 1n);
    // The upstream's own wallets did not move.
    expect(upstream.sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n);
    expect(upstream.seen.slice(before).every((s) => s.method === 'GET')).toBe(true);
  });

  it('reads prediction events, markets and books from the upstream catalogue', async () => {
    const sim = paper();
    const events = await call(sim, 'GET', '/prediction/v1/events', { query: { includeMarkets: true } });
    const truth = await direct('/prediction/v1/events?includeMarkets=true');
    const own = await call(makeSimulator(), 'GET', '/prediction/v1/events', { query: { includeMarkets: true } });
    expect(events.body).toEqual(truth);
    expect(events.body.data[0].eventId).not.toBe(own.body.data[0].eventId);
    const marketId = truth.data[0].markets[0].marketId;
    const book = await call(sim, 'GET', `/prediction/v1/orderbook/${marketId}`);
    expect(book.body).toEqual(await direct(`/prediction/v1/orderbook/${marketId}`));
    // An id the upstream does not know gets the upstream's documented 404, in the area's shape.
    const missing = await call(sim, 'GET', `/prediction/v1/markets/${marketId}-nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });
  });

  it('fills a trigger v2 order when the upstream price crosses it, with the upstream quote as output', async () => {
    const sim = paper();
    upstream.sim.control.setPrice('NATIVE_COIN', 150);
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    const created = await createPriceOrder(sim, wallet, token, { triggerCondition: 'above', triggerPriceUsd: 170 });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const stable = sim.control.getBalance(wallet.address, STABLECOIN)!;
    expect((await sim.control.pollMarket()).filled).toEqual([]);
    upstream.sim.control.setPrice('NATIVE_COIN', 180);
    const quote = await direct(`/swap/v2/order?${new URLSearchParams(QUOTE)}`);
    const poll = await sim.control.pollMarket();
    expect(poll).toMatchObject({ pairs: 1, filled: [id] });
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(stable + BigInt(quote.outAmount));
    const history = await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { id } });
    expect(history.body.orders[0]).toMatchObject({ orderState: 'filled', outputAmount: quote.outAmount });
    upstream.sim.control.setPrice('NATIVE_COIN', 200);
  });

  it('fills a trigger v1 order once the upstream quote gives at least its taking amount', async () => {
    const sim = paper();
    upstream.sim.control.setPrice('NATIVE_COIN', 150);
    const maker = await createTestWallet();
    const created = await call(sim, 'POST', '/trigger/v1/createOrder', {
      body: {
        maker: maker.address,
        payer: maker.address,
        inputMint: NATIVE,
        outputMint: STABLECOIN,
        params: { makingAmount: '100000000', takingAmount: '16500000' },
      },
    });
    const signedTransaction = await maker.signTransaction(created.body.transaction);
    expect(
      (await call(sim, 'POST', '/trigger/v1/execute', { body: { requestId: created.body.requestId, signedTransaction } })).status,
    ).toBe(200);
    expect((await sim.control.pollMarket()).filled).toEqual([]);
    upstream.sim.control.setPrice('NATIVE_COIN', 180);
    const quote = await direct(`/swap/v2/order?${new URLSearchParams(QUOTE)}`);
    expect((await sim.control.pollMarket()).filled).toEqual([created.body.order]);
    expect(sim.control.getBalance(maker.address, STABLECOIN)).toBe(10_000_000_000n + BigInt(quote.outAmount));
    upstream.sim.control.setPrice('NATIVE_COIN', 200);
  });

  it('sends the upstream nothing but market reads, and never the client credentials', async () => {
    const sim = paper();
    const seenBefore = upstream.seen.length;
    const wallet = await createTestWallet();
    // Every kind of write the simulator takes, plus reads of local state.
    const token = await login(sim, wallet);
    await createPriceOrder(sim, wallet, token);
    await call(sim, 'GET', '/trigger/v2/orders/history', { token, query: { state: 'active' } });
    await call(sim, 'GET', '/trigger/v2/vault', { token });
    await call(sim, 'POST', '/lend/v1/borrow/operate', {
      body: { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000', debtAmount: '0' },
      unchecked: true,
    });
    await call(sim, 'GET', '/tokens/v2/verify/express/check-eligibility', { query: { tokenId: NATIVE }, apiKey: 'user-key' });
    await call(sim, 'GET', '/lend/v1/borrow/vaults', { headers: { authorization: 'Bearer user-token' } });
    const sent = upstream.seen.slice(seenBefore);
    expect(sent.length).toBeGreaterThan(0);
    const marketPaths = sim.operations.filter((o) => o.method === 'GET').map((o) => o.path);
    for (const s of sent) {
      expect(s.method).toBe('GET');
      expect(s.apiKey).toBe('upstream-key');
      expect(s.authorization).toBeUndefined();
      expect(s.path).not.toMatch(/register|auth|deposit|orders|vault$/);
    }
    expect(sent.map((s) => s.path).sort()).toEqual(['/lend/v1/borrow/vaults', '/tokens/v2/verify/express/check-eligibility']);
    expect(marketPaths.length).toBeGreaterThan(0);
    expect(sim.control.upstream()).toMatchObject({ mode: 'upstream', refused: 0 });
  });
});
