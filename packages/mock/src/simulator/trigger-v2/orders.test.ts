import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../index.js';
import { call, createTestWallet, login, makeSimulator, NATIVE, STABLECOIN, type TestWallet } from '../test-support/harness.js';
import { loadSpec } from '@x/openapi/reader';

const FAR = Date.UTC(2026, 6, 1);

interface Ctx {
  sim: Simulator;
  wallet: TestWallet;
  token: string;
}

async function deposit(ctx: Ctx, overrides: Record<string, unknown> = {}) {
  const body = {
    userAddress: ctx.wallet.address,
    orderType: 'price',
    orderSubType: 'single',
    inputMint: NATIVE,
    outputMint: STABLECOIN,
    amount: '100000000',
    ...overrides,
  };
  return call(ctx.sim, 'POST', '/trigger/v2/deposit/craft', { token: ctx.token, body });
}

async function createOrder(
  ctx: Ctx,
  fields: Record<string, unknown> = {},
  depositOverrides: Record<string, unknown> = {},
  /** Runs between signing the deposit and sending it (to let time pass). */
  afterSigning?: () => void,
) {
  const d = await deposit(ctx, depositOverrides);
  expect(d.status).toBe(200);
  const depositSignedTx = await ctx.wallet.signTransaction(d.body.transaction);
  afterSigning?.();
  const body = {
    orderType: 'single',
    depositRequestId: d.body.requestId,
    depositSignedTx,
    userPubkey: ctx.wallet.address,
    inputMint: NATIVE,
    inputAmount: '100000000',
    outputMint: STABLECOIN,
    triggerMint: NATIVE,
    expiresAt: FAR,
    triggerCondition: 'above',
    triggerPriceUsd: 180,
    slippageBps: 100,
    ...fields,
  };
  return { res: await call(ctx.sim, 'POST', '/trigger/v2/orders/price', { token: ctx.token, body }), body };
}

describe('trigger v2 vault, deposit and orders', () => {
  let ctx: Ctx;
  beforeEach(async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    ctx = { sim, wallet, token: await login(sim, wallet) };
  });

  it('404s the vault before register, 201 on register, then 409 with the vault in details', async () => {
    expect((await call(ctx.sim, 'GET', '/trigger/v2/vault', { token: ctx.token })).body).toEqual({ error: 'Vault not found' });
    const created = await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    expect(created.status).toBe(201);
    expect(created.body.userPubkey).toBe(ctx.wallet.address);
    const again = await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Vault already registered', details: created.body });
    expect((await call(ctx.sim, 'GET', '/trigger/v2/vault', { token: ctx.token })).body).toEqual(created.body);
  });

  it('crafts a deposit for an order type beyond price (no orderSubType), refuses a price order made from it, and still requires orderSubType for price', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    for (const orderType of ['dca', 'a_later_kind']) {
      const crafted = await deposit(ctx, { orderType, orderSubType: undefined });
      expect(crafted.status, orderType).toBe(200);
      expect(typeof crafted.body.transaction).toBe('string');
    }
    const { res } = await createOrder(ctx, {}, { orderType: 'dca', orderSubType: undefined });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/crafted for orderType dca/);
    const missing = await deposit(ctx, { orderSubType: undefined });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/orderSubType/);
  });

  it('applies the deposit craft rules: 403 without vault or for another wallet, 400 for the vault address and below 10 USD', async () => {
    expect((await deposit(ctx)).body).toEqual({ error: 'No vault registered for this wallet' });
    const vault = (await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token })).body;
    const other = await createTestWallet();
    const mismatch = await deposit(ctx, { userAddress: other.address });
    expect(mismatch.status).toBe(403);
    const isVault = await deposit(ctx, { userAddress: vault.vaultPubkey });
    expect(isVault.status).toBe(400);
    const small = await deposit(ctx, { amount: '60000000' });
    expect(small.body).toEqual({ error: 'Minimum order size is 10 USD' });
    const noSubType = await call(ctx.sim, 'POST', '/trigger/v2/deposit/craft', {
      token: ctx.token,
      body: { userAddress: ctx.wallet.address, orderType: 'price', inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000' },
    });
    expect(noSubType.status).toBe(400);
    const ok = await deposit(ctx, { orderSubType: 'otoco' });
    expect(ok.body).toMatchObject({ receiverAddress: vault.vaultPubkey, mint: NATIVE, amount: '100000000', tokenDecimals: 9 });
    expect(ok.body.outputTokenAccount).toBeTypeOf('string');
  });

  it('creates an order from a signed deposit and rejects the same deposit twice', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const { res, body } = await createOrder(ctx);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ depositConfirmed: true });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // The deposit, and the network fee of its one signature (5000 lamports).
    expect(ctx.sim.control.getBalance(ctx.wallet.address, NATIVE)).toBe(10_000_000_000n - 100_000_000n - 5000n);
    const duplicate = await call(ctx.sim, 'POST', '/trigger/v2/orders/price', { token: ctx.token, body });
    expect(duplicate.body).toEqual({ error: 'Duplicate deposit' });
  });

  it('refuses a deposit signed after its blockhash expired, as the chain would, and moves nothing', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const before = ctx.sim.control.getBalance(ctx.wallet.address, NATIVE);
    // 150 blocks of 400 ms: a minute and a little more.
    const { res: late } = await createOrder(ctx, {}, {}, () => ctx.sim.control.advanceTime(120_000));
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/^Transaction expired: blockhash not found/);
    expect(ctx.sim.control.getBalance(ctx.wallet.address, NATIVE)).toBe(before);
    expect((await call(ctx.sim, 'GET', '/trigger/v2/orders/history', { token: ctx.token })).body.orders).toEqual([]);
    // A deposit crafted now lands.
    expect((await createOrder(ctx)).res.status).toBe(200);
  });

  it('applies the create rules: ownership 403, unsigned deposit, prices, expiry', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const other = await createTestWallet();
    expect((await createOrder(ctx, { userPubkey: other.address })).res.status).toBe(403);
    expect((await createOrder(ctx, { triggerPriceUsd: 120 })).res.body.error).toMatch(/above the current price/);
    expect((await createOrder(ctx, { expiresAt: ctx.sim.control.now() - 1 })).res.body).toEqual({ error: 'Invalid expiresAt' });
    const oco = await createOrder(
      ctx,
      {
        orderType: 'oco',
        tpPriceUsd: 130,
        slPriceUsd: 180,
        tpSlippageBps: 100,
        slSlippageBps: 100,
        triggerCondition: undefined,
        triggerPriceUsd: undefined,
      },
      { orderSubType: 'oco' },
    );
    expect(oco.res.body).toEqual({ error: 'tpPriceUsd must be greater than slPriceUsd' });
    const okOco = await createOrder(
      ctx,
      {
        orderType: 'oco',
        tpPriceUsd: 180,
        slPriceUsd: 130,
        tpSlippageBps: 100,
        slSlippageBps: 300,
        triggerCondition: undefined,
        triggerPriceUsd: undefined,
      },
      { orderSubType: 'oco' },
    );
    expect(okOco.res.status).toBe(200);
    // The slippage of each leg an order type has is required, as the spec says.
    expect((await createOrder(ctx, { slippageBps: undefined })).res.body).toEqual({ error: 'slippageBps is required for single orders' });
    const ocoWithoutLegSlippage = await createOrder(
      ctx,
      { orderType: 'oco', tpPriceUsd: 180, slPriceUsd: 130, tpSlippageBps: 100, triggerCondition: undefined, triggerPriceUsd: undefined },
      { orderSubType: 'oco' },
    );
    expect(ocoWithoutLegSlippage.res.body).toEqual({ error: 'slSlippageBps is required for oco orders' });
    const d = await deposit(ctx);
    const unsigned = await call(ctx.sim, 'POST', '/trigger/v2/orders/price', {
      token: ctx.token,
      body: {
        orderType: 'single',
        depositRequestId: d.body.requestId,
        depositSignedTx: d.body.transaction,
        userPubkey: ctx.wallet.address,
        inputMint: NATIVE,
        inputAmount: '100000000',
        outputMint: STABLECOIN,
        triggerMint: NATIVE,
        expiresAt: FAR,
        triggerCondition: 'above',
        triggerPriceUsd: 180,
        slippageBps: 100,
      },
    });
    expect(unsigned.body).toEqual({ error: 'Invalid signed deposit transaction' });
  });

  it('updates only while open, and 404s unknown or foreign orders', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const { res } = await createOrder(ctx);
    const id = res.body.id;
    const update = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
      token: ctx.token,
      body: { orderType: 'single', triggerPriceUsd: 185 },
    });
    expect(update.body).toEqual({ id });
    const wrongType = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
      token: ctx.token,
      body: { orderType: 'oco', tpPriceUsd: 200, slPriceUsd: 100 },
    });
    expect(wrongType.body).toEqual({ error: "orderType oco does not match the order's single" });
    const invalid = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
      token: ctx.token,
      body: { orderType: 'single', triggerPriceUsd: 100 },
    });
    expect(invalid.status).toBe(400);
    const other = await createTestWallet();
    const otherToken = await login(ctx.sim, other);
    expect(
      (
        await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
          token: otherToken,
          body: { orderType: 'single', triggerPriceUsd: 190 },
        })
      ).status,
    ).toBe(404);
    ctx.sim.control.fillOrder(id);
    const closed = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
      token: ctx.token,
      body: { orderType: 'single', triggerPriceUsd: 190 },
    });
    expect(closed.body).toEqual({ error: 'Order is not open' });
    expect(
      (
        await call(ctx.sim, 'PATCH', '/trigger/v2/orders/price/00000000-0000-4000-8000-000000000000', {
          token: ctx.token,
          body: { orderType: 'single', triggerPriceUsd: 190 },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps every price setting the spec marks (x-price-setting), trailingBps among them, through create, update and history', async () => {
    await call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const { res } = await createOrder(ctx, { trailingBps: 150 });
    const id = res.body.id;
    const history = async () => (await call(ctx.sim, 'GET', `/trigger/v2/orders/history?id=${id}`, { token: ctx.token })).body.orders[0];
    expect(await history()).toMatchObject({ id, triggerCondition: 'above', triggerPriceUsd: 180, slippageBps: 100, trailingBps: 150 });
    const update = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, {
      token: ctx.token,
      body: { orderType: 'single', trailingBps: 250 },
    });
    expect(update.body).toEqual({ id });
    expect(await history()).toMatchObject({ triggerPriceUsd: 180, trailingBps: 250 });
    // Before trailingBps was kept, an update of it alone was answered "nothing to update".
    const nothing = await call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, { token: ctx.token, body: { orderType: 'single' } });
    expect(nothing.status).toBe(400);
  });

  it('reaches every 500 of the table through fault injection', async () => {
    for (const operationId of [
      'triggerV2CreateChallenge',
      'triggerV2VerifyChallenge',
      'triggerV2GetVault',
      'triggerV2RegisterVault',
      'triggerV2CraftDeposit',
      'triggerV2CreatePriceOrder',
      'triggerV2UpdatePriceOrder',
      'triggerV2CancelPriceOrder',
      'triggerV2ConfirmCancelPriceOrder',
    ]) {
      ctx.sim.control.injectFault(operationId, 500);
    }
    const id = '00000000-0000-4000-8000-000000000000';
    const body = { walletPubkey: ctx.wallet.address, type: 'message' };
    const calls = [
      call(ctx.sim, 'POST', '/trigger/v2/auth/challenge', { body }),
      call(ctx.sim, 'POST', '/trigger/v2/auth/verify', { body: { ...body, signature: 'x' } }),
      call(ctx.sim, 'GET', '/trigger/v2/vault', { token: ctx.token }),
      call(ctx.sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token }),
      call(ctx.sim, 'POST', '/trigger/v2/deposit/craft', { token: ctx.token, body: {} }),
      call(ctx.sim, 'POST', '/trigger/v2/orders/price', { token: ctx.token, body: {} }),
      call(ctx.sim, 'PATCH', `/trigger/v2/orders/price/${id}`, { token: ctx.token, body: {} }),
      call(ctx.sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, { token: ctx.token }),
      call(ctx.sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${id}`, { token: ctx.token, body: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(500);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe("the fields each order type requires are the spec's (x-required-when of the create request)", () => {
  const create = (loadSpec().components?.schemas?.TriggerV2CreatePriceOrderRequest ?? {}) as Record<string, unknown>;
  const required = create['x-required-when'] as { orderType: Record<string, string[]> } | undefined;
  // A complete order of each type, against the price table (NATIVE_COIN at 150 USD).
  const FULL: Record<string, Record<string, unknown>> = {
    single: { triggerCondition: 'above', triggerPriceUsd: 180, slippageBps: 100 },
    oco: { tpPriceUsd: 180, slPriceUsd: 130, tpSlippageBps: 100, slSlippageBps: 300 },
    otoco: {
      triggerCondition: 'below',
      triggerPriceUsd: 140,
      slippageBps: 100,
      tpPriceUsd: 170,
      slPriceUsd: 120,
      tpSlippageBps: 100,
      slSlippageBps: 300,
    },
  };
  const cases = Object.entries(required?.orderType ?? {}).flatMap(([type, fields]) => fields.map((field) => [type, field] as const));

  it('the spec states them for every order type', () => {
    expect(Object.keys(required?.orderType ?? {}).sort()).toEqual(Object.keys(FULL).sort());
  });

  it.each(cases)('%s: an order without %s is refused with 400, naming it', async (type, field) => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const ctx = { sim, wallet, token: await login(sim, wallet) };
    await call(sim, 'GET', '/trigger/v2/vault/register', { token: ctx.token });
    const only = { triggerCondition: undefined, triggerPriceUsd: undefined, slippageBps: undefined, ...FULL[type] };
    const complete = await createOrder(ctx, { orderType: type, ...only }, { orderSubType: type });
    expect(complete.res.status).toBe(200);
    const { res } = await createOrder(ctx, { orderType: type, ...only, [field]: undefined }, { orderSubType: type });
    expect([res.status, res.body]).toEqual([400, { error: `${field} is required for ${type} orders` }]);
  });
});
