// A swap quote the market made (the answer of `GET /swap/v2/order` without a taker, live or
// replayed), turned into the simulator's own `Quote`: the amounts, price impact, fee, router and
// route plan are the market's; the transaction, the fee payers and the balances stay local. The
// USD values of a market quote also move the local price table, so that execute's slippage check,
// trigger prices and fills follow the market.
import type { Prices } from '../prices.js';
import { tokenByMint } from '../tokens.js';
import { addBps, feeOf } from './bps.js';
import { PLATFORM_FEE_BPS, ROUTERS, type Quote, type QuoteRequest, type SwapRouterName } from './quote.js';

/** The parameters of a swap order that price it; the rest (taker, payer, receiver, referral, fees) are the simulator's. */
export const QUOTE_PARAMS = ['inputMint', 'outputMint', 'amount', 'slippageBps', 'excludeRouters', 'excludeDexes'] as const;

type OrderQuery = Partial<Record<(typeof QUOTE_PARAMS)[number] | 'taker' | 'payer' | 'receiver', unknown>>;

/**
 * What the market is asked for an order with a taker: the parameters that price it, and, when the
 * order is one RFQ cannot fill (an integrator payer other than the taker, a receiver: the seed's
 * routing rules), `router_rfq` excluded, so that the market prices a route the order can take.
 */
export function marketQuoteParams(query: OrderQuery): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(QUOTE_PARAMS.map((name) => [name, query[name]]));
  const noRfq = (query.payer !== undefined && query.payer !== query.taker) || query.receiver !== undefined;
  if (noRfq) {
    const excluded = typeof query.excludeRouters === 'string' && query.excludeRouters !== '' ? query.excludeRouters.split(',') : [];
    if (!excluded.map((r) => r.trim()).includes('router_rfq')) params.excludeRouters = [...excluded, 'router_rfq'].join(',');
  }
  return params;
}

interface MarketQuoteBody {
  inputMint?: unknown;
  outputMint?: unknown;
  inAmount?: unknown;
  outAmount?: unknown;
  inUsdValue?: unknown;
  outUsdValue?: unknown;
  priceImpact?: unknown;
  priceImpactPct?: unknown;
  feeBps?: unknown;
  feeMint?: unknown;
  platformFee?: { amount?: unknown; feeBps?: unknown; feeMint?: unknown } | null;
  router?: unknown;
  routePlan?: unknown;
}

const amountOf = (value: unknown): bigint | undefined => (typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** A fee rate the market gave: a number of basis points, not negative. */
const rateOf = (value: unknown): number | undefined => {
  const n = numberOf(value);
  return n !== undefined && n >= 0 ? n : undefined;
};

function labelOf(routePlan: unknown): string | undefined {
  const first = Array.isArray(routePlan) ? (routePlan[0] as { swapInfo?: { label?: unknown } } | undefined) : undefined;
  return typeof first?.swapInfo?.label === 'string' ? first.swapInfo.label : undefined;
}

/** The market's quote for `req`, or undefined when its answer lacks the amounts. */
export function quoteFromMarket(answer: unknown, req: QuoteRequest, prices: Prices): Quote | undefined {
  const body = (answer ?? {}) as MarketQuoteBody;
  const marketOut = amountOf(body.outAmount);
  if (marketOut === undefined) return undefined;
  const statedFee = amountOf(body.platformFee?.amount) ?? 0n;
  // The simulator charges every fee on the output: a fee the market took from the input is counted
  // in output units at the market's own rate (what the route gave for the rest of the input).
  const feeMint = body.platformFee?.feeMint ?? body.feeMint;
  const rest = req.amount - statedFee;
  const marketFee = feeMint !== req.inputMint ? statedFee : rest > 0n ? (marketOut * statedFee + rest - 1n) / rest : 0n;
  const marketFeeBps = rateOf(body.platformFee?.feeBps) ?? rateOf(body.feeBps) ?? PLATFORM_FEE_BPS;
  const routeOut = marketOut + marketFee;
  const router: SwapRouterName = ROUTERS.find((r) => r === body.router) ?? 'router_onchain';
  // A referral fee is the integrator's, charged on top of the market's fee (it was not sent upstream).
  const referralFee = req.referralFee ?? 0;
  const feeBps = addBps(marketFeeBps, referralFee);
  const feeAmount = referralFee > 0 ? feeOf(routeOut, feeBps) : marketFee;
  const outAmount = routeOut - feeAmount;
  const slippageBps = router === 'router_rfq' ? 0 : (req.slippageBps ?? 50);
  const pct = typeof body.priceImpactPct === 'string' ? Number(body.priceImpactPct) / 100 : undefined;
  return {
    router,
    label: labelOf(body.routePlan) ?? 'provider_a',
    ammIndex: 0,
    inUsd: numberOf(body.inUsdValue) ?? prices.usdValue(req.inputMint, req.amount),
    routeOut,
    feeBps,
    feeAmount,
    outAmount,
    outUsd: numberOf(body.outUsdValue) ?? prices.usdValue(req.outputMint, outAmount),
    priceImpact: numberOf(body.priceImpact) ?? (Number.isFinite(pct) ? pct! : 0),
    slippageBps,
    otherAmountThreshold: (outAmount * BigInt(10_000 - slippageBps)) / 10_000n,
    ...(Array.isArray(body.routePlan) && body.routePlan.length > 0 ? { routePlan: body.routePlan } : {}),
  };
}

/** Moves the local price of each side of a market quote whose token the simulator knows. */
export function learnPrices(prices: Prices, answer: unknown): void {
  const body = (answer ?? {}) as MarketQuoteBody;
  const sides: Array<[unknown, unknown, unknown]> = [
    [body.inputMint, body.inAmount, body.inUsdValue],
    [body.outputMint, body.outAmount, body.outUsdValue],
  ];
  for (const [mint, amount, usd] of sides) {
    const token = typeof mint === 'string' ? tokenByMint(mint) : undefined;
    const units = amountOf(amount);
    const value = numberOf(usd);
    if (!token || units === undefined || units === 0n || value === undefined || !(value > 0)) continue;
    const price = value / (Number(units) / 10 ** token.decimals);
    if (Number.isFinite(price) && price > 0 && price <= 1e15) prices.set(token.mint, price);
  }
}
