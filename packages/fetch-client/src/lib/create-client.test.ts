// One method per operationId of the spec, each sending its own method and route.
import { operations as specOperations } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch.js';
import { createClient } from './create-client.js';

const operations = specOperations().map((op) => ({ id: op.operationId, method: op.method as string, path: op.path }));

describe('createClient', () => {
  it('shows the base URL it calls on its transport (what a cache key tells two clients apart by), not the API key', () => {
    const x = createClient({ baseUrl: 'http://127.0.0.1:9/api', apiKey: 'secret-key' });
    expect(x.transport.baseUrl).toBe('http://127.0.0.1:9/api');
    expect(JSON.stringify(x.transport)).not.toContain('secret-key');
    expect(Object.values(x.transport)).not.toContain('secret-key');
  });

  it('has exactly one method per operationId, plus the paged lists and the transport', () => {
    const x = createClient({ baseUrl: 'http://127.0.0.1:9' });
    const methods = Object.keys(x).filter((k) => !k.startsWith('paginate') && k !== 'transport' && k !== 'use');
    expect(methods.sort()).toEqual(operations.map((o) => o.id).sort());
    expect(operations.length).toBeGreaterThan(0);
    expect(typeof x.paginatePredictionListEvents).toBe('function');
    expect(typeof x.paginateTriggerV2GetOrderHistory).toBe('function');
  });

  it.each(operations.map((o) => [o.id, o] as const))('%s sends its method and route', async (id, op) => {
    const fake = fakeFetch(() => json({}));
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    const path = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'p']));
    await (x as unknown as Record<string, (o: unknown) => Promise<unknown>>)[id]!({ path, body: op.method === 'GET' ? undefined : {} });
    expect(fake.requests[0]!.method).toBe(op.method);
    expect(new URL(fake.requests[0]!.url).pathname).toBe(op.path.replace(/\{\w+\}/g, 'p'));
  });
});
