import { describe, expect, it } from 'vitest';
import { loadSpec } from './document.js';
import { findOperation, HTTP_METHODS, operation, operations, responseFor } from './operations.js';

const spec = loadSpec();
// Counted independently of the reader: every key of every path item that is an HTTP method.
const methodKeys = Object.values(spec.paths).flatMap((item) =>
  Object.keys(item).filter((k) => (HTTP_METHODS as readonly string[]).includes(k)),
);

describe('operations()', () => {
  it('lists every operation of the document once, in document order', () => {
    const ops = operations();
    expect(ops).toHaveLength(methodKeys.length);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    expect(ops[0]?.pointer).toBe(
      `#/paths/${Object.keys(spec.paths)[0]!.replace(/~/g, '~0').replace(/\//g, '~1')}/${ops[0]!.method.toLowerCase()}`,
    );
  });

  it('is computed once per process', () => {
    expect(operations()).toBe(operations());
    expect(operation('swapGetOrder')).toBe(operations().find((op) => op.operationId === 'swapGetOrder'));
  });

  it('reads method, path, tags, security and the merged, resolved parameters', () => {
    const op = operation('swapGetOrder');
    expect(op).toMatchObject({ method: 'GET', path: '/swap/v2/order', tags: ['Swap'], security: spec.security });
    expect(op.parameters.every((p) => typeof p.name === 'string' && !('$ref' in p))).toBe(true);
    expect(op.parameters.find((p) => p.name === 'amount')).toMatchObject({ in: 'query', required: true });
    // path-item parameters are included
    const withShared = operations().find((op) => (spec.paths[op.path]?.parameters ?? []).length > 0)!;
    for (const p of spec.paths[withShared.path]!.parameters!) {
      const name = (p.$ref ? p.$ref.split('/').pop() : p.name) as string;
      expect(withShared.parameters.some((q) => q.name === name || p.$ref !== undefined)).toBe(true);
    }
  });

  it('gives the JSON schema and pointer of request bodies and responses', () => {
    const execute = operation('swapExecute');
    expect(execute.requestBody).toMatchObject({ mediaTypes: ['application/json'] });
    expect(execute.requestBody?.pointer).toMatch(/^#\/.*\/content\/application~1json\/schema$/);
    const ok = execute.responses['200']!;
    expect(ok.pointer).toMatch(/^#\/.*\/content\/application~1json\/schema$/);
    expect(responseFor(operation('swapGetOrder'), 418)?.status).toBe('default');
    expect(responseFor(execute, 200)).toBe(ok);
  });

  it('reads the x- extensions', () => {
    const execute = operation('swapExecute');
    expect(execute.extensions['x-safe-to-retry']).toBe(true);
    expect(execute.safeToRetry).toBe(true);
    expect(operation('swapGetOrder').rateLimitBucket).toBe(
      (operation('swapGetOrder').extensions['x-rate-limit-bucket'] as string | undefined) ?? 'default',
    );
    for (const op of operations()) {
      expect(Object.keys(op.extensions).every((k) => k.startsWith('x-'))).toBe(true);
      if (op.extensions['x-pagination']) expect(op.pagination).toBe(op.extensions['x-pagination']);
    }
    expect(
      operations()
        .filter((op) => op.pagination)
        .map((op) => [op.operationId, op.pagination!.style]),
    ).toEqual(
      expect.arrayContaining([
        ['predictionListEvents', 'start-end'],
        ['triggerV2GetOrderHistory', 'offset-limit'],
        ['triggerV1GetTriggerOrders', 'page-number'],
      ]),
    );
  });

  it('answers unknown ids clearly', () => {
    expect(findOperation('nope')).toBeUndefined();
    expect(() => operation('nope')).toThrow(/unknown operationId nope/);
  });

  it('reads another document, refusing operations without an id', () => {
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: {} } } } };
    expect(() => operations(doc)).toThrow(/GET \/a has no operationId/);
    const ok = {
      ...doc,
      paths: { '/a/{id}': { $ref: '#/components/pathItems/a' } },
      components: { pathItems: { a: { post: { operationId: 'a', responses: {} } } } },
    };
    expect(operations(ok).map((op) => `${op.method} ${op.path} ${op.security.length}`)).toEqual(['POST /a/{id} 0']);
  });

  it('reads x-already-exists, refusing one whose status is not a response, with no record field, or whose read is not a read', () => {
    expect(operation('triggerV2RegisterVault').alreadyExists).toEqual({ status: 409, record: 'details', read: 'triggerV2GetVault' });
    expect(
      operations()
        .filter((op) => op.alreadyExists)
        .map((op) => op.operationId),
    ).toEqual(['triggerV2RegisterVault']);
    const marked = (mark: unknown, read: Record<string, unknown> = { operationId: 'vault', responses: {} }) => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/register': { post: { operationId: 'register', responses: { '409': {} }, 'x-already-exists': mark } },
        '/vault': { get: read },
      },
    });
    expect(operations(marked({ status: 409, record: 'details', read: 'vault' }))[0]!.alreadyExists).toEqual({
      status: 409,
      record: 'details',
      read: 'vault',
    });
    expect(() => operations(marked({ status: 418, record: 'details', read: 'vault' }))).toThrow(
      /register: x-already-exists needs the status/,
    );
    expect(() => operations(marked({ status: 409, read: 'vault' }))).toThrow(/register: x-already-exists needs the status/);
    expect(() => operations(marked({ status: 409, record: 'details', read: 'register' }))).toThrow(
      /register: x-already-exists must name a read/,
    );
    expect(() =>
      operations(
        marked({ status: 409, record: 'details', read: 'vault' }, { operationId: 'vault', responses: {}, 'x-side-effects': true }),
      ),
    ).toThrow(/register: x-already-exists must name a read/);
  });
});
