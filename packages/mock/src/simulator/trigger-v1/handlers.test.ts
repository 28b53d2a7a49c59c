import { describe, expect, it } from 'vitest';
import { call, createTestWallet, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN } from '../test-support/harness.js';
import type { Simulator } from '../index.js';
import type { TestWallet } from '../test-support/harness.js';
import { tokenAccountOf } from '../chain/token-accounts.js';
import { decodeTransaction } from '../chain/transactions.js';
import { world } from '../world.js';

async function create(
  sim: Simulator,
  maker: TestWallet,
  making = '100000000',
  extra: Record<string, unknown> = {},
  body: Record<string, unknown> = {},
) {
  const res = await call(sim, 'POST', '/trigger/v1/createOrder', {
    body: {
      ...body,
      maker: maker.address,
      payer: maker.address,
      inputMint: PLATFORM_TOKEN,
      outputMint: STABLECOIN,
      params: { makingAmount: making, takingAmount: '60000000', ...extra },
    },
  });
  return res;
}

async function createAndExecute(sim: Simulator, maker: TestWallet) {
  const created = await create(sim, maker);
  expect(created.status).toBe(200);
  const executed = await call(sim, 'POST', '/trigger/v1/execute', {
    body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
  });
  expect(executed.body).toMatchObject({ code: 0, status: 'Success' });
  return created.body.order as string;
}

describe('trigger v1', () => {
  it('rejects a making amount worth less than 5 USD with the v1 error body', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const res = await create(sim, maker, '9000000');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid create order request',
      cause: 'making amount is worth less than the 5 USD minimum',
      code: 400,
    });
    expect((await create(sim, maker, '10000000')).status).toBe(200);
  });

  it('creates an order as an unsigned transaction, executes it and lists it as active', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const order = await createAndExecute(sim, maker);
    const list = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'active' } });
    expect(list.body).toMatchObject({ user: maker.address, orderStatus: 'active', totalPages: 1, page: 1 });
    expect(list.body.orders).toHaveLength(1);
    expect(list.body.orders[0]).toMatchObject({ orderKey: order, status: 'Open', rawMakingAmount: '100000000', closeTx: null });
    expect(list.body.orders[0].openTx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
    // The payer (here the maker, so one signature) pays the network fee: 5000 lamports, and the
    // priority fee of the default compute unit price (the 95th percentile, 95 000 micro-lamports)
    // times the 300 000-unit limit: 28 500.
    expect(sim.control.getBalance(maker.address, NATIVE)).toBe(10_000_000_000n - 5000n - 28_500n);
  });

  it('sets the compute unit price asked for (create and cancel), which the payer pays', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const created = await create(sim, maker, '100000000', {}, { computeUnitPrice: '100000' });
    await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
    });
    // 5000 for the signature, 100 000 micro-lamports x 300 000 units.
    expect(sim.control.getBalance(maker.address, NATIVE)).toBe(10_000_000_000n - 35_000n);
    const cancel = await call(sim, 'POST', '/trigger/v1/cancelOrder', {
      body: { maker: maker.address, order: created.body.order, computeUnitPrice: '0' },
    });
    await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: cancel.body.requestId, signedTransaction: await maker.signTransaction(cancel.body.transaction) },
    });
    expect(sim.control.getBalance(maker.address, NATIVE)).toBe(10_000_000_000n - 35_000n - 5000n);
    const tooHigh = await create(sim, maker, '100000000', {}, { computeUnitPrice: '18446744073709551616' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.cause).toMatch(/computeUnitPrice/);
  });

  it('rejects execute with an unknown requestId, a foreign transaction or a missing signature', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const a = await create(sim, maker);
    const b = await create(sim, maker);
    expect(
      (await call(sim, 'POST', '/trigger/v1/execute', { body: { requestId: 'x', signedTransaction: a.body.transaction } })).body.cause,
    ).toMatch(/requestId/);
    expect(
      (
        await call(sim, 'POST', '/trigger/v1/execute', {
          body: { requestId: a.body.requestId, signedTransaction: await maker.signTransaction(b.body.transaction) },
        })
      ).status,
    ).toBe(400);
    const unsigned = await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: a.body.requestId, signedTransaction: a.body.transaction },
    });
    expect(unsigned.body.cause).toMatch(/missing signature/);
  });

  it('refuses to open an order whose making amount the maker no longer holds at execute, and moves nothing', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    sim.control.setBalance(maker.address, 'PLATFORM_TOKEN', 150_000_000n);
    // Both are created while the balance covers each of them alone.
    const a = await create(sim, maker);
    const b = await create(sim, maker);
    const execute = async (created: typeof a) =>
      call(sim, 'POST', '/trigger/v1/execute', {
        body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
      });
    expect((await execute(a)).body).toMatchObject({ code: 0, status: 'Success' });
    const second = await execute(b);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      error: 'invalid execute request',
      cause: 'insufficient balance: need 100000000, have 50000000',
      code: 400,
    });
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(50_000_000n);
    const active = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'active' } });
    expect(active.body.orders.map((o: { orderKey: string }) => o.orderKey)).toEqual([a.body.order]);
    // Cancelling everything gives back what was put in, no more.
    const many = await call(sim, 'POST', '/trigger/v1/cancelOrders', { body: { maker: maker.address } });
    for (const tx of many.body.transactions)
      await call(sim, 'POST', '/trigger/v1/execute', {
        body: { requestId: many.body.requestId, signedTransaction: await maker.signTransaction(tx) },
      });
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(150_000_000n);
  });

  it('refuses a transaction whose blockhash expired before it was executed, and moves nothing', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const created = await create(sim, maker);
    const signedTransaction = await maker.signTransaction(created.body.transaction);
    // Still a pending request (two minutes), but its blockhash (150 blocks of 400 ms) is gone.
    sim.control.advanceTime(90_000);
    const late = await call(sim, 'POST', '/trigger/v1/execute', { body: { requestId: created.body.requestId, signedTransaction } });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'invalid execute request', code: 400 });
    expect(late.body.cause).toMatch(/^Transaction expired: blockhash not found/);
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n);
    const active = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'active' } });
    expect(active.body.orders).toEqual([]);
  });

  it('cancels one order, then all with 5 cancels per transaction, and refunds them', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const orders: string[] = [];
    for (let i = 0; i < 7; i++) orders.push(await createAndExecute(sim, maker));
    const one = await call(sim, 'POST', '/trigger/v1/cancelOrder', { body: { maker: maker.address, order: orders[0] } });
    expect(one.status).toBe(200);
    await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: one.body.requestId, signedTransaction: await maker.signTransaction(one.body.transaction) },
    });
    const many = await call(sim, 'POST', '/trigger/v1/cancelOrders', { body: { maker: maker.address } });
    expect(many.body.transactions).toHaveLength(2);
    for (const tx of many.body.transactions) {
      const res = await call(sim, 'POST', '/trigger/v1/execute', {
        body: { requestId: many.body.requestId, signedTransaction: await maker.signTransaction(tx) },
      });
      expect(res.body.code).toBe(0);
    }
    const history = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'history' } });
    expect(history.body.orders).toHaveLength(7);
    expect(history.body.orders.every((o: { status: string; closeTx: string }) => o.status === 'Cancelled' && o.closeTx.length > 0)).toBe(
      true,
    );
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n);
    expect((await call(sim, 'POST', '/trigger/v1/cancelOrders', { body: { maker: maker.address } })).body.cause).toMatch(/no open orders/);
    const other = await createTestWallet();
    // An empty list would read as "all": it is refused, in the area's error shape, and nothing is prepared.
    const open = await createAndExecute(sim, other);
    const empty = await call(sim, 'POST', '/trigger/v1/cancelOrders', { body: { maker: other.address, orders: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'invalid request',
      cause: 'Invalid request body: /orders has fewer than the minimum of 1 items',
      code: 400,
    });
    const stillOpen = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: other.address, orderStatus: 'active' } });
    expect(stillOpen.body.orders.map((o: { orderKey: string }) => o.orderKey)).toEqual([open]);
    expect((await call(sim, 'POST', '/trigger/v1/cancelOrder', { body: { maker: other.address, order: orders[1] } })).status).toBe(400);
  });

  it('refuses a cancel transaction whose order filled since it was crafted, instead of answering Success', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const order = await createAndExecute(sim, maker);
    const cancel = await call(sim, 'POST', '/trigger/v1/cancelOrder', { body: { maker: maker.address, order } });
    sim.control.fillOrder(order);
    const late = await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: cancel.body.requestId, signedTransaction: await maker.signTransaction(cancel.body.transaction) },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'invalid execute request', cause: `order ${order} is Completed, not open`, code: 400 });
    // Filled once: the input stays spent, the output arrived, nothing is refunded.
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
    expect(sim.control.getBalance(maker.address, STABLECOIN)).toBe(10_000_000_000n + 60_000_000n);
    const history = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'history' } });
    expect(history.body.orders[0]).toMatchObject({ orderKey: order, status: 'Completed', closeTx: null });
  });

  it('tells a re-sent execute that its transaction already landed, not that the request is unknown', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const created = await create(sim, maker);
    const body = { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) };
    const first = await call(sim, 'POST', '/trigger/v1/execute', { body });
    expect(first.body).toMatchObject({ code: 0, status: 'Success' });
    // A client whose answer was lost sends it again: the order must not look unopened.
    const again = await call(sim, 'POST', '/trigger/v1/execute', { body });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid execute request', code: 400 });
    expect(again.body.cause).toBe(
      `Transaction already processed in slot ${sim.control.transactions().transactions[0]!.slot}: ${first.body.signature}`,
    );
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
  });

  it('pages the order list 10 per page and filters by mint', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    for (let i = 0; i < 11; i++) await createAndExecute(sim, maker);
    const page2 = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, page: 2 } });
    expect(page2.body).toMatchObject({ totalPages: 2, page: 2 });
    expect(page2.body.orders).toHaveLength(1);
    const none = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, inputMint: NATIVE } });
    expect(none.body.orders).toHaveLength(0);
    // Without `user`: the service's own OpenAPI file requires it and answers 400 (spec/RECONCILIATION.md);
    // the spec leaves it optional (a deprecated area), and its default answer is this trigger v1 error body.
    const noUser = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', {});
    expect(noUser.status).toBe(400);
    expect(noUser.body).toEqual({ error: 'invalid get trigger orders request', cause: 'user is required', code: 400 });
  });

  it('fills and expires orders through the control API', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const a = await createAndExecute(sim, maker);
    const b = await createAndExecute(sim, maker);
    sim.control.fillOrder(a);
    sim.control.expireOrder(b);
    const history = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'history' } });
    expect(history.body.orders.map((o: { status: string }) => o.status).sort()).toEqual(['Completed', 'Expired']);
    expect(sim.control.getBalance(maker.address, STABLECOIN)).toBe(10_000_000_000n + 60_000_000n);
  });
  describe('integrator fee (params.feeBps, feeAccount)', () => {
    async function createWithFee(sim: Simulator, maker: TestWallet, feeBps: string | undefined, feeAccount: string | undefined) {
      return create(sim, maker, '100000000', feeBps === undefined ? {} : { feeBps }, feeAccount === undefined ? {} : { feeAccount });
    }
    const stable = (sim: Simulator, wallet: string): bigint => sim.control.getBalance(wallet, STABLECOIN) ?? 0n;
    async function execute(sim: Simulator, maker: TestWallet, created: { body: { requestId: string; transaction: string } }) {
      const executed = await call(sim, 'POST', '/trigger/v1/execute', {
        body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
      });
      expect(executed.body).toMatchObject({ code: 0, status: 'Success' });
    }

    /**
     * Opens an order (takingAmount 60 000 000 unless `params` says) with the fee account
     * `feeAccount` names, fills it through the control API, and answers what the maker and the
     * integrator wallet received of the output mint.
     */
    async function fillWith(
      params: Record<string, unknown>,
      feeAccount: (maker: TestWallet, integrator: TestWallet) => string | undefined,
    ) {
      const sim = makeSimulator();
      const maker = await createTestWallet();
      const integrator = await createTestWallet();
      const account = feeAccount(maker, integrator);
      const created = await create(sim, maker, '100000000', params, account === undefined ? {} : { feeAccount: account });
      expect(created.status).toBe(200);
      await execute(sim, maker, created);
      const [makerBefore, integratorBefore] = [stable(sim, maker.address), stable(sim, integrator.address)];
      sim.control.fillOrder(created.body.order);
      return { maker: stable(sim, maker.address) - makerBefore, integrator: stable(sim, integrator.address) - integratorBefore };
    }

    it('pays the fee account its share of the output at a fill and the maker the rest (they sum to the output)', async () => {
      // takingAmount 60 000 000 is the output before the fee: 1% (600 000) to the fee account.
      expect(await fillWith({ feeBps: '100' }, (_, integrator) => integrator.address)).toEqual({
        maker: 59_400_000n,
        integrator: 600_000n,
      });
    });

    it('rounds the fee up, against the maker who pays it, as the swap fees are', async () => {
      // 60 000 001 x 33 / 10 000 = 198 000.0033: 198 001 to the fee account, 59 802 000 to the maker.
      expect(await fillWith({ takingAmount: '60000001', feeBps: '33' }, (_, integrator) => integrator.address)).toEqual({
        maker: 59_802_000n,
        integrator: 198_001n,
      });
    });

    it('pays the owner of a fee token account of the output mint (its balance of that mint)', async () => {
      // The maker's own token account of the output mint: the fee comes back to the maker, so the
      // maker's balance grows by the whole output (nothing lost, nothing made up).
      expect(await fillWith({ feeBps: '33' }, (maker) => tokenAccountOf(maker.address, STABLECOIN))).toEqual({
        maker: 60_000_000n,
        integrator: 0n,
      });
    });

    it('takes no fee with a fee account and no feeBps', async () => {
      expect(await fillWith({}, (_, integrator) => integrator.address)).toEqual({ maker: 60_000_000n, integrator: 0n });
    });

    it('refuses a feeBps without a fee account, above 10 000, or a fee account of another mint, with the v1 error body', async () => {
      const sim = makeSimulator();
      const maker = await createTestWallet();
      const integrator = await createTestWallet();
      const refusal = (cause: string) => ({ error: 'invalid create order request', cause, code: 400 });
      const missing = await createWithFee(sim, maker, '50', undefined);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual(refusal('feeBps requires feeAccount, the token account of the output mint that receives the fee'));
      const tooHigh = await createWithFee(sim, maker, '10001', integrator.address);
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body).toEqual(refusal('feeBps must be from 0 to 10000 basis points of the output'));
      const inputMintAccount = tokenAccountOf(maker.address, PLATFORM_TOKEN)!;
      const otherMint = await createWithFee(sim, maker, '50', inputMintAccount);
      expect(otherMint.status).toBe(400);
      expect(otherMint.body).toEqual(
        refusal(`feeAccount ${inputMintAccount} is a token account of PLATFORM_TOKEN; the fee is paid in the output mint, STABLECOIN_USD`),
      );
      expect((await createWithFee(sim, maker, '10000', integrator.address)).status).toBe(200);
    });

    it('names the fee account and rate in the order transaction the maker signs', async () => {
      const sim = makeSimulator();
      const maker = await createTestWallet();
      const integrator = await createTestWallet();
      const created = await createWithFee(sim, maker, '25', integrator.address);
      const decoded = decodeTransaction(created.body.transaction)!;
      expect(decoded.staticAccounts).toContain(integrator.address);
    });
  });
  it('refuses an order past maxOrdersPerWallet open ones, instead of dropping the oldest open order and its locked input', async () => {
    const sim = makeSimulator({ settings: { maxOrdersPerWallet: 2 } });
    const maker = await createTestWallet();
    const first = await createAndExecute(sim, maker);
    await createAndExecute(sim, maker);
    const third = await create(sim, maker);
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      error: 'invalid create order request',
      cause: 'maker has 2 open orders, the most the simulator keeps (settings.maxOrdersPerWallet); cancel one first',
      code: 400,
    });
    // Two crafted before either landed: the second to land is refused at execute, and moves nothing.
    const sim2 = makeSimulator({ settings: { maxOrdersPerWallet: 1 } });
    const a = await create(sim2, maker);
    const b = await create(sim2, maker);
    const run = async (created: typeof a) =>
      call(sim2, 'POST', '/trigger/v1/execute', {
        body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
      });
    expect((await run(a)).status).toBe(200);
    const before = sim2.control.getBalance(maker.address, PLATFORM_TOKEN);
    const late = await run(b);
    expect(late.status).toBe(400);
    expect(sim2.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(before);
    // The first order is still there, open, and cancelling it refunds its input.
    const list = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'active' } });
    expect(list.body.orders.map((o: { orderKey: string }) => o.orderKey)).toContain(first);
    expect(list.body.orders).toHaveLength(2);
  });
  it('lists human amounts exactly, beyond what a float holds (2^53 + 1 units)', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    sim.control.setBalance(maker.address, PLATFORM_TOKEN, 10n ** 18n);
    const created = await create(sim, maker, '9007199254740993', { takingAmount: '9007199254740993' });
    expect(created.status).toBe(200);
    await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
    });
    const list = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'active' } });
    const decimals = (mint: string) => Object.values(world.tokens).find((t) => t.mint === mint)!.decimals;
    const exact = (units: string, d: number) => `${units.slice(0, -d)}.${units.slice(-d)}`.replace(/\.?0+$/, '');
    expect(list.body.orders[0]).toMatchObject({
      makingAmount: exact('9007199254740993', decimals(PLATFORM_TOKEN)),
      takingAmount: exact('9007199254740993', decimals(STABLECOIN)),
      remainingTakingAmount: exact('9007199254740993', decimals(STABLECOIN)),
    });
  });
  it('does not fill an order past its expiredAt through the control API: it expires and refunds its input', async () => {
    const sim = makeSimulator();
    const maker = await createTestWallet();
    const expiredAt = String(Math.floor(sim.control.now() / 1000) + 60);
    const created = await create(sim, maker, '100000000', { expiredAt });
    await call(sim, 'POST', '/trigger/v1/execute', {
      body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
    });
    sim.control.advanceTime(120_000);
    const output = sim.control.getBalance(maker.address, STABLECOIN);
    expect(() => sim.control.fillOrder(created.body.order)).toThrow(`trigger v1 order ${created.body.order} expired at`);
    expect(sim.control.getBalance(maker.address, STABLECOIN)).toBe(output);
    const history = await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: maker.address, orderStatus: 'history' } });
    expect(history.body.orders[0]).toMatchObject({ orderKey: created.body.order, status: 'Expired' });
    expect(sim.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(100_000_000_000n);
  });
});
