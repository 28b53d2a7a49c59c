// The prediction catalogue of one simulator, indexed by event and market id. The catalogue is a
// pure function of the seed and the start time and nothing changes it after generation, so it is
// generated on first use, once per (seed, start) and process, frozen, and shared by every simulator.
import { createRandom } from '../random.js';
import { generateCatalogue, type CatalogueEvent, type CatalogueMarket } from './catalogue.js';

export interface PredictionStore {
  events: readonly CatalogueEvent[];
  eventById: ReadonlyMap<string, CatalogueEvent>;
  marketById: ReadonlyMap<string, CatalogueMarket>;
  reset(): void;
}

interface Catalogue {
  events: readonly CatalogueEvent[];
  eventById: ReadonlyMap<string, CatalogueEvent>;
  marketById: ReadonlyMap<string, CatalogueMarket>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Catalogues by `seed:start`; a few are kept (most suites use one seed and one start). */
const catalogues = new Map<string, Catalogue>();
const MAX_CATALOGUES = 16;

function catalogueOf(seed: number, startMs: number): Catalogue {
  const key = `${seed}:${startMs}`;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    const events = deepFreeze(generateCatalogue(createRandom(seed).fork('prediction'), startMs));
    catalogue = {
      events,
      eventById: new Map(events.map((e) => [e.eventId, e])),
      marketById: new Map(events.flatMap((e) => e.markets.map((m) => [m.marketId, m] as const))),
    };
    if (catalogues.size >= MAX_CATALOGUES) catalogues.delete(catalogues.keys().next().value!);
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

/** A class, not an object literal with getters: a simulator makes one, and getters on a literal are slow to create. */
class LazyPredictionStore implements PredictionStore {
  #catalogue: Catalogue | undefined;
  readonly #seed: number;
  readonly #startMs: number;

  constructor(seed: number, startMs: number) {
    this.#seed = seed;
    this.#startMs = startMs;
  }

  #current(): Catalogue {
    this.#catalogue ??= catalogueOf(this.#seed, this.#startMs);
    return this.#catalogue;
  }

  get events(): readonly CatalogueEvent[] {
    return this.#current().events;
  }

  get eventById(): ReadonlyMap<string, CatalogueEvent> {
    return this.#current().eventById;
  }

  get marketById(): ReadonlyMap<string, CatalogueMarket> {
    return this.#current().marketById;
  }

  reset(): void {
    // Same seed and start: the same catalogue (kept for the control API's reset).
    this.#catalogue = undefined;
  }
}

export function createPredictionStore(seed: number, startMs: number): PredictionStore {
  return new LazyPredictionStore(seed, startMs);
}
