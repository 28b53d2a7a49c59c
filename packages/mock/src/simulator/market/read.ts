// Market data in the handle stage. `fromMarket(handler)` gives an operation the spec marks
// `x-market-data` the market's answer when the simulator's market source has one, and runs the
// area's own handler otherwise; `readsMarket(handler)` marks a handler that reads the market
// itself (the swap order and build handlers, which price local transactions from a quote).
import { ApiError } from '../errors.js';
import type { Handler, HandlerContext, HandlerResult, OperationId } from '../handler.js';
import type { MarketAnswer, MarketQuery } from './source.js';

const READS_MARKET: unique symbol = Symbol('reads-market');

type Marked = { [READS_MARKET]?: true };

/** Marks a handler that asks the market source itself (it is not wrapped by `fromMarket`). */
export function readsMarket<K extends OperationId>(handler: Handler<K>): Handler<K> {
  (handler as Marked)[READS_MARKET] = true;
  return handler;
}

export const isMarketReader = (handler: unknown): boolean => (handler as Marked)[READS_MARKET] === true;

/** The market query of a request: its operation, concrete path and validated query parameters. */
export function marketQuery(ctx: HandlerContext<OperationId>, params: Readonly<Record<string, unknown>> = ctx.input.query): MarketQuery {
  const pathParams = ctx.input.path as Record<string, unknown>;
  const path = ctx.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathParams[name])));
  return { operationId: ctx.op.operationId, path, params };
}

/**
 * An error answer of the market that cannot be served: 502/503/504 in the area's error shape, with
 * `Retry-After` (whole seconds, at least 1) when the source knows when to try again.
 */
export function unavailable(answer: Extract<MarketAnswer, { kind: 'unavailable' }>): ApiError {
  const { retryAfterMs } = answer;
  if (retryAfterMs === undefined) return new ApiError(answer.status, answer.message);
  return new ApiError(answer.status, answer.message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } });
}

/** The operation's answer from the market when there is one, else the area's own handler's. */
export function fromMarket<K extends OperationId>(local: Handler<K>): Handler<K> {
  const use = (ctx: HandlerContext<K>, answer: MarketAnswer): ReturnType<Handler<K>> => {
    if (answer.kind === 'local') return local(ctx);
    if (answer.kind === 'unavailable') throw unavailable(answer);
    // The source has checked the answer against this operation's documented responses.
    return { status: answer.status, body: answer.body } as HandlerResult<K>;
  };
  return (ctx) => {
    const answer = ctx.sim.market.read(marketQuery(ctx as HandlerContext<OperationId>));
    return answer instanceof Promise ? answer.then((a) => use(ctx, a)) : use(ctx, answer);
  };
}
