// GET /swap/v2/order: a quote from the best eligible router and, with a taker, an unsigned v0
// transaction (or the empty string plus errorCode when it cannot be built).
import type { SwapOrderResponse, SwapRouter } from '@x/types';
import { AMM_KEYS, RFQ_MAKER, SIGNATURE_FEE_LAMPORTS } from '../chain/addresses.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import type { Handler, HandlerContext, HandlerResult } from '../handler.js';
import { ApiError, parseAmount } from '../errors.js';
import { marketQuery, readsMarket, unavailable } from '../market/read.js';
import type { MarketAnswer } from '../market/source.js';
import { NATIVE_MINT } from '../tokens.js';
import { learnPrices, marketQuoteParams, quoteFromMarket } from './market-quote.js';
import { DEFAULT_PRIORITY_FEE_LAMPORTS, quoteSwap, type QuoteOutcome, type QuoteRequest } from './quote.js';
import { buildSwapTransaction } from './transaction.js';
import { feeOf } from './bps.js';

const RFQ_QUOTE_TTL_MS = 60_000;

const csv = (value: string | undefined): Set<string> =>
  new Set(
    (value ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\+/g, ' '))
      .filter(Boolean),
  );

function swapTypeOf(router: SwapRouter): SwapOrderResponse['swapType'] {
  if (router === 'router_rfq') return 'rfq';
  if (router === 'router_onchain') return 'aggregator';
  return router;
}

type OrderContext = HandlerContext<'swapGetOrder'>;

/**
 * The market's quote: without a taker the market's whole answer is the answer; with one, only
 * the parameters that price the swap are asked (the taker, payer, receiver and referral stay
 * here) and the simulator builds the transaction against its own balances.
 */
export const swapGetOrder: Handler<'swapGetOrder'> = readsMarket((ctx) => {
  const query = ctx.input.query;
  if ((query.referralAccount === undefined) !== (query.referralFee === undefined)) {
    throw new ApiError(400, 'referralAccount and referralFee must be sent together');
  }
  if (query.receiver !== undefined && query.receiver === query.taker) throw new ApiError(400, 'receiver must differ from taker');
  if (query.receiver !== undefined && query.taker === undefined) throw new ApiError(400, 'receiver requires taker');
  const params = query.taker === undefined ? query : marketQuoteParams(query);
  const answer = ctx.sim.market.read(marketQuery(ctx, params));
  return answer instanceof Promise ? answer.then((a) => order(ctx, a)) : order(ctx, answer);
});

function order(ctx: OrderContext, market: MarketAnswer): HandlerResult<'swapGetOrder'> {
  const { sim } = ctx;
  if (market.kind === 'unavailable') throw unavailable(market);
  if (market.kind === 'market') {
    if (market.status === 200) learnPrices(sim.prices, market.body);
    // The market's own answer (its error too) when there is no taker to build a transaction for.
    if (market.status !== 200 || ctx.input.query.taker === undefined)
      return { status: market.status, body: market.body } as HandlerResult<'swapGetOrder'>;
  }
  const started = sim.clock.now();
  const taker = ctx.input.query.taker;
  const receiver = ctx.input.query.receiver;
  const referralAccount = ctx.input.query.referralAccount;
  const referralFee = ctx.input.query.referralFee;
  const req: QuoteRequest = {
    inputMint: ctx.input.query.inputMint!,
    outputMint: ctx.input.query.outputMint!,
    amount: parseAmount(ctx.input.query.amount!, 'amount'),
    ...(taker !== undefined ? { taker } : {}),
    ...(receiver !== undefined ? { receiver } : {}),
    ...(ctx.input.query.payer !== undefined ? { payer: ctx.input.query.payer! } : {}),
    ...(ctx.input.query.slippageBps !== undefined ? { slippageBps: ctx.input.query.slippageBps! } : {}),
    ...(referralAccount !== undefined ? { referralAccount, referralFee: referralFee! } : {}),
    ...(ctx.input.query.priorityFeeLamports !== undefined ? { priorityFeeLamports: ctx.input.query.priorityFeeLamports! } : {}),
    ...(ctx.input.query.bundleTipLamports !== undefined ? { bundleTipLamports: ctx.input.query.bundleTipLamports! } : {}),
    excludeRouters: csv(ctx.input.query.excludeRouters),
    excludeDexes: csv(ctx.input.query.excludeDexes),
  };
  let outcome: QuoteOutcome;
  if (market.kind === 'market') {
    const priced = quoteFromMarket(market.body, req, sim.prices);
    if (!priced) throw new ApiError(502, 'The market answered a quote without amounts');
    outcome = quoteSwap(req, sim.prices, sim.wallets, priced);
  } else outcome = quoteSwap(req, sim.prices, sim.wallets);
  if (!outcome.ok) throw new ApiError(400, outcome.error);
  const { quote } = outcome;
  const requestId = sim.random.uuid(started);
  const manual = req.payer !== undefined || req.excludeRouters.size > 0 || req.excludeDexes.size > 0 || req.receiver !== undefined;
  const body: SwapOrderResponse = {
    mode: manual ? 'manual' : 'ultra',
    inputMint: req.inputMint,
    outputMint: req.outputMint,
    inAmount: req.amount.toString(),
    outAmount: quote.outAmount.toString(),
    inUsdValue: quote.inUsd,
    outUsdValue: quote.outUsd,
    swapUsdValue: quote.inUsd,
    priceImpact: quote.priceImpact,
    priceImpactPct: String(quote.priceImpact * 100),
    otherAmountThreshold: quote.otherAmountThreshold.toString(),
    swapMode: 'ExactIn',
    slippageBps: quote.slippageBps,
    routePlan: (quote.routePlan as SwapOrderResponse['routePlan'] | undefined) ?? [
      {
        swapInfo: {
          ammKey: AMM_KEYS[quote.ammIndex]!,
          label: quote.label,
          inputMint: req.inputMint,
          outputMint: req.outputMint,
          inAmount: req.amount.toString(),
          outAmount: quote.routeOut.toString(),
        },
        percent: 100,
        bps: 10_000,
        usdValue: quote.inUsd,
      },
    ],
    ...(referralAccount !== undefined ? { referralAccount } : {}),
    feeMint: req.outputMint,
    feeBps: quote.feeBps,
    platformFee: { amount: quote.feeAmount.toString(), feeBps: quote.feeBps, feeMint: req.outputMint },
    signatureFeeLamports: SIGNATURE_FEE_LAMPORTS,
    signatureFeePayer: null,
    prioritizationFeeLamports: 0,
    prioritizationFeePayer: null,
    rentFeeLamports: 0,
    rentFeePayer: null,
    swapType: swapTypeOf(quote.router),
    router: quote.router,
    transaction: null,
    gasless: false,
    requestId,
    totalTime: 0,
    taker: taker ?? null,
  };

  if (taker !== undefined) {
    const height = sim.ledger.blockHeight();
    const lastValidBlockHeight = height + BLOCKHASH_VALIDITY_BLOCKS;
    body.lastValidBlockHeight = String(lastValidBlockHeight);
    const isRfq = quote.router === 'router_rfq';
    const expireAt = started + RFQ_QUOTE_TTL_MS;
    if (isRfq) {
      body.quoteId = sim.random.uuid(started);
      body.maker = RFQ_MAKER;
      // Unix seconds as a string, as the service writes it.
      body.expireAt = String(Math.floor(expireAt / 1000));
    }
    if ('errorCode' in outcome) {
      body.transaction = '';
      body.signatureFeePayer = taker;
      body.prioritizationFeePayer = taker;
      body.rentFeePayer = taker;
      body.prioritizationFeeLamports = (req.priorityFeeLamports ?? DEFAULT_PRIORITY_FEE_LAMPORTS) + (req.bundleTipLamports ?? 0);
      body.errorCode = outcome.errorCode;
      body.errorMessage = outcome.errorMessage;
      body.error = outcome.errorMessage;
    } else if (outcome.fees) {
      const fees = outcome.fees;
      const recipient = req.receiver ?? taker;
      const outputAccountMissing = req.outputMint !== NATIVE_MINT && sim.wallets.balance(recipient, req.outputMint) === null;
      const built = buildSwapTransaction({
        req: { ...req, taker },
        quote,
        fees,
        blockhash: sim.ledger.recentBlockhash(),
        lastValidBlockHeight,
        outputAccountMissing,
      });
      Object.assign(body, {
        // Every signature the transaction requires (the service's too: the gas wallet, the RFQ maker), as the fee payer pays them.
        signatureFeeLamports: SIGNATURE_FEE_LAMPORTS * built.signers.length,
        signatureFeePayer: fees.signatureFeePayer,
        prioritizationFeeLamports: fees.prioritizationFeeLamports,
        prioritizationFeePayer: fees.prioritizationFeePayer,
        rentFeeLamports: fees.rentFeeLamports,
        rentFeePayer: fees.rentFeePayer,
        transaction: built.base64,
        gasless: fees.gasless,
      });
      const clientSigners = built.signers.filter((s) => s === taker || (req.payer !== undefined && s === req.payer));
      sim.swap.orders.set(requestId, {
        requestId,
        router: quote.router,
        taker,
        feePayer: fees.signatureFeePayer,
        clientSigners,
        messageBytes: built.messageBytes,
        inputMint: req.inputMint,
        outputMint: req.outputMint,
        inAmount: req.amount,
        outAmount: quote.outAmount,
        routeOutAmount: quote.routeOut,
        otherAmountThreshold: quote.otherAmountThreshold,
        recipient,
        lastValidBlockHeight,
        ...(isRfq ? { expireAt } : {}),
        // The referral's part of the fee (its rate of the route's output, rounded up as the fee is; the router keeps the rest).
        ...(req.referralAccount !== undefined
          ? { referral: { account: req.referralAccount, amount: feeOf(quote.routeOut, req.referralFee ?? 0) } }
          : {}),
      });
    }
  }
  body.totalTime = Math.max(1, sim.clock.now() - started);
  return { body };
}
