// A market quote with a fractional fee (the spec types `feeBps` as a number): the simulator prices
// a taker's swap from it, with a referral fee or the gas wallet's recoup on top, exactly.
import { describe, expect, it } from 'vitest';
import { harEntry } from '../../upstream/har.js';
import { GAS_WALLET } from '../chain/addresses.js';
import { call, makeSimulator, PLATFORM_TOKEN, STABLECOIN, TAKER } from '../test-support/harness.js';

const REFERRAL = 'E4tHT4CqnvcesQFTioGxH6gLKTzQYjWHjeDLrzEczCQe';
const PAYER = '3bGiUmz1Npv6FbcpQU7gvr8PhtKWb1PCGaYQeSnBJjvm';
const RECEIVER = '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH';
// 1000 PLATFORM_TOKEN (6 decimals) to STABLECOIN_USD.
const QUOTE = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '1000000000' };
// The route gives 123 456 789 units; the market keeps 2.5 bps of it (30 864.19725: 30 865 units).
const ROUTE_OUT = 123_456_789n;

/** A simulator whose market (a recording) answers the quote of QUOTE with a 2.5 bps fee. */
const fractionalMarket = () =>
  marketSaying({ outAmount: String(ROUTE_OUT - 30_865n), feeBps: 2.5, platformFee: { amount: '30865', feeBps: 2.5, feeMint: STABLECOIN } });

/** A recorded answer of the market to `query`: the local quote with `fields` over it. */
async function recorded(query: Record<string, string>, fields: Record<string, unknown>) {
  const local = await call(makeSimulator(), 'GET', '/swap/v2/order', { query });
  return harEntry({
    operationId: 'swapGetOrder',
    baseUrl: 'http://127.0.0.1:1',
    target: `/swap/v2/order?${new URLSearchParams(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`,
    startedAt: Date.UTC(2026, 5, 1),
    durationMs: 1,
    simulatedTime: 0,
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json']],
    bodyText: JSON.stringify({ ...local.body, ...fields }),
  });
}

/** A simulator whose market (a recording) answers the quote of QUOTE with `fields` over the local quote. */
async function marketSaying(fields: Record<string, unknown>) {
  return makeSimulator({ replay: { entries: [await recorded(QUOTE, fields)] } });
}

describe('a market quote with a fractional fee', () => {
  it('adds an integer referral fee to it, rounding the fee up against the payer', async () => {
    const sim = await fractionalMarket();
    const { status, body } = await call(sim, 'GET', '/swap/v2/order', {
      query: { ...QUOTE, taker: TAKER, referralAccount: REFERRAL, referralFee: 50 },
    });
    expect(status).toBe(200);
    // 52.5 bps of 123 456 789 = 648 148.14225: the payer pays 648 149.
    expect(body).toMatchObject({ feeBps: 52.5, platformFee: { amount: '648149', feeBps: 52.5 } });
    expect(body.outAmount).toBe(String(ROUTE_OUT - 648_149n));
    expect(body.transaction).toBeTruthy();
  });

  it('adds the gas wallet recoup to it when the swap is sponsored', async () => {
    const sim = await fractionalMarket();
    sim.control.setBalance(TAKER, 'NATIVE_COIN', 0);
    const { status, body } = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: TAKER } });
    expect(status).toBe(200);
    // 7.5 bps of 123 456 789 = 92 592.59175: the payer pays 92 593.
    expect(body).toMatchObject({ gasless: true, signatureFeePayer: GAS_WALLET, feeBps: 7.5, platformFee: { amount: '92593' } });
    expect(body.outAmount).toBe(String(ROUTE_OUT - 92_593n));
  });

  it("counts a fee the market took from the input in output units, at the market's own rate", async () => {
    // 10 bps of the 1000 PLATFORM_TOKEN input (1 000 000 units) taken first; the other 999 000 000
    // units give 499 500 000 STABLECOIN_USD units, so the fee is worth 500 000 of them.
    const sim = await marketSaying({
      outAmount: '499500000',
      feeBps: 10,
      feeMint: PLATFORM_TOKEN,
      platformFee: { amount: '1000000', feeBps: 10, feeMint: PLATFORM_TOKEN },
    });
    const plain = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: TAKER } });
    expect(plain.body).toMatchObject({
      outAmount: '499500000',
      feeMint: STABLECOIN,
      platformFee: { amount: '500000', feeMint: STABLECOIN },
    });
    const referred = await call(sim, 'GET', '/swap/v2/order', {
      query: { ...QUOTE, taker: TAKER, referralAccount: REFERRAL, referralFee: 50 },
    });
    // 60 bps of the 500 000 000 units the whole input is worth.
    expect(referred.body).toMatchObject({ feeBps: 60, outAmount: '497000000', platformFee: { amount: '3000000' } });
  });
});

describe('a market that would route to RFQ', () => {
  it('is asked without RFQ for an order RFQ cannot fill (an integrator payer, a receiver), as the service routes it', async () => {
    const rfq = await recorded(QUOTE, { router: 'router_rfq', swapType: 'rfq' });
    const noRfq = await recorded({ ...QUOTE, excludeRouters: 'router_rfq' }, { router: 'router_onchain' });
    const sim = makeSimulator({ replay: { entries: [rfq, noRfq] } });
    const plain = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: TAKER } });
    expect(plain.body.router).toBe('router_rfq');
    const paid = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: TAKER, payer: PAYER } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ router: 'router_onchain', signatureFeePayer: PAYER });
    const received = await call(sim, 'GET', '/swap/v2/order', { query: { ...QUOTE, taker: TAKER, receiver: RECEIVER } });
    expect(received.status).toBe(200);
    expect(received.body.router).toBe('router_onchain');
  });
});
