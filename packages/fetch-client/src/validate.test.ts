// The opt-in validators: one per operation, accepting the spec's examples and catching drift.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operationIdByRoute } from './gen/operations.gen.js';
import { responseSchemaOf, responseValidator } from './validate.js';

const spec = JSON.parse(readFileSync(fileURLToPath(new URL('../../../spec/dist/openapi.json', import.meta.url)), 'utf8'));

function successExamples(route: string): unknown[] {
  const [method, path] = route.split(' ') as [string, string];
  const responses = spec.paths[path][method.toLowerCase()].responses;
  return Object.entries<any>(responses)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => Object.values<any>(response.content?.['application/json']?.examples ?? {}).map((e) => e.value));
}

describe('responseValidator', () => {
  const routes = Object.keys(operationIdByRoute);

  it('has a generated schema for every operation', () => {
    expect(routes).toHaveLength(38);
    for (const route of routes) expect(responseSchemaOf(route), route).toBeDefined();
  });

  it.each(routes)('accepts the spec examples of %s', async (route) => {
    const examples = successExamples(route);
    expect(examples.length).toBeGreaterThan(0);
    for (const data of examples) expect(await responseValidator({ operation: route, status: 200, data })).toBeUndefined();
  });

  it('reports drift with the path of the offending field', async () => {
    const [market] = successExamples('GET /prediction/v1/markets/{marketId}') as Array<Record<string, unknown>>;
    const issues = await responseValidator({ operation: 'GET /prediction/v1/markets/{marketId}', status: 200, data: { ...market, status: 'paused' } });
    expect(issues).toEqual([expect.objectContaining({ path: 'status' })]);
    const missing = await responseValidator({ operation: 'GET /prediction/v1/trading-status', status: 200, data: {} });
    expect(missing?.[0]?.path).toBe('trading_active');
  });

  it('lets unknown routes through', async () => {
    expect(await responseValidator({ operation: 'GET /nowhere', status: 200, data: 1 })).toBeUndefined();
  });
});
