// The control API's reads after a scripted session (swap, trigger order fill, lend deposit): the
// numbers match the simulator's own balances and orders, landed transactions are decoded into
// what they moved, and the journal and its HAR export carry no secret.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSimulator } from '../test-support/harness.js';
import { NATIVE, PLATFORM_TOKEN, STABLECOIN, scriptedSession, type Session } from '../test-support/session.js';
import type { Simulator } from '../index.js';

let sim: Simulator;
let session: Session;

beforeAll(async () => {
  sim = makeSimulator();
  session = await scriptedSession(sim, { stepMs: 1_000 });
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await sim.fetch(new Request(`http://localhost/__control/${path}`, { headers }));
  return { status: res.status, body: await res.json(), headers: res.headers };
};

describe('GET /__control/wallets', () => {
  it('lists the wallet with each balance as the simulator holds it, valued at the current prices', async () => {
    const { status, body } = await get('wallets');
    expect(status).toBe(200);
    const view = body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address);
    expect(view).toBeDefined();
    let total = 0;
    for (const mint of [NATIVE, PLATFORM_TOKEN, STABLECOIN]) {
      const b = view.balances.find((x: { mint: string }) => x.mint === mint);
      expect(b.amount).toBe(sim.control.getBalance(session.wallet.address, mint)!.toString());
      expect(b.uiAmount).toBe(Number(b.amount) / 10 ** b.decimals);
    }
    for (const b of view.balances) total += b.usdValue;
    expect(view.totalUsd).toBeCloseTo(total, 9);
    // 100 PLATFORM_TOKEN went into the swap, 100 into the trigger v1 order
    expect(view.balances.find((x: { symbol: string }) => x.symbol === 'PLATFORM_TOKEN').uiAmount).toBe(99_800);
    expect(body.prices.find((p: { symbol: string }) => p.symbol === 'NATIVE_COIN').usd).toBe(150);
  });

  it('refuses a limit out of range', async () => {
    expect((await get('wallets?limit=0')).status).toBe(400);
    expect((await get('wallets?limit=abc')).body.error).toMatch(/limit/);
  });
});

describe('GET /__control/orders and lend', () => {
  it('shows the filled trigger v2 order with its fill', async () => {
    const { body } = await get(`orders?wallet=${session.wallet.address}`);
    const order = body.orders.find((o: { id: string }) => o.id === session.orderId);
    expect(order).toMatchObject({ version: 'v2', state: 'filled', fillPercent: 100, wallet: session.wallet.address });
    expect(order.input).toMatchObject({ symbol: 'NATIVE_COIN', amount: '100000000', uiAmount: 0.1 });
    expect(order.remainingInput.amount).toBe('0');
    expect(BigInt(order.output.amount)).toBeGreaterThan(0n);
    expect(order.output.symbol).toBe('STABLECOIN_USD');
  });

  it('shows the open trigger v1 order with what it sells and asks', async () => {
    const { body } = await get(`orders?wallet=${session.wallet.address}`);
    const order = body.orders.find((o: { id: string }) => o.id === session.v1OrderKey);
    expect(order).toMatchObject({ version: 'v1', state: 'Open', openTx: session.v1Signature });
    expect(order.input).toMatchObject({ symbol: 'PLATFORM_TOKEN', uiAmount: 100 });
    expect(order.output).toMatchObject({ symbol: 'STABLECOIN_USD', uiAmount: 60 });
    expect(order.filledInput.amount).toBe('0');
  });

  it('shows the lend position and the wallet vault', async () => {
    const { body } = await get(`lend?wallet=${session.wallet.address}`);
    expect(body.positions).toEqual([
      expect.objectContaining({
        nftId: session.positionId,
        owner: session.wallet.address,
        collateral: expect.objectContaining({ symbol: 'NATIVE_COIN', uiAmount: 1 }),
      }),
    ]);
    expect(body.triggerVaults).toHaveLength(1);
    expect(body.borrowVaults.length).toBeGreaterThan(0);
  });

  it('answers the newest orders first, at most limit', async () => {
    const { body } = await get('orders?limit=1');
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([session.orderId]);
    expect((await get('orders?limit=1001')).status).toBe(400);
  });

  it('refuses a wallet that is not a public key', async () => {
    expect((await get('orders?wallet=nope')).status).toBe(400);
  });
});

describe('GET /__control/transactions', () => {
  it('decodes the landed swap and deposit into what they moved, with their signatures', async () => {
    const { body } = await get(`transactions?wallet=${session.wallet.address}`);
    const swap = body.transactions.find((t: { signature: string }) => t.signature === session.swapSignature);
    expect(swap.operationId).toBe('swapExecute');
    expect(swap.signers).toContain(session.wallet.address);
    expect(swap.moves).toContainEqual(
      expect.objectContaining({
        kind: 'swap in',
        from: session.wallet.address,
        symbol: 'PLATFORM_TOKEN',
        amount: '100000000',
        uiAmount: 100,
      }),
    );
    expect(swap.moves).toContainEqual(
      expect.objectContaining({ kind: 'swap out', to: session.wallet.address, symbol: 'STABLECOIN_USD', atLeast: true }),
    );
    const deposit = body.transactions.find((t: { signature: string }) => t.signature === session.depositSignature);
    expect(deposit.operationId).toBe('triggerV2CreatePriceOrder');
    expect(deposit.moves).toContainEqual(
      expect.objectContaining({ from: session.wallet.address, symbol: 'NATIVE_COIN', amount: '100000000' }),
    );
    const v1 = body.transactions.find((t: { signature: string }) => t.signature === session.v1Signature);
    expect(v1.operationId).toBe('triggerV1Execute');
    expect(v1.moves).toEqual([
      expect.objectContaining({
        kind: 'order deposit',
        from: session.wallet.address,
        to: session.v1OrderKey,
        symbol: 'PLATFORM_TOKEN',
        uiAmount: 100,
      }),
    ]);
    // newest first
    expect(body.transactions.indexOf(deposit)).toBeLessThan(body.transactions.indexOf(swap));
  });
});

describe('GET /__control/journal and journal.har', () => {
  it('lists the requests with operation, status and duration, newest first', async () => {
    const { body } = await get('journal');
    expect(body.size).toBe(200);
    const ops = body.entries.map((e: { operationId: string }) => e.operationId);
    expect(ops).toContain('swapExecute');
    expect(ops).toContain('triggerV2VerifyChallenge');
    expect(ops[0]).toBe('lendBorrowOperate');
    for (const e of body.entries) {
      expect(e.status).toBeGreaterThanOrEqual(200);
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
    }
    const ids = body.entries.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const after = await get(`journal?afterId=${ids[1]}`);
    expect(after.body.entries.map((e: { id: number }) => e.id)).toEqual([ids[0]]);
  });

  it('shows no API key, bearer token, challenge signature or signed transaction', async () => {
    const journal = JSON.stringify((await get('journal')).body);
    const har = JSON.stringify((await get('journal.har')).body);
    for (const text of [journal, har]) {
      for (const secret of session.secrets) expect(text).not.toContain(secret);
      expect(text).toContain('[redacted]');
    }
    const verify = (await get('journal')).body.entries.find((e: { operationId: string }) => e.operationId === 'triggerV2VerifyChallenge');
    expect(JSON.parse(verify.requestBody).signature).toBe('[redacted]');
    expect(JSON.parse(verify.responseBody).token).toBe('[redacted]');
    expect(verify.requestHeaders).toContainEqual({ name: 'x-api-key', value: '[redacted]' });
  });

  it('exports a selection as HAR 1.2 with the request bodies', async () => {
    const entries = (await get('journal')).body.entries;
    const execute = entries.find((e: { operationId: string }) => e.operationId === 'swapExecute');
    const { body, headers } = await get(`journal.har?ids=${execute.id}`);
    expect(headers.get('content-disposition')).toContain('.har');
    expect(body.log.version).toBe('1.2');
    expect(body.log.entries).toHaveLength(1);
    const [entry] = body.log.entries;
    expect(entry.request.method).toBe('POST');
    expect(entry.request.url).toMatch(/\/swap\/v2\/execute$/);
    expect(JSON.parse(entry.request.postData.text).signedTransaction).toBe('[redacted]');
    expect(entry.response.status).toBe(200);
    expect(entry._operationId).toBe('swapExecute');
    expect((await get('journal.har?ids=1,x')).status).toBe(400);
  });
});

describe('GET /__control/history', () => {
  it('has a point per change of the wallet, the last at its value now', async () => {
    const { body } = await get('history');
    const series = body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address);
    expect(series.points.length).toBeGreaterThanOrEqual(3);
    const now = (await get('wallets')).body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address);
    expect(series.points.at(-1).usd).toBeCloseTo(now.totalUsd, 9);
  });

  it('follows a price change', async () => {
    const before = (await get('history')).body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address).points.at(-1);
    sim.control.advanceTime(1000);
    sim.control.setPrice('NATIVE_COIN', 300);
    const after = (await get('history')).body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address).points.at(-1);
    expect(after.t).toBe(before.t + 1000);
    expect(after.usd).toBeGreaterThan(before.usd);
  });
});

describe('the value history while nothing changes', () => {
  it('moves the last point on instead of adding points', async () => {
    const series = async () =>
      (await get('history')).body.wallets.find((w: { wallet: string }) => w.wallet === session.wallet.address).points;
    await series();
    const count = (await series()).length;
    for (let i = 1; i <= 5; i++) {
      sim.control.advanceTime(1000);
      const points = await series();
      expect(points.at(-1).t).toBe(sim.control.now());
      expect(points.length).toBeLessThanOrEqual(count + 1);
    }
  });
});

describe('the journal off', () => {
  it('keeps nothing and says so', async () => {
    const quiet = makeSimulator({ journal: 0 });
    await quiet.fetch(new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'k' } }));
    const res = await quiet.fetch(new Request('http://localhost/__control/journal'));
    expect(await res.json()).toEqual({ size: 0, entries: [] });
  });
});
