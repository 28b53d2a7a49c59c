// The event list's `pagination`: the service documents `start`, `end`, `total` and `hasNext` but
// not whether `end` is inclusive. The simulator reads it as exclusive (the page is the events from
// `start` up to, not including, `end`); the examples must read it the same way, or a reader
// learns one convention from the docs and meets the other in the mock.
import { describe, expect, it } from 'vitest';
import { deref, operation, type Json } from './bundled-spec.ts';

const pages = (key: string) =>
  Object.entries((deref(deref(operation(key).op.responses['200']).content['application/json']).examples ?? {}) as Record<string, Json>)
    .map(([name, example]) => [name, deref(example).value] as const)
    .filter(([, value]) => value?.pagination);

describe('prediction event pages', () => {
  it('the list has examples with a pagination object', () => {
    expect(pages('GET /prediction/v1/events').length).toBeGreaterThan(0);
  });

  it.each(['GET /prediction/v1/events', 'GET /prediction/v1/events/search'])('%s: every example reads `end` as exclusive', (key) => {
    for (const [name, { data, pagination }] of pages(key)) {
      expect(pagination.end - pagination.start, `${name}: end - start is the number of events on the page`).toBe(data.length);
      expect(pagination.hasNext, `${name}: hasNext is end < total`).toBe(pagination.end < pagination.total);
    }
  });
});
