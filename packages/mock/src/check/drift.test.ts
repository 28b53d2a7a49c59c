import { describe, expect, it } from 'vitest';
import { createDriftChecker } from './drift.js';
import { checkSpecOf } from './spec-source.js';

// A small spec in the shapes the real one uses: contract-1 open enums, nullable types, an open
// object without declared properties, a map, arrays of records, allOf.
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      State: {
        description: 'open enum (contract 1)',
        anyOf: [
          { type: 'string', enum: ['open', 'closed'] },
          { type: 'string', 'x-unknown-enum-value': true },
        ],
      },
      Market: {
        type: 'object',
        required: ['marketId', 'state'],
        properties: {
          marketId: { type: 'string' },
          state: { $ref: '#/components/schemas/State' },
          price: { type: ['number', 'null'] },
          volume: { type: 'number' },
          extra: { type: 'object', additionalProperties: true },
          byMint: { type: 'object', additionalProperties: { type: 'integer' } },
          code: { type: 'integer', enum: [0, 1] },
          when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'integer' }] },
        },
      },
      Page: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Market' } }, total: { type: 'integer' } },
      },
      Vault: { type: 'object', required: ['id'], additionalProperties: true, properties: { id: { type: 'string' } } },
      Both: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } },
        ],
      },
    },
  },
};
const spec = checkSpecOf(doc as never);
const drift = createDriftChecker(spec);
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const market = (over: Record<string, unknown> = {}) => ({ marketId: 'm1', state: 'open', price: 0.5, volume: 10, ...over });

describe('drift of a value against a response schema', () => {
  it('finds none in a conforming value, including nulls the schema allows and undeclared keys of open objects and maps', () => {
    expect(
      drift(schema('Page'), {
        data: [market(), market({ price: null, extra: { anything: 1 }, byMint: { x: 3 }, when: 1763686800 })],
        total: 2,
      }),
    ).toEqual([]);
  });

  it('reads a value only the x-unknown-enum-value branch accepts as additive, with the value and the known values', () => {
    expect(drift(schema('Market'), market({ state: 'suspended' }))).toEqual([
      { kind: 'additive', pointer: '/state', message: 'unknown enum value "suspended" (known: "open", "closed")' },
    ]);
  });

  it('reads a wrong type in an open enum as breaking', () => {
    expect(drift(schema('Market'), market({ state: 7 }))).toEqual([
      { kind: 'breaking', pointer: '/state', message: 'expected string, got integer' },
    ]);
  });

  it('reads an undeclared field as additive, once per place pattern with a count', () => {
    const issues = drift(schema('Page'), { data: [market({ fresh: 'x' }), market({ fresh: 'y' })] });
    expect(issues).toEqual([{ kind: 'additive', pointer: '/data/0/fresh', message: 'unknown field', value: '"x"', count: 2 }]);
  });

  it('reads a missing required field, a changed type and a null where none is allowed as breaking, with pointers', () => {
    const { marketId: _, ...noId } = market();
    expect(drift(schema('Page'), { data: [noId] })).toEqual([
      { kind: 'breaking', pointer: '/data/0/marketId', message: 'missing required field' },
    ]);
    expect(drift(schema('Market'), market({ volume: '10' }))).toEqual([
      { kind: 'breaking', pointer: '/volume', message: 'expected number, got string' },
    ]);
    expect(drift(schema('Market'), market({ volume: null }))).toEqual([
      { kind: 'breaking', pointer: '/volume', message: 'null where the spec does not allow it (expected number)' },
    ]);
    expect(drift(schema('Market'), market({ byMint: { x: 'three' } }))).toEqual([
      { kind: 'breaking', pointer: '/byMint/x', message: 'expected integer, got string' },
    ]);
  });

  it('reports a renamed required field as breaking (missing) and additive (new)', () => {
    const { marketId, ...rest } = market();
    expect(drift(schema('Market'), { ...rest, market_id: marketId })).toEqual([
      { kind: 'breaking', pointer: '/marketId', message: 'missing required field' },
      { kind: 'additive', pointer: '/market_id', message: 'unknown field', value: '"m1"' },
    ]);
  });

  it('names the constraint a closed enum or a format breaks, and picks the anyOf branch of the value type', () => {
    expect(drift(schema('Market'), market({ code: 5 }))).toEqual([{ kind: 'breaking', pointer: '/code', message: 'must be one of 0, 1' }]);
    expect(drift(schema('Market'), market({ when: 'yesterday' }))).toEqual([
      { kind: 'breaking', pointer: '/when', message: 'must match format "date-time"' },
    ]);
    expect(drift(schema('Market'), market({ when: true }))).toEqual([
      { kind: 'breaking', pointer: '/when', message: 'expected string or integer, got boolean' },
    ]);
  });

  it('does not report undeclared fields where the schema says more are expected (additionalProperties: true)', () => {
    expect(drift(schema('Vault'), { id: 'v', providerId: 'p-1' })).toEqual([]);
    expect(drift(schema('Vault'), { providerId: 'p-1' })).toEqual([
      { kind: 'breaking', pointer: '/id', message: 'missing required field' },
    ]);
  });

  it('treats the properties of every allOf branch as declared', () => {
    expect(drift(schema('Both'), { a: 'x', b: 1 })).toEqual([]);
    expect(drift(schema('Both'), { a: 'x', b: 1, c: true })).toEqual([
      { kind: 'additive', pointer: '/c', message: 'unknown field', value: 'true' },
    ]);
    expect(drift(schema('Both'), { a: 'x' })).toEqual([{ kind: 'breaking', pointer: '/b', message: 'missing required field' }]);
  });

  it('reports a body of the wrong kind at the root', () => {
    expect(drift(schema('Page'), [market()])).toEqual([{ kind: 'breaking', pointer: '', message: 'expected object, got array' }]);
  });
});
