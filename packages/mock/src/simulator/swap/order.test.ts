import { describe, expect, it } from 'vitest';
import { decodeTransaction } from '../chain/transactions.js';
import { GAS_WALLET, RFQ_MAKER } from '../chain/addresses.js';
import { call, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, EXAMPLE_TOKEN, TAKER } from '../test-support/harness.js';

const PAYER = '3bGiUmz1Npv6FbcpQU7gvr8PhtKWb1PCGaYQeSnBJjvm';
const RECEIVER = '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH';
const REFERRAL = 'E4tHT4CqnvcesQFTioGxH6gLKTzQYjWHjeDLrzEczCQe';
const base = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000' };

describe('GET /swap/v2/order', () => {
  it('quotes from the price table without a taker (transaction null)', async () => {
    const sim = makeSimulator();
    const { status, body } = await call(sim, 'GET', '/swap/v2/order', { query: base });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      mode: 'ultra',
      inAmount: '100000000',
      outAmount: '49950000',
      otherAmountThreshold: '49700250',
      router: 'router_onchain',
      transaction: null,
      taker: null,
      gasless: false,
      feeBps: 10,
      platformFee: { amount: '50000', feeBps: 10, feeMint: STABLECOIN },
    });
    expect(body.routePlan[0].swapInfo.outAmount).toBe('50000000');
  });

  it('builds a real unsigned v0 transaction with the taker as fee payer and signer', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    expect(body.signatureFeePayer).toBe(TAKER);
    expect(body.gasless).toBe(false);
    const tx = decodeTransaction(body.transaction)!;
    expect(tx.version).toBe(0);
    expect(tx.signatures.map((s) => s.signer)).toEqual([TAKER]);
    expect(tx.signatures[0]!.signature).toBeNull();
    expect(tx.lifetimeToken).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(Number(body.lastValidBlockHeight)).toBeGreaterThan(0);
  });

  it('routes to RFQ from 100 USD: the maker pays the signature fee, gas wallet the rent', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: TAKER },
    });
    expect(body).toMatchObject({
      router: 'router_rfq',
      swapType: 'rfq',
      gasless: true,
      signatureFeePayer: RFQ_MAKER,
      maker: RFQ_MAKER,
      outAmount: '149925000',
      slippageBps: 0,
    });
    expect(body.quoteId).toBeTypeOf('string');
    expect(body.expireAt).toBe(String((sim.control.now() + 60_000) / 1000)); // Unix seconds, as a string
    const tx = decodeTransaction(body.transaction)!;
    expect(tx.signatures.map((s) => s.signer)).toEqual([RFQ_MAKER, TAKER]);
  });

  it('honours excludeRouters, down to router_c and router_d', async () => {
    const sim = makeSimulator();
    const q = { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: TAKER };
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { ...q, excludeRouters: 'router_rfq' } })).body.router).toBe(
      'router_onchain',
    );
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { ...q, excludeRouters: 'router_rfq,router_onchain' } })).body.router).toBe(
      'router_c',
    );
    const d = await call(sim, 'GET', '/swap/v2/order', { query: { ...q, excludeRouters: 'router_rfq,router_onchain,router_c' } });
    expect(d.body).toMatchObject({ router: 'router_d', mode: 'manual' });
    const none = await call(sim, 'GET', '/swap/v2/order', {
      query: { ...q, excludeRouters: 'router_rfq,router_onchain,router_c,router_d' },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/No routes/);
    // Routers are outside parties: a name the simulator does not know excludes nothing, a malformed list is refused.
    const unknown = await call(sim, 'GET', '/swap/v2/order', { query: { ...q, excludeRouters: 'router_x' } });
    expect(unknown.status).toBe(200);
    const badList = await call(sim, 'GET', '/swap/v2/order', { query: { ...q, excludeRouters: 'router_c,,router_d' } });
    expect(badList.status).toBe(400);
  });

  it('restricts routing to router_onchain when payer differs from taker; the payer pays and signs', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: TAKER, payer: PAYER },
    });
    expect(body).toMatchObject({ router: 'router_onchain', gasless: true, signatureFeePayer: PAYER });
    const tx = decodeTransaction(body.transaction)!;
    expect(tx.signatures.map((s) => s.signer)).toEqual([PAYER, TAKER]);
    const same = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: TAKER, payer: TAKER },
    });
    expect(same.body.router).toBe('router_rfq');
  });

  it('requires referralAccount and referralFee together, and adds the referral fee', async () => {
    const sim = makeSimulator();
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { ...base, referralAccount: REFERRAL } })).status).toBe(400);
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { ...base, referralFee: 50 } })).status).toBe(400);
    expect((await call(sim, 'GET', '/swap/v2/order', { query: { ...base, referralAccount: REFERRAL, referralFee: 49 } })).status).toBe(400);
    const ok = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, referralAccount: REFERRAL, referralFee: 50 } });
    expect(ok.body).toMatchObject({ referralAccount: REFERRAL, feeBps: 60 });
  });

  it('takes a fractional referralFee (a number of basis points, as the seed types it)', async () => {
    const sim = makeSimulator();
    const query = { ...base, taker: TAKER, referralAccount: REFERRAL, referralFee: 52.5 };
    const { status, body } = await call(sim, 'GET', '/swap/v2/order', { query });
    expect(status).toBe(200);
    expect(body).toMatchObject({ feeBps: 62.5, platformFee: { feeBps: 62.5 } });
    const routeOut = BigInt(body.routePlan[0].swapInfo.outAmount);
    const fee = (routeOut * 625n + 99_999n) / 100_000n; // 62.5 bps, rounded up
    expect(body.platformFee.amount).toBe(String(fee));
    expect(body.outAmount).toBe(String(routeOut - fee));
    expect(body.transaction).toBeTruthy();
    const over = await call(sim, 'GET', '/swap/v2/order', { query: { ...query, referralFee: 255.5 } });
    expect(over.status).toBe(400);
  });

  it('rejects a receiver equal to the taker and sends output to another receiver', async () => {
    const sim = makeSimulator();
    const same = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER, receiver: TAKER } });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatch(/receiver must differ/);
    const other = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER, receiver: RECEIVER } });
    expect(other.status).toBe(200);
    expect(decodeTransaction(other.body.transaction)!.staticAccounts).toContain(RECEIVER);
  });

  it('reports errorCode 1 (insufficient funds) with an empty transaction', async () => {
    const sim = makeSimulator();
    sim.control.setBalance(TAKER, PLATFORM_TOKEN, 10n);
    const { status, body } = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ transaction: '', errorCode: 1, router: 'router_onchain' });
    expect(body.errorMessage).toBe(body.error);
    // Its prioritizationFeeLamports includes the tip, as every order's does (the seed: priority fees and tips).
    const tipped = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER, bundleTipLamports: '1000000' } });
    expect(tipped.body).toMatchObject({ errorCode: 1, prioritizationFeeLamports: 10_000 + 1_000_000 });
  });

  it('sponsors gas through the gas wallet above 10 USD, errorCode 3 below, errorCode 2 for native input', async () => {
    const sim = makeSimulator();
    sim.control.setBalance(TAKER, 'NATIVE_COIN', 0);
    const sponsored = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    expect(sponsored.body).toMatchObject({ gasless: true, signatureFeePayer: GAS_WALLET, feeBps: 15 });
    expect(decodeTransaction(sponsored.body.transaction)!.signatures[0]!.signer).toBe(GAS_WALLET);
    const small = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, amount: '10000000', taker: TAKER } });
    expect(small.body).toMatchObject({ errorCode: 3, transaction: '' });
    sim.control.setBalance(TAKER, 'NATIVE_COIN', 1_000_000);
    const native = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: NATIVE, outputMint: EXAMPLE_TOKEN, amount: '990000', taker: TAKER },
    });
    expect(native.body).toMatchObject({ errorCode: 2, transaction: '' });
  });

  it('reports the RFQ error codes', async () => {
    const sim = makeSimulator();
    const q = { inputMint: STABLECOIN, outputMint: NATIVE, amount: '200000000', taker: TAKER };
    sim.control.setBalance(TAKER, STABLECOIN, 1);
    expect((await call(sim, 'GET', '/swap/v2/order', { query: q })).body).toMatchObject({ router: 'router_rfq', errorCode: 1 });
    sim.control.setBalance(TAKER, STABLECOIN, 10n ** 12n);
    sim.control.setBalance(TAKER, NATIVE, null);
    const ata = await call(sim, 'GET', '/swap/v2/order', {
      query: { ...q, inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, taker: RECEIVER, referralAccount: REFERRAL, referralFee: 50 },
    });
    expect(ata.body.router).toBe('router_rfq');
    sim.control.setBalance(RECEIVER, STABLECOIN, null);
    const missing = await call(sim, 'GET', '/swap/v2/order', {
      query: { ...q, inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, taker: RECEIVER, referralAccount: REFERRAL, referralFee: 50 },
    });
    expect(missing.body).toMatchObject({ router: 'router_rfq', errorCode: 2 });
    const big = await call(sim, 'GET', '/swap/v2/order', { query: { ...q, amount: String(200_000n * 10n ** 6n) } });
    expect(big.body).toMatchObject({ router: 'router_rfq', errorCode: 3 });
  });

  it('rejects unknown mints and identical mints in the swap order error shape', async () => {
    const sim = makeSimulator();
    const unknown = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, inputMint: RECEIVER } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ requestId: expect.any(String), error: 'Invalid inputMint' });
    const same = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, outputMint: PLATFORM_TOKEN } });
    expect(same.status).toBe(400);
    const huge = await call(sim, 'GET', '/swap/v2/order', { query: { ...base, amount: '99999999999999999999999999' } });
    expect(huge.status).toBe(400);
  });

  it('is deterministic for a seed', async () => {
    const a = await call(makeSimulator({ seed: 7 }), 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    const b = await call(makeSimulator({ seed: 7 }), 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    const c = await call(makeSimulator({ seed: 8 }), 'GET', '/swap/v2/order', { query: { ...base, taker: TAKER } });
    expect(a.body).toEqual(b.body);
    expect(a.body.requestId).not.toBe(c.body.requestId);
  });

  it('states the signature fee of every signature its transaction requires, whoever pays it', async () => {
    const sim = makeSimulator();
    const poor = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    sim.control.setBalance(poor, 'NATIVE_COIN', 0n);
    const fresh = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    sim.control.setBalance(fresh, 'STABLECOIN_USD', null);
    const cases: Array<[string, Record<string, string>]> = [
      ['taker', { ...base, taker: TAKER }],
      ['integrator payer', { ...base, taker: TAKER, payer: PAYER }],
      ['gas wallet', { inputMint: STABLECOIN, outputMint: NATIVE, amount: '20000000', taker: poor, excludeRouters: 'router_rfq' }],
      ['RFQ maker', { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: TAKER }],
      ['RFQ maker and the gas wallet paying the rent', { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: fresh }],
    ];
    for (const [who, query] of cases) {
      const { body } = await call(sim, 'GET', '/swap/v2/order', { query });
      const tx = decodeTransaction(body.transaction)!;
      expect(body.signatureFeeLamports, who).toBe(5000 * tx.signatures.length);
    }
  });
});
