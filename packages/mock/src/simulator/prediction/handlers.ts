// Prediction read API: events (filters, sorting with the documented defaults, start/end
// pagination), search, suggested events, one event, markets, order books, scores, trading status.
import type { PredictionLiveScore } from '@x/types';
import type { Handler, HandlerContext, OperationId } from '../handler.js';
import { ApiError } from '../errors.js';
import { createRandom, hashString } from '../random.js';
import type { CatalogueEvent } from './catalogue.js';
import { eventView, isLive, liveScore, marketView } from './views.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_SCORE_IDS = 100;
const NEW_WINDOW_SEC = 86_400;

const nowSec = (ctx: HandlerContext<OperationId>): number => Math.floor(ctx.sim.clock.now() / 1000);
const invalid = (param: string, message: string): ApiError => new ApiError(400, message, { param, kind: 'invalid_parameter' });
const notFound = (param: string, message: string): ApiError => new ApiError(404, message, { param, kind: 'not_found' });

function findEvent(ctx: HandlerContext<'predictionGetEvent' | 'predictionGetEventScore' | 'predictionGetEventMarket'>): CatalogueEvent {
  const eventId = ctx.input.path.eventId;
  const event = ctx.sim.prediction.eventById.get(eventId);
  if (!event) throw notFound('eventId', `Event ${eventId} not found`);
  return event;
}

function matchesFilter(event: CatalogueEvent, filter: string | undefined, now: number): boolean {
  switch (filter) {
    case 'new':
      return now - event.createdAt <= NEW_WINDOW_SEC && event.createdAt <= now;
    case 'live':
      return isLive(event, now);
    case 'trending':
      return event.volume > 0 && event.volume24hr / event.volume >= 0.1;
    case 'upcoming':
      return event.beginAt > now;
    default:
      return true;
  }
}

export const predictionListEvents: Handler<'predictionListEvents'> = (ctx) => {
  const now = nowSec(ctx);
  const provider = ctx.input.query.provider ?? 'provider_a';
  const category = ctx.input.query.category;
  const subcategory = ctx.input.query.subcategory;
  const tags = ctx.input.query.tags
    ?.split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  const filter = ctx.input.query.filter;
  const sortBy = ctx.input.query.sortBy ?? 'volume';
  const direction = ctx.input.query.sortDirection ?? (sortBy === 'beginAt' ? 'asc' : 'desc');
  const start = ctx.input.query.start ?? 0;
  const requestedEnd = ctx.input.query.end ?? start + DEFAULT_PAGE_SIZE;
  if (requestedEnd < start) throw invalid('end', 'end must be greater than or equal to start');
  const end = Math.min(requestedEnd, start + MAX_PAGE_SIZE);
  const sign = direction === 'asc' ? 1 : -1;
  const key = sortBy === 'beginAt' ? (e: CatalogueEvent) => e.beginAt : (e: CatalogueEvent) => e.volume;
  const events = ctx.sim.prediction.events
    .filter((e) => e.isActive && e.listedBy === provider)
    .filter((e) => category === undefined || category === 'all' || e.category === category)
    .filter((e) => subcategory === undefined || e.subcategory === subcategory)
    .filter((e) => !tags || tags.some((t) => e.tags.includes(t)))
    .filter((e) => matchesFilter(e, filter, now))
    .sort((a, b) => sign * (key(a) - key(b)) || (a.eventId < b.eventId ? -1 : 1));
  const options = {
    includeMarkets: ctx.input.query.includeMarkets === true,
    includeAllMarkets: ctx.input.query.includeAllMarkets === true,
    marketIdsOnly: true,
  };
  const page = events.slice(start, end);
  return {
    body: {
      data: page.map((e) => eventView(e, now, options)),
      pagination: { start, end: Math.min(end, events.length), total: events.length, hasNext: end < events.length },
    },
  };
};

export const predictionSearchEvents: Handler<'predictionSearchEvents'> = (ctx) => {
  const now = nowSec(ctx);
  const query = (ctx.input.query.query ?? '').trim().toLowerCase();
  const limit = ctx.input.query.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1) throw invalid('limit', 'limit must be a positive integer');
  const words = query.split(/\s+/).filter(Boolean);
  const matches = ctx.sim.prediction.events
    .filter((e) => e.isActive)
    .filter((e) => {
      const text = `${e.eventId} ${e.title} ${e.subtitle} ${e.series} ${e.tags.join(' ')}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => b.volume - a.volume);
  const page = matches.slice(0, Math.min(limit, MAX_PAGE_SIZE));
  return {
    body: {
      data: page.map((e) => eventView(e, now, { includeMarkets: true, includeAllMarkets: false })),
      pagination: { start: 0, end: page.length, total: matches.length, hasNext: page.length < matches.length },
    },
  };
};

export const predictionGetEvent: Handler<'predictionGetEvent'> = (ctx) => {
  const event = findEvent(ctx);
  return { body: eventView(event, nowSec(ctx), { includeMarkets: true, includeAllMarkets: ctx.input.query.includeAllMarkets === true }) };
};

export const predictionGetSuggestedEvents: Handler<'predictionGetSuggestedEvents'> = (ctx) => {
  const pubkey = ctx.input.path.pubkey;
  const active = ctx.sim.prediction.events.filter((e) => e.isActive && e.closeTime > nowSec(ctx));
  const rnd = createRandom(hashString(pubkey, ctx.sim.seed));
  const picked = new Set<CatalogueEvent>();
  for (let i = 0; i < 20 && picked.size < Math.min(5, active.length); i++) picked.add(rnd.pick(active));
  return { body: { data: [...picked].map((e) => eventView(e, nowSec(ctx), { includeMarkets: true, includeAllMarkets: false })) } };
};

export const predictionGetEventScores: Handler<'predictionGetEventScores'> = (ctx) => {
  const now = nowSec(ctx);
  const raw = ctx.input.query.eventIds;
  const ids =
    raw === undefined
      ? undefined
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (ids && ids.length > MAX_SCORE_IDS) throw invalid('eventIds', `at most ${MAX_SCORE_IDS} eventIds`);
  const events = ids
    ? ids.map((id) => ctx.sim.prediction.eventById.get(id)).filter((e): e is CatalogueEvent => e !== undefined)
    : ctx.sim.prediction.events;
  const data = events.map((e) => liveScore(e, now)).filter((s): s is PredictionLiveScore => s !== null);
  return { body: { data } };
};

export const predictionGetEventScore: Handler<'predictionGetEventScore'> = (ctx) => {
  const event = findEvent(ctx);
  const score = liveScore(event, nowSec(ctx));
  if (!score) throw notFound('eventId', `No score for event ${event.eventId}`);
  return { body: score };
};

export const predictionGetEventMarket: Handler<'predictionGetEventMarket'> = (ctx) => {
  const event = findEvent(ctx);
  const marketId = ctx.input.path.marketId;
  const market = event.markets.find((m) => m.marketId === marketId);
  if (!market) throw notFound('marketId', `Market ${marketId} not found in event ${event.eventId}`);
  return { body: marketView(market) };
};

export const predictionGetMarket: Handler<'predictionGetMarket'> = (ctx) => {
  const marketId = ctx.input.path.marketId;
  const market = ctx.sim.prediction.marketById.get(marketId);
  if (!market) throw notFound('marketId', `Market ${marketId} not found`);
  return { body: marketView(market) };
};

type Level = [number, number];
type DollarLevel = [string, number];

/** Bids sorted ascending; the cents are the rounded dollars, so sub-cent levels show 0. */
export function orderbookLevels(seed: number, marketId: string, topMicroUsd: number): { cents: Level[]; dollars: DollarLevel[] } {
  const rnd = createRandom(hashString(marketId, seed));
  const top = Math.floor(topMicroUsd / 10_000);
  const prices: number[] = [];
  const count = rnd.int(2, 4);
  for (let i = count - 1; i >= 0; i--) if (top - i >= 1) prices.push((top - i) / 100);
  if (rnd.next() < 0.5) prices.unshift(0.004);
  const dollars: DollarLevel[] = prices.map((p) => [p.toFixed(4), rnd.int(1, 40) * 50 + (rnd.next() < 0.3 ? 0.25 * rnd.int(1, 3) : 0)]);
  const cents: Level[] = dollars.map(([p, qty]) => [Math.round(Number(p) * 100), qty]);
  return { cents, dollars };
}

export const predictionGetOrderbook: Handler<'predictionGetOrderbook'> = (ctx) => {
  const marketId = ctx.input.path.marketId;
  const market = ctx.sim.prediction.marketById.get(marketId);
  if (!market) throw notFound('marketId', `Market ${marketId} not found`);
  if (market.status !== 'open') return { body: { yes: [], no: [], yes_dollars: [], no_dollars: [] } };
  const yes = orderbookLevels(ctx.sim.seed, `${marketId}:yes`, market.yesPrice - 10_000);
  const no = orderbookLevels(ctx.sim.seed, `${marketId}:no`, 1_000_000 - market.yesPrice - 10_000);
  return { body: { yes: yes.cents, no: no.cents, yes_dollars: yes.dollars, no_dollars: no.dollars } };
};

export const predictionGetTradingStatus: Handler<'predictionGetTradingStatus'> = (ctx) => ({
  body: { trading_active: ctx.sim.tradingActive },
});
