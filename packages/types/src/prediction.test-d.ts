// The prediction market (flat since the nested metadata was removed) and the event list page.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  PredictionEvent,
  PredictionListEventsData,
  PredictionListEventsResponseBody,
  PredictionMarket,
  PredictionOrderbook,
} from './index.js';

describe('PredictionMarket', () => {
  it('has the required status, result, times and resolveAt', () => {
    // Open response enums: the known values, and any string the service may add.
    expectTypeOf<PredictionMarket['status']>().toEqualTypeOf<'open' | 'closed' | 'cancelled' | (string & {})>();
    expectTypeOf<PredictionMarket['result']>().toEqualTypeOf<'yes' | 'no' | (string & {}) | null>();
    expectTypeOf<PredictionMarket['openTime']>().toBeNumber();
    // ISO text, or a number (the service's own OpenAPI file allows both), null while open.
    expectTypeOf<PredictionMarket['resolveAt']>().toEqualTypeOf<string | number | null>();
  });

  it('is flat: no nested metadata, title at the top level', () => {
    expectTypeOf<PredictionMarket>().not.toHaveProperty('metadata');
    expectTypeOf<PredictionMarket['title']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error market metadata was removed from the API
    const m: PredictionMarket = { marketId: 'm', status: 'open', result: null, openTime: 1, closeTime: 2, resolveAt: null, metadata: {} };
    void m;
  });

  it('prices are numbers in micro-USD units, null on a closed market', () => {
    type Pricing = NonNullable<PredictionMarket['pricing']>;
    expectTypeOf<Pricing['buyYesPriceUsd']>().toEqualTypeOf<number | null>();
    expectTypeOf<Pricing['volume']>().toBeNumber();
  });

  it('events keep their own metadata and list pages carry pagination', () => {
    expectTypeOf<PredictionEvent>().toHaveProperty('metadata');
    expectTypeOf<PredictionListEventsResponseBody['pagination']>().toEqualTypeOf<{
      start: number;
      end: number;
      total: number;
      hasNext: boolean;
    }>();
    expectTypeOf<PredictionListEventsResponseBody['data']>().toEqualTypeOf<Array<PredictionEvent>>();
    type Query = NonNullable<PredictionListEventsData['query']>;
    expectTypeOf<Query['sortBy']>().toEqualTypeOf<'volume' | 'beginAt' | undefined>();
  });

  it('order book levels are tuples of price and quantity', () => {
    type Yes = NonNullable<PredictionOrderbook['yes']>;
    expectTypeOf<Yes[number][0]>().toBeNumber();
    expectTypeOf<Yes[number]>().toEqualTypeOf<[number, number]>();
    // The spec types the dollars level per element (string or number), not per position.
    expectTypeOf<NonNullable<PredictionOrderbook['yes_dollars']>[number]>().toEqualTypeOf<[string | number, string | number]>();
  });
});
