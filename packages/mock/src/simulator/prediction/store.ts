// The prediction catalogue of one simulator, indexed by event and market id.
import type { Random } from '../random.js';
import { generateCatalogue, type CatalogueEvent, type CatalogueMarket } from './catalogue.js';

export interface PredictionStore {
  events: CatalogueEvent[];
  eventById: Map<string, CatalogueEvent>;
  marketById: Map<string, CatalogueMarket>;
  reset(): void;
}

export function createPredictionStore(random: Random, startMs: number): PredictionStore {
  const store: PredictionStore = {
    events: [],
    eventById: new Map(),
    marketById: new Map(),
    reset() {
      store.events = generateCatalogue(random.fork('prediction'), startMs);
      store.eventById = new Map(store.events.map((e) => [e.eventId, e]));
      store.marketById = new Map(store.events.flatMap((e) => e.markets.map((m) => [m.marketId, m] as const)));
    },
  };
  store.reset();
  return store;
}
