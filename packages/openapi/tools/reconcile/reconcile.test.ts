// The reconciliation tool on small documents written for this test: one "ours", one "theirs".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { parseArgs, run } from './cli.ts';
import type { Difference } from './compare.ts';
import { pathKey, serverBasePath } from './match.ts';
import { reconcile, reconcileAll, toTable } from './reconcile.ts';
import { flattenSchema } from './schema-facts.ts';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const ours = {
  openapi: '3.1.0',
  info: { title: 'ours', version: '1' },
  paths: {
    '/shop/v1/items/{itemId}': {
      get: {
        operationId: 'shopGetItem',
        parameters: [
          { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'kind', in: 'query', schema: { type: 'string', enum: ['maker_a', 'maker_b'] } },
        ],
        responses: {
          '200': json({ $ref: '#/components/schemas/Item' }),
          '401': json({ type: 'object', properties: { error: { type: 'string' } } }),
        },
      },
    },
    '/shop/v1/orders': {
      post: {
        operationId: 'shopCreateOrder',
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['item'], properties: { item: { type: 'string' }, note: { type: 'string' } } }),
        },
        responses: { '200': json({ type: 'object', properties: { id: { type: 'string' } } }) },
      },
    },
    '/shop/v1/legacy': { get: { operationId: 'shopLegacy', responses: { '200': { description: 'ok' } } } },
    '/elsewhere/v1/thing': { get: { operationId: 'elsewhereThing', responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['id', 'price'],
        properties: {
          id: { type: 'string' },
          price: { type: 'number' },
          state: {
            anyOf: [
              { type: 'string', enum: ['open', 'closed'] },
              { type: 'string', 'x-unknown-enum-value': true },
            ],
          },
          tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const theirs = {
  openapi: '3.0.3',
  info: { title: 'theirs', version: '1' },
  servers: [{ url: 'https://shop.invalid/shop/v1' }],
  paths: {
    '/items/{id}': {
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['BrandOne', 'maker_b', 'maker_c'] } },
        ],
        responses: {
          '200': json({ $ref: '#/components/schemas/Item' }),
          '404': json({ type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' } } }),
        },
      },
    },
    '/orders': {
      post: {
        requestBody: json({
          type: 'object',
          required: ['item', 'note'],
          properties: { item: { type: 'string' }, note: { type: 'string' }, rush: { type: 'boolean' } },
        }),
        responses: { '200': json({ type: 'object', properties: { id: { type: 'string' } } }) },
      },
    },
    '/refunds': { post: { responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          price: { type: 'number', nullable: true },
          state: { type: 'string', enum: ['open', 'closed', 'paused'] },
          tags: {
            type: 'array',
            items: { type: 'object', required: ['label'], properties: { label: { type: 'string' }, color: { type: 'string' } } },
          },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const find = (list: Difference[], location: string, kind?: Difference['kind']) =>
  list.filter((d) => d.location === location && (kind === undefined || d.kind === kind));

describe('reconcile', () => {
  const diffs = reconcile(theirs, ours, { renames: { BrandOne: 'maker_a' } });

  it('pairs operations by method and full path, ignoring path parameter names', () => {
    expect(serverBasePath(theirs)).toBe('/shop/v1');
    expect(pathKey('get', '/a/{x}/b/')).toBe('GET /a/{}/b');
    expect(diffs).toContainEqual({
      operation: 'POST /shop/v1/refunds',
      location: 'operation',
      kind: 'operation',
      ours: 'absent',
      theirs: 'declared',
    });
    expect(diffs).toContainEqual({
      operation: 'shopLegacy',
      location: 'operation GET /shop/v1/legacy',
      kind: 'operation',
      ours: 'declared',
      theirs: 'absent',
    });
    // An operation outside their base path is not theirs to describe.
    expect(diffs.some((d) => d.operation === 'elsewhereThing')).toBe(false);
  });

  it('compares parameters: required and enum values, after renaming their brand names', () => {
    expect(find(diffs, 'parameter query.kind', 'required')).toHaveLength(1);
    expect(find(diffs, 'parameter query.kind', 'enum')[0]).toMatchObject({
      ours: '[maker_a, maker_b]',
      theirs: '[maker_a, maker_b, maker_c]',
    });
    expect(diffs.some((d) => d.location.startsWith('parameter path.'))).toBe(false);
  });

  it('compares statuses', () => {
    expect(find(diffs, 'status 401')[0]).toMatchObject({ operation: 'shopGetItem', ours: 'declared', theirs: 'absent' });
    expect(find(diffs, 'status 404')[0]).toMatchObject({ ours: 'absent', theirs: 'declared' });
  });

  it('compares response properties: required, nullable, enum (open or closed), missing subtrees once', () => {
    expect(find(diffs, 'response 200.price', 'required')[0]).toMatchObject({
      ours: 'number, required',
      theirs: 'number, nullable, optional',
    });
    expect(find(diffs, 'response 200.price', 'nullable')).toHaveLength(1);
    expect(find(diffs, 'response 200.state', 'enum')[0]).toMatchObject({ ours: '[closed, open]', theirs: '[closed, open, paused]' });
    expect(find(diffs, 'response 200.tags[].label', 'required')).toHaveLength(1);
    expect(find(diffs, 'response 200.tags[].color', 'missing')[0]).toMatchObject({ ours: 'absent', theirs: 'string, optional' });
    expect(find(diffs, 'response 200.id')).toHaveLength(0);
  });

  it('compares request bodies', () => {
    expect(find(diffs, 'request body.note', 'required')[0]).toMatchObject({
      operation: 'shopCreateOrder',
      ours: 'string, optional',
      theirs: 'string, required',
    });
    expect(find(diffs, 'request body.rush', 'missing')).toHaveLength(1);
  });

  it('finds nothing when a document is compared with itself', () => {
    expect(reconcile({ ...ours, servers: [{ url: '/' }] } as OpenApiDocument, ours)).toEqual([]);
  });
});

describe('reconcileAll', () => {
  it('reports an operation of ours as absent only when no file describes it, and renames path segments', () => {
    const legacy = {
      openapi: '3.0.3',
      info: { title: 'theirs, second file', version: '1' },
      servers: [{ url: 'https://shop.invalid/shop/v1' }],
      paths: { '/brand-legacy': { get: { responses: { '200': { description: 'ok' } } } } },
    } as unknown as OpenApiDocument;
    const alone = reconcileAll([{ name: 'a.yaml', doc: theirs }], ours);
    expect(alone.some((d) => d.operation === 'shopLegacy')).toBe(true);
    const both = reconcileAll(
      [
        { name: 'a.yaml', doc: theirs },
        { name: 'b.yaml', doc: legacy },
      ],
      ours,
      { 'brand-legacy': 'legacy' },
    );
    expect(both.some((d) => d.operation === 'shopLegacy')).toBe(false);
    expect(both.some((d) => d.file === 'b.yaml')).toBe(false);
  });
});

describe('flattenSchema', () => {
  it('tells an open enum (our unknown-value branch) from a closed one, and reads nulls from every notation', () => {
    const flat = flattenSchema(
      {
        type: 'object',
        properties: {
          open: { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'string', 'x-unknown-enum-value': true }, { type: 'null' }] },
          closed: { type: 'string', enum: ['a', null] },
          list: { type: ['array', 'null'], items: { type: 'integer' } },
        },
      },
      {},
      'r',
    );
    expect(flat.get('r.open')).toEqual({ types: ['string'], nullable: true, required: false, enum: ['a'], openEnum: true });
    expect(flat.get('r.closed')).toEqual({ types: ['string'], nullable: true, required: false, enum: ['a'], openEnum: false });
    expect(flat.get('r.list')).toMatchObject({ types: ['array'], nullable: true });
    expect(flat.get('r.list[]')).toMatchObject({ types: ['integer'], required: true });
    expect(flattenSchema({ description: 'no type given' }, {}, 'any').get('any')).toEqual({ types: [], nullable: true, required: true });
  });

  it('stops on a recursive $ref', () => {
    const doc = { components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } } };
    const flat = flattenSchema({ $ref: '#/components/schemas/Node' }, doc, 'n');
    expect([...flat.keys()]).toEqual(['n', 'n.next']);
  });
});

describe('cli', () => {
  it('reads YAML files and prints JSON or a Markdown table; refuses a bad option', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reconcile-'));
    const file = join(dir, 'theirs.yaml');
    writeFileSync(file, JSON.stringify(theirs)); // JSON is YAML
    const names = join(dir, 'names.json');
    writeFileSync(names, JSON.stringify({ BrandOne: 'maker_a' }));
    const rows = JSON.parse(run(['--rename', names, file], ours)) as Array<Difference & { file: string }>;
    expect(rows.length).toBe(reconcile(theirs, ours, { renames: { BrandOne: 'maker_a' } }).length);
    expect(rows[0]?.file).toBe(file);
    const table = run(['--format', 'table', '--rename', names, file], ours);
    expect(table.split('\n')[0]).toBe('| operation | location | kind | ours | theirs |');
    expect(table).toContain('| shopGetItem | status 404 | status | absent | declared |');
    expect(() => parseArgs(['--format', 'xml', file])).toThrow(/json or table/);
    expect(() => parseArgs([])).toThrow(/usage/);
    expect(toTable([])).toBe('| operation | location | kind | ours | theirs |\n|---|---|---|---|---|');
  });
});
