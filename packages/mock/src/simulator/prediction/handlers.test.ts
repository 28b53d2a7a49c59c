import { describe, expect, it } from 'vitest';
import { call, makeSimulator, TAKER } from '../test-support/harness.js';
import { DEFAULT_START } from '../clock.js';
import { CATEGORIES } from './catalogue.js';
import { createPredictionStore } from './store.js';

type Ev = {
  eventId: string;
  category: string;
  volumeUsd: string;
  beginAt: string;
  isLive: boolean;
  markets?: Array<{ marketId: string; sportsMarketType: string | null; status: string }>;
};

async function all(sim: ReturnType<typeof makeSimulator>, query: Record<string, string | number | boolean> = {}): Promise<Ev[]> {
  const out: Ev[] = [];
  let start = 0;
  for (let guard = 0; guard < 20; guard++) {
    const res = await call(sim, 'GET', '/prediction/v1/events', { query: { ...query, start, end: start + 10 } });
    out.push(...res.body.data);
    if (!res.body.pagination.hasNext) break;
    start += 10;
  }
  return out;
}

describe('prediction events', () => {
  it('covers every category, and filters by category and subcategory', async () => {
    const sim = makeSimulator();
    const events = [...(await all(sim)), ...(await all(sim, { provider: 'provider_b' }))];
    for (const category of CATEGORIES)
      expect(
        events.some((e) => e.category === category),
        category,
      ).toBe(true);
    const sports = await all(sim, { category: 'sports' });
    expect(sports.length).toBeGreaterThan(0);
    expect(sports.every((e) => e.category === 'sports')).toBe(true);
    const everything = await all(sim, { category: 'all' });
    expect(everything.length).toBe((await all(sim)).length);
  });

  it('accepts a provider or a category it does not know (the service adds them) and lists no event for it', async () => {
    const sim = makeSimulator();
    for (const query of [{ provider: 'provider_d' }, { provider: 'provider_new' }, { category: 'weather' }]) {
      const res = await call(sim, 'GET', '/prediction/v1/events', { query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.pagination).toMatchObject({ hasNext: false });
    }
    // Other values stay strict.
    expect((await call(sim, 'GET', '/prediction/v1/events', { query: { sortBy: 'popularity' } })).status).toBe(400);
  });

  it('sorts by volume desc by default and by beginAt asc when asked', async () => {
    const sim = makeSimulator();
    const byVolume = await all(sim);
    const volumes = byVolume.map((e) => Number(e.volumeUsd));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const byBegin = (await all(sim, { sortBy: 'beginAt' })).map((e) => Number(e.beginAt));
    expect(byBegin).toEqual([...byBegin].sort((a, b) => a - b));
    const desc = (await all(sim, { sortBy: 'beginAt', sortDirection: 'desc' })).map((e) => Number(e.beginAt));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages with start/end and hasNext', async () => {
    const sim = makeSimulator();
    const first = await call(sim, 'GET', '/prediction/v1/events', { query: { start: 0, end: 5 } });
    expect(first.body.data).toHaveLength(5);
    expect(first.body.pagination).toMatchObject({ start: 0, end: 5, hasNext: true });
    const total = first.body.pagination.total;
    const last = await call(sim, 'GET', '/prediction/v1/events', { query: { start: total - 2, end: total + 10 } });
    expect(last.body.data).toHaveLength(2);
    expect(last.body.pagination).toMatchObject({ end: total, hasNext: false });
    const bad = await call(sim, 'GET', '/prediction/v1/events', { query: { start: 5, end: 2 } });
    expect(bad.body).toMatchObject({ code: 'invalid_parameter', param: 'end' });
    expect((await call(sim, 'GET', '/prediction/v1/events', { query: { start: -1 } })).body.param).toBe('start');
  });

  it('applies the live, upcoming, new and trending filters against the simulated clock', async () => {
    const sim = makeSimulator();
    const now = sim.control.now() / 1000;
    const live = await all(sim, { filter: 'live' });
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((e) => e.isLive && Number(e.beginAt) <= now)).toBe(true);
    const upcoming = await all(sim, { filter: 'upcoming' });
    expect(upcoming.every((e) => Number(e.beginAt) > now)).toBe(true);
    expect((await all(sim, { filter: 'trending' })).length).toBeGreaterThan(0);
    const fresh = await all(sim, { filter: 'new' });
    sim.control.advanceTime(30 * 86_400_000);
    expect((await all(sim, { filter: 'new' })).length).toBeLessThan(Math.max(1, fresh.length + 1));
  });

  it('includes markets on request: moneyline only unless includeAllMarkets', async () => {
    const sim = makeSimulator();
    const without = await call(sim, 'GET', '/prediction/v1/events', { query: { category: 'sports' } });
    expect(without.body.data[0].markets).toBeUndefined();
    // The list gives each market as {marketId} only, as the service does; the event detail gives them whole.
    const sports = await all(sim, { category: 'sports', subcategory: 'basketball', includeMarkets: true });
    expect(sports.flatMap((e) => e.markets!).every((m) => Object.keys(m).join() === 'marketId')).toBe(true);
    const details = async (query: Record<string, boolean>): Promise<Ev[]> =>
      Promise.all(sports.map(async (e) => (await call(sim, 'GET', `/prediction/v1/events/${e.eventId}`, { query })).body as Ev));
    const moneyline = await details({});
    expect([...new Set(moneyline.flatMap((e) => e.markets!.map((m) => m.sportsMarketType)))]).toEqual(['moneyline']);
    expect(moneyline.map((e) => e.markets!.map((m) => m.marketId))).toEqual(sports.map((e) => e.markets!.map((m) => m.marketId)));
    const allTypes = await details({ includeAllMarkets: true });
    expect(new Set(allTypes.flatMap((e) => e.markets!.map((m) => m.sportsMarketType)))).toEqual(new Set(['moneyline', 'spread', 'totals']));
    const motor = await all(sim, { category: 'sports', subcategory: 'motorsport', includeMarkets: true });
    expect(motor.every((e) => e.markets!.length === 3)).toBe(true);
  });

  it('searches, suggests and returns one event with its markets', async () => {
    const sim = makeSimulator();
    const search = await call(sim, 'GET', '/prediction/v1/events/search', { query: { query: 'referendum', limit: 3 } });
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.data.length).toBeLessThanOrEqual(3);
    expect(search.body.data.every((e: { metadata: { title: string } }) => /referendum/i.test(e.metadata.title))).toBe(true);
    const suggested = await call(sim, 'GET', `/prediction/v1/events/suggested/${TAKER}`);
    expect(suggested.body.data.length).toBe(5);
    expect((await call(sim, 'GET', `/prediction/v1/events/suggested/${TAKER}`)).body).toEqual(suggested.body);
    const id = search.body.data[0].eventId;
    const one = await call(sim, 'GET', `/prediction/v1/events/${id}`);
    expect(one.body.eventId).toBe(id);
    expect(one.body.markets.length).toBeGreaterThan(0);
    const missing = await call(sim, 'GET', '/prediction/v1/events/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', param: 'eventId' });
  });

  it('serves markets by id, within their event, with consistent pricing', async () => {
    const sim = makeSimulator();
    const [listed] = await all(sim, { includeMarkets: true });
    const event = (await call(sim, 'GET', `/prediction/v1/events/${listed!.eventId}`)).body as Ev;
    const market = event.markets![0]!;
    expect(market.marketId).toBe(listed!.markets![0]!.marketId);
    const byId = await call(sim, 'GET', `/prediction/v1/markets/${market.marketId}`);
    expect(byId.body).toEqual(market);
    const p = byId.body.pricing;
    expect(p.buyYesPriceUsd).toBeGreaterThan(p.sellYesPriceUsd);
    expect(p.buyNoPriceUsd).toBeGreaterThan(p.sellNoPriceUsd);
    expect((await call(sim, 'GET', `/prediction/v1/events/${event.eventId}/markets/${market.marketId}`)).body).toEqual(market);
    expect((await call(sim, 'GET', `/prediction/v1/events/${event.eventId}/markets/other`)).status).toBe(404);
    expect((await call(sim, 'GET', '/prediction/v1/markets/none')).status).toBe(404);
  });

  it('sends null prices for closed and cancelled markets', async () => {
    const sim = makeSimulator();
    // The delisted events (reachable by id only) hold the resolved markets; the same seed and start build the same catalogue.
    const catalogue = createPredictionStore(sim.seed, DEFAULT_START);
    const ids = catalogue.events.flatMap((e) => e.markets.map((m) => m.marketId));
    const markets = await Promise.all(ids.map(async (id) => (await call(sim, 'GET', `/prediction/v1/markets/${id}`)).body));
    const closed = markets.filter((m) => m.status !== 'open');
    expect(closed.length).toBeGreaterThan(0);
    for (const market of closed) {
      expect(market.pricing).toMatchObject({ buyYesPriceUsd: null, buyNoPriceUsd: null, sellYesPriceUsd: null, sellNoPriceUsd: null });
    }
    expect(markets.some((m) => m.status === 'open' && typeof m.pricing.buyYesPriceUsd === 'number')).toBe(true);
  });

  it('returns order books sorted ascending with cents equal to the rounded dollars', async () => {
    const sim = makeSimulator();
    const events = await all(sim, { includeMarkets: true });
    let checked = 0;
    for (const market of events.flatMap((e) => e.markets!).slice(0, 20)) {
      const { body } = await call(sim, 'GET', `/prediction/v1/orderbook/${market.marketId}`);
      for (const side of ['yes', 'no'] as const) {
        const cents: Array<[number, number]> = body[side];
        const dollars: Array<[string, number]> = body[`${side}_dollars`];
        expect(cents).toHaveLength(dollars.length);
        const prices = dollars.map(([p]) => Number(p));
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        dollars.forEach(([price, qty], i) => {
          expect(cents[i]).toEqual([Math.round(Number(price) * 100), qty]);
        });
        checked += cents.length;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect((await call(sim, 'GET', '/prediction/v1/orderbook/none')).status).toBe(404);
  });

  it('returns live scores, at most 100 ids, and 404 for an event without a score', async () => {
    const sim = makeSimulator();
    const live = await all(sim, { category: 'sports', filter: 'live' });
    const ids = live.map((e) => e.eventId);
    expect(ids.length).toBeGreaterThan(0);
    const scores = await call(sim, 'GET', '/prediction/v1/events/scores', { query: { eventIds: [...ids, 'unknown-event'].join(',') } });
    expect(scores.body.data.map((s: { eventId: string }) => s.eventId)).toEqual(ids);
    expect(scores.body.data.every((s: { live: boolean; ended: boolean }) => s.live && !s.ended)).toBe(true);
    const one = await call(sim, 'GET', `/prediction/v1/events/${ids[0]}/score`);
    expect(one.body.eventId).toBe(ids[0]);
    const tooMany = await call(sim, 'GET', '/prediction/v1/events/scores', {
      query: { eventIds: Array.from({ length: 101 }, (_, i) => `e${i}`).join(',') },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.param).toBe('eventIds');
    const hundred = await call(sim, 'GET', '/prediction/v1/events/scores', {
      query: { eventIds: Array.from({ length: 100 }, (_, i) => `e${i}`).join(',') },
    });
    expect(hundred.status).toBe(200);
    const crypto = (await all(sim, { category: 'crypto' }))[0]!;
    expect((await call(sim, 'GET', `/prediction/v1/events/${crypto.eventId}/score`)).status).toBe(404);
    sim.control.advanceTime(6 * 3600_000);
    const ended = await call(sim, 'GET', `/prediction/v1/events/${ids[0]}/score`);
    expect(ended.body).toMatchObject({ live: false, ended: true, status: 'final' });
    expect(ended.body.finishedTimestamp).toBeTypeOf('string');
  });

  it('reports and toggles the trading status', async () => {
    const sim = makeSimulator();
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).body).toEqual({ trading_active: true });
    sim.control.setTradingActive(false);
    expect((await call(sim, 'GET', '/prediction/v1/trading-status')).body).toEqual({ trading_active: false });
  });

  it('builds the same catalogue for the same seed and another for another seed', async () => {
    const a = await all(makeSimulator({ seed: 3 }), { includeMarkets: true });
    const b = await all(makeSimulator({ seed: 3 }), { includeMarkets: true });
    const c = await all(makeSimulator({ seed: 4 }), { includeMarkets: true });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
});
