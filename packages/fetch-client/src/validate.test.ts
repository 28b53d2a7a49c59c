// The opt-in validators generated from the spec: one per operation, accepting the spec's examples,
// throwing on breaking drift and only reporting additive drift.
import { operations, responseExamples } from '@x/openapi/reader';
import { describe, expect, it, vi } from 'vitest';
import { operationIdByRoute } from './gen/operations.gen.js';
import { ResponseValidationError } from './lib/errors.js';
import { responseIssues, responseValidator } from './validate.js';

const routes = Object.keys(operationIdByRoute);
const operationCount = operations().length;

function successExamples(route: string): unknown[] {
  const op = operations().find((o) => `${o.method} ${o.path}` === route)!;
  return responseExamples(op)
    .filter((example) => example.status.startsWith('2'))
    .map((example) => example.value);
}

describe('responseIssues', () => {
  it('has a generated schema for every operation', async () => {
    expect(routes).toHaveLength(operationCount);
    for (const route of routes) expect(await responseIssues(route, {}), route).toBeDefined();
  });

  it.each(routes)('finds no drift in the spec examples of %s', async (route) => {
    const examples = successExamples(route);
    expect(examples.length).toBeGreaterThan(0);
    for (const data of examples) expect(await responseIssues(route, data)).toEqual([]);
  });

  it('reports a missing required field as breaking, with its path', async () => {
    const issues = await responseIssues('GET /prediction/v1/trading-status', {});
    expect(issues).toEqual([expect.objectContaining({ path: 'trading_active', kind: 'breaking' })]);
  });

  it('reports an unknown field as additive', async () => {
    const issues = await responseIssues('GET /prediction/v1/trading-status', { trading_active: true, since: 1 });
    expect(issues).toEqual([{ path: 'since', message: 'a field the spec does not list', kind: 'additive' }]);
  });

  describe('an event list whose markets mix full markets and id-only references', () => {
    const route = 'GET /prediction/v1/events';
    /** The spec's event list example with `markets` replaced. */
    const withMarkets = (markets: unknown[]) => {
      const page = structuredClone(successExamples(route)[0]) as { data: Array<Record<string, unknown>> };
      page.data[0]!.markets = markets;
      return page;
    };
    /** The spec's market example. */
    const market = () => structuredClone(successExamples('GET /prediction/v1/markets/{marketId}')[0] as Record<string, unknown>);

    it('accepts both shapes', async () => {
      expect(await responseIssues(route, withMarkets([market(), { marketId: 'm-1' }]))).toEqual([]);
    });

    it('checks each element: one of neither shape is breaking, with its path', async () => {
      const issues = await responseIssues(route, withMarkets([{ marketId: 'm-1' }, { marketId: 7 }]));
      expect(issues).toEqual([expect.objectContaining({ path: 'data.0.markets.1', kind: 'breaking' })]);
    });

    it('reads a full market against the market schema: its new field is additive drift', async () => {
      const issues = await responseIssues(route, withMarkets([{ ...market(), settlementSource: 'oracle' }]));
      expect(issues).toEqual([{ path: 'data.0.markets.0.settlementSource', message: 'a field the spec does not list', kind: 'additive' }]);
    });
  });

  it('lets unknown routes through', async () => {
    expect(await responseIssues('GET /nowhere', 1)).toBeUndefined();
  });
});

describe('responseValidator', () => {
  const operation = 'GET /prediction/v1/trading-status';

  it('throws a ResponseValidationError on breaking drift', async () => {
    const logger = { warn: vi.fn() };
    const error = await Promise.resolve(responseValidator({ operation, status: 200, data: { trading_active: 'yes' }, logger })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([expect.objectContaining({ path: 'trading_active', kind: 'breaking' })]);
  });

  it('only warns on additive drift, and never throws', async () => {
    const logger = { warn: vi.fn() };
    await responseValidator({ operation, status: 200, data: { trading_active: true, maintenance: 'soon' }, logger });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![1]).toEqual({
      operation,
      status: 200,
      issues: [{ path: 'maintenance', message: 'a field the spec does not list', kind: 'additive' }],
    });
    // Without a logger it stays silent.
    await expect(
      Promise.resolve(responseValidator({ operation, status: 200, data: { trading_active: true, x: 1 } })),
    ).resolves.toBeUndefined();
  });

  it('is silent on a body that matches', async () => {
    const logger = { warn: vi.fn() };
    await responseValidator({ operation, status: 200, data: { trading_active: false }, logger });
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('request schemas: values the service extends stay open', () => {
  it('accept a provider, a category and a deposit order type the service description does not list', async () => {
    const v = await import('valibot');
    const { vPredictionListEventsQuery, vTriggerV2DepositCraftRequest } = await import('./gen/valibot.gen.js');
    for (const query of [{ provider: 'provider_d' }, { provider: 'provider_new' }, { category: 'weather' }])
      expect(v.safeParse(vPredictionListEventsQuery, query).success, JSON.stringify(query)).toBe(true);
    const deposit = {
      userAddress: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg',
      inputMint: 'So11111111111111111111111111111111111111112',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '1000000000',
    };
    expect(v.safeParse(vTriggerV2DepositCraftRequest, { ...deposit, orderType: 'dca' }).success).toBe(true);
    // Everything else stays strict: a sort order, a value of another type.
    expect(v.safeParse(vPredictionListEventsQuery, { sortBy: 'popularity' }).success).toBe(false);
    expect(v.safeParse(vPredictionListEventsQuery, { provider: 7 }).success).toBe(false);
  });

  it('the known values stay listed in the types', () => {
    type Provider = NonNullable<NonNullable<import('./gen/types.gen.js').PredictionListEventsData['query']>['provider']>;
    const known: Provider[] = ['provider_a', 'provider_b', 'provider_d', 'provider_new'];
    expect(known).toHaveLength(4);
  });
});
