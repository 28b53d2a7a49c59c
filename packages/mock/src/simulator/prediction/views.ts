// JSON views of catalogue entries. Live flags and scores follow the simulated clock.
import type { PredictionEvent, PredictionLiveScore, PredictionMarket } from '@x/types';
import { hashString } from '../random.js';
import type { CatalogueEvent, CatalogueMarket } from './catalogue.js';

const iso = (sec: number): string => new Date(sec * 1000).toISOString();

export const isLive = (event: CatalogueEvent, nowSec: number): boolean =>
  event.isActive && event.beginAt <= nowSec && nowSec < event.closeTime;

export function marketView(m: CatalogueMarket): PredictionMarket {
  const spread = 10_000;
  // A closed or settled market has no prices to trade at: the service sends null for them.
  const open = m.status === 'open';
  const yes = m.yesPrice;
  return {
    marketId: m.marketId,
    eventId: m.eventId,
    provider: m.provider,
    status: m.status,
    result: m.result,
    openTime: m.openTime,
    closeTime: m.closeTime,
    resolveAt: m.resolveAt,
    title: m.title,
    marketResultPubkey: m.marketResultPubkey,
    imageUrl: m.imageUrl,
    rulesPrimary: m.rulesPrimary,
    rulesSecondary: m.rulesSecondary,
    outcomes: [...m.outcomes],
    marketOptions: m.marketOptions.map((o) => ({ ...o })),
    clobTokenIds: [...m.clobTokenIds],
    isTeamMarket: m.isTeamMarket,
    team: m.team ? { ...m.team } : null,
    sportsLine: m.sportsLine,
    sportsMarketType: m.sportsMarketType,
    pricing: {
      buyYesPriceUsd: open ? Math.min(1_000_000, yes + spread) : null,
      buyNoPriceUsd: open ? Math.min(1_000_000, 1_000_000 - yes + spread) : null,
      sellYesPriceUsd: open ? Math.max(0, yes - spread) : null,
      sellNoPriceUsd: open ? Math.max(0, 1_000_000 - yes - spread) : null,
      volume: m.volume,
    },
  };
}

/** The markets an event shows: sports moneyline only unless includeAllMarkets (motorsport: all). */
export function visibleMarkets(event: CatalogueEvent, includeAllMarkets: boolean): CatalogueMarket[] {
  if (includeAllMarkets || event.subcategory === 'motorsport') return event.markets;
  return event.markets.filter((m) => m.sportsMarketType === null || m.sportsMarketType === 'moneyline');
}

export function liveScore(event: CatalogueEvent, nowSec: number): PredictionLiveScore | null {
  const game = event.game;
  if (!game || nowSec < event.beginAt) return null;
  const ended = nowSec >= event.closeTime;
  const duration = event.closeTime - event.beginAt;
  const elapsedSec = Math.min(duration, nowSec - event.beginAt);
  const progress = duration > 0 ? elapsedSec / duration : 1;
  const h = hashString(event.eventId, game.seed);
  const home = Math.floor(progress * (90 + (h % 30)));
  const away = Math.floor(progress * (85 + ((h >>> 8) % 30)));
  const period = Math.min(4, Math.floor(progress * 4) + 1);
  const finished = event.closeTime;
  const mm = String(Math.floor((elapsedSec % 3600) / 60)).padStart(2, '0');
  const ss = String(elapsedSec % 60).padStart(2, '0');
  return {
    eventId: event.eventId,
    gameId: game.gameId,
    leagueAbbreviation: game.league,
    homeTeam: game.home,
    awayTeam: game.away,
    score: `${home}-${away}`,
    period: ended ? 'F' : `Q${period}`,
    elapsed: `${mm}:${ss}`,
    status: ended ? 'final' : 'in_progress',
    live: !ended,
    ended,
    finishedTimestamp: ended ? iso(finished) : null,
    updatedAt: iso(ended ? finished : nowSec),
  };
}

export interface EventViewOptions {
  includeMarkets: boolean;
  includeAllMarkets: boolean;
  /** Markets as `{marketId}` only, as the events list gives them (the event detail gives them whole). */
  marketIdsOnly?: boolean;
}

export function eventView(event: CatalogueEvent, nowSec: number, options: EventViewOptions): PredictionEvent {
  const live = isLive(event, nowSec);
  const view: PredictionEvent = {
    eventId: event.eventId,
    isActive: event.isActive,
    isLive: live,
    category: event.category,
    subcategory: event.subcategory,
    volumeUsd: String(event.volume),
    closeCondition: event.closeCondition,
    beginAt: String(event.beginAt),
    rulesPdf: `https://example.com/rules/${event.eventId}.pdf`,
    tags: [...event.tags],
    metadata: {
      eventId: event.eventId,
      title: event.title,
      subtitle: event.subtitle,
      slug: event.slug,
      series: event.series,
      closeTime: iso(event.closeTime),
      imageUrl: `https://example.com/images/events/${event.eventId}.png`,
      isLive: live,
    },
  };
  if (options.includeMarkets) {
    const markets = visibleMarkets(event, options.includeAllMarkets);
    view.markets = options.marketIdsOnly ? markets.map((m) => ({ marketId: m.marketId })) : markets.map(marketView);
  }
  view.volume24hr = String(event.volume24hr);
  view.liveScore = liveScore(event, nowSec);
  return view;
}
