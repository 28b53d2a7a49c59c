// Router competition over the deterministic price table: which router wins, what it outputs, and
// who pays the fees (the seed's gasless rules and errorCode table).
import { TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS } from '@x/chain';
import { GAS_WALLET, RFQ_MAKER, SIGNATURE_FEE_LAMPORTS } from '../chain/addresses.js';
import type { Prices } from '../prices.js';
import { NATIVE_MINT, TOKENS, tokenByMint } from '../tokens.js';
import type { Wallets } from '../wallets.js';
import { addBps, feeOf } from './bps.js';

export const ROUTERS = ['router_onchain', 'router_rfq', 'router_c', 'router_d'] as const;
export type SwapRouterName = (typeof ROUTERS)[number];

/** Platform fee of the non-RFQ routers, and of RFQ quotes. */
export const PLATFORM_FEE_BPS = 10;
export const RFQ_FEE_BPS = 5;
/** Extra fee charged when the gas wallet sponsors the swap. */
export const GASLESS_RECOUP_BPS = 5;
/** Smallest swap (USD) the gas wallet sponsors. */
export const GASLESS_MIN_USD = 10;
/** RFQ quotes swaps from this USD value up... */
export const RFQ_MIN_USD = 100;
/** ...and the maker can fill up to this USD value (above it the quote cannot be built: errorCode 3). */
export const RFQ_INVENTORY_USD = 100_000;
/** The automatic priority fee the simulator sets when a request names none (below the spec's x-automatic-priority-fee cap). */
export const DEFAULT_PRIORITY_FEE_LAMPORTS = 10_000;
/** The rent of the output token account a swap creates: the chain's rent-exempt minimum of a token account. */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = Number(TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS);
const RFQ_PAIR_MINTS = new Set(TOKENS.filter((t) => t.symbol !== 'EXAMPLE_TOKEN').map((t) => t.mint));

/** Per-router price disadvantage in bps and the DEX label it reports. */
const ROUTER_TRAITS: Record<SwapRouterName, { haircutBps: number; label: string; ammIndex: number }> = {
  router_onchain: { haircutBps: 0, label: 'provider_a', ammIndex: 0 },
  router_rfq: { haircutBps: 0, label: 'provider_b', ammIndex: 1 },
  router_c: { haircutBps: 2, label: 'provider_c', ammIndex: 0 },
  router_d: { haircutBps: 4, label: 'provider_d', ammIndex: 1 },
};

export interface QuoteRequest {
  inputMint: string;
  outputMint: string;
  amount: bigint;
  taker?: string;
  receiver?: string;
  payer?: string;
  slippageBps?: number;
  referralAccount?: string;
  referralFee?: number;
  priorityFeeLamports?: number;
  bundleTipLamports?: number;
  excludeRouters: Set<string>;
  excludeDexes: Set<string>;
}

export interface Quote {
  router: SwapRouterName;
  label: string;
  ammIndex: number;
  inUsd: number;
  routeOut: bigint;
  feeBps: number;
  feeAmount: bigint;
  outAmount: bigint;
  outUsd: number;
  priceImpact: number;
  slippageBps: number;
  otherAmountThreshold: bigint;
  /** The route plan of a quote priced by the market, echoed as the market gave it. */
  routePlan?: unknown[];
}

export interface FeePlan {
  gasless: boolean;
  signatureFeePayer: string;
  prioritizationFeePayer: string;
  rentFeePayer: string;
  // (the signature fee is the order's transaction's: its signers, counted once it is built)
  prioritizationFeeLamports: number;
  rentFeeLamports: number;
  /** Extra fee bps added to the quote (gasless recoup). */
  extraFeeBps: number;
}

export type QuoteOutcome =
  | { ok: true; quote: Quote; fees?: FeePlan }
  | { ok: true; quote: Quote; errorCode: 1 | 2 | 3; errorMessage: string }
  | { ok: false; error: string };

function eligibleRouters(req: QuoteRequest, inUsd: number): SwapRouterName[] {
  const payerRestricted = req.payer !== undefined && req.payer !== req.taker;
  return ROUTERS.filter((router) => {
    if (req.excludeRouters.has(router)) return false;
    if (payerRestricted && router !== 'router_onchain') return false;
    if (router === 'router_rfq') {
      return (
        req.taker !== undefined &&
        req.receiver === undefined &&
        inUsd >= RFQ_MIN_USD &&
        RFQ_PAIR_MINTS.has(req.inputMint) &&
        RFQ_PAIR_MINTS.has(req.outputMint)
      );
    }
    if (router === 'router_onchain' && req.excludeDexes.has(ROUTER_TRAITS.router_onchain.label)) return false;
    return true;
  });
}

function priceRoute(router: SwapRouterName, req: QuoteRequest, prices: Prices, inUsd: number): Quote {
  const traits = ROUTER_TRAITS[router];
  const mid = prices.convert(req.inputMint, req.outputMint, req.amount);
  // On-chain routes lose to price impact above 10 000 USD; the others quote flat.
  const impact = router === 'router_onchain' && inUsd > 10_000 ? -Math.min(0.05, (inUsd - 10_000) / 10_000_000) : 0;
  const impactBps = BigInt(Math.round(-impact * 1_000_000));
  const routeOut = (mid * (10_000n - BigInt(traits.haircutBps)) * (1_000_000n - impactBps)) / 10_000_000_000n;
  const feeBps = addBps(router === 'router_rfq' ? RFQ_FEE_BPS : PLATFORM_FEE_BPS, req.referralFee ?? 0);
  const feeAmount = feeOf(routeOut, feeBps);
  const outAmount = routeOut - feeAmount;
  const slippageBps = router === 'router_rfq' ? 0 : (req.slippageBps ?? 50);
  return {
    router,
    label: traits.label,
    ammIndex: traits.ammIndex,
    inUsd,
    routeOut,
    feeBps,
    feeAmount,
    outAmount,
    outUsd: prices.usdValue(req.outputMint, outAmount),
    priceImpact: impact,
    slippageBps,
    otherAmountThreshold: (outAmount * BigInt(10_000 - slippageBps)) / 10_000n,
  };
}

/**
 * Chooses the winning router (or takes `priced`, a quote the market made) and checks whether its
 * transaction can be built for the taker.
 */
export function quoteSwap(req: QuoteRequest, prices: Prices, wallets: Wallets, priced?: Quote): QuoteOutcome {
  if (!tokenByMint(req.inputMint)) return { ok: false, error: 'Invalid inputMint' };
  if (!tokenByMint(req.outputMint)) return { ok: false, error: 'Invalid outputMint' };
  if (req.inputMint === req.outputMint) return { ok: false, error: 'inputMint and outputMint must differ' };
  if (req.amount <= 0n) return { ok: false, error: 'amount must be greater than 0' };
  const inUsd = priced?.inUsd ?? prices.usdValue(req.inputMint, req.amount);
  let quote: Quote;
  if (priced) quote = priced;
  else {
    const routers = eligibleRouters(req, inUsd);
    if (routers.length === 0) return { ok: false, error: 'No routes found' };
    const quotes = routers.map((r) => priceRoute(r, req, prices, inUsd));
    quotes.sort((a, b) => (b.outAmount > a.outAmount ? 1 : b.outAmount < a.outAmount ? -1 : 0));
    quote = quotes[0]!;
  }
  if (quote.outAmount <= 0n) return { ok: false, error: 'Amount too small to swap' };
  if (quote.routeOut > 18_446_744_073_709_551_615n) return { ok: false, error: 'Amount too large to swap' };
  for (const [name, value] of [
    ['priorityFeeLamports', req.priorityFeeLamports],
    ['bundleTipLamports', req.bundleTipLamports],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value <= 1e15)) return { ok: false, error: `${name} is out of range` };
  }
  if (!req.taker) return { ok: true, quote };
  const taker = req.taker;

  const inputBalance = wallets.balance(taker, req.inputMint) ?? 0n;
  const referral = req.referralAccount !== undefined;
  const recipient = req.receiver ?? taker;
  const outputAccountMissing = req.outputMint !== NATIVE_MINT && wallets.balance(recipient, req.outputMint) === null;
  const priority = req.priorityFeeLamports ?? DEFAULT_PRIORITY_FEE_LAMPORTS;
  const tip = req.bundleTipLamports ?? 0;
  const rent = outputAccountMissing ? TOKEN_ACCOUNT_RENT_LAMPORTS : 0;

  if (quote.router === 'router_rfq') {
    if (inputBalance < req.amount)
      return {
        ok: true,
        quote,
        errorCode: 1,
        errorMessage: `Insufficient balance to fund the swap: need ${req.amount}, have ${inputBalance}`,
      };
    if (outputAccountMissing && referral)
      return { ok: true, quote, errorCode: 2, errorMessage: 'Missing associated token account for the output token' };
    if (inUsd > RFQ_INVENTORY_USD)
      return {
        ok: true,
        quote,
        errorCode: 3,
        errorMessage: `Quote could not be built: above the maker's ${RFQ_INVENTORY_USD} USD inventory`,
      };
    return {
      ok: true,
      quote,
      fees: {
        gasless: true,
        signatureFeePayer: RFQ_MAKER,
        prioritizationFeePayer: RFQ_MAKER,
        rentFeePayer: referral ? taker : GAS_WALLET,
        // The priority fee (and tip) its transaction sets, which the maker pays.
        prioritizationFeeLamports: priority + tip,
        rentFeeLamports: rent,
        extraFeeBps: 0,
      },
    };
  }

  if (inputBalance < req.amount)
    return { ok: true, quote, errorCode: 1, errorMessage: `Insufficient funds: need ${req.amount}, have ${inputBalance}` };
  const signatures = req.payer && req.payer !== taker ? 2 : 1;
  const gasNeeded = BigInt(SIGNATURE_FEE_LAMPORTS * signatures + priority + tip + rent) + (req.inputMint === NATIVE_MINT ? req.amount : 0n);
  const native = wallets.balance(taker, NATIVE_MINT) ?? 0n;
  const base = {
    prioritizationFeeLamports: priority + tip,
    rentFeeLamports: rent,
  };
  if (req.payer && req.payer !== taker) {
    return {
      ok: true,
      quote,
      fees: {
        gasless: true,
        signatureFeePayer: req.payer,
        prioritizationFeePayer: req.payer,
        rentFeePayer: req.payer,
        extraFeeBps: 0,
        ...base,
      },
    };
  }
  if (native >= gasNeeded) {
    return {
      ok: true,
      quote,
      fees: { gasless: false, signatureFeePayer: taker, prioritizationFeePayer: taker, rentFeePayer: taker, extraFeeBps: 0, ...base },
    };
  }
  if (req.inputMint === NATIVE_MINT) return { ok: true, quote, errorCode: 2, errorMessage: 'Insufficient native coin for gas' };
  if (inUsd < GASLESS_MIN_USD)
    return { ok: true, quote, errorCode: 3, errorMessage: `Swap below the ${GASLESS_MIN_USD} USD minimum for gasless` };
  if (referral) return { ok: true, quote, errorCode: 2, errorMessage: 'Insufficient native coin for gas' };
  // Automatic sponsorship: the gas wallet pays and the fee recoups it.
  const feeBps = addBps(quote.feeBps, GASLESS_RECOUP_BPS);
  const feeAmount = feeOf(quote.routeOut, feeBps);
  const outAmount = quote.routeOut - feeAmount;
  quote = {
    ...quote,
    feeBps,
    feeAmount,
    outAmount,
    otherAmountThreshold: (outAmount * BigInt(10_000 - quote.slippageBps)) / 10_000n,
  };
  return {
    ok: true,
    quote,
    fees: {
      gasless: true,
      signatureFeePayer: GAS_WALLET,
      prioritizationFeePayer: GAS_WALLET,
      rentFeePayer: GAS_WALLET,
      extraFeeBps: GASLESS_RECOUP_BPS,
      ...base,
    },
  };
}
