import { describe, expect, it } from 'vitest';
import { type JsonSchema, loadSpec, type OpenApiDocument } from './document.js';
import { automaticPriorityFeeCap, deepMarkedProperties, errorCodes, exampleValues, expressPayment, markedProperties } from './facts.js';

/** A document holding only these component schemas. */
const docWith = (schemas: Record<string, JsonSchema>): OpenApiDocument => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: { schemas },
});

describe('facts in x- extensions', () => {
  it('reads the example world', () => {
    const values = exampleValues();
    expect(values).toBe(loadSpec()['x-example-values']);
    expect(values.tokens.length).toBeGreaterThan(0);
    for (const token of values.tokens)
      expect(token).toMatchObject({ symbol: expect.any(String), mint: expect.any(String), decimals: expect.any(Number) });
    expect(typeof values.addresses.taker).toBe('string');
    expect(() => exampleValues({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })).toThrow(/x-example-values/);
  });

  it('reads the express-verification payment of the craft step, and refuses a malformed one', () => {
    expect(expressPayment()).toEqual({ currency: 'PLATFORM_TOKEN', amount: '1000000000', decimals: 6 });
    const craft = (payment: unknown): OpenApiDocument => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/craft': { get: { operationId: 'tokensCraftExpressTransaction', 'x-express-payment': payment, responses: {} } } },
    });
    expect(expressPayment(craft({ currency: 'C', amount: '5', decimals: 2 }))).toEqual({ currency: 'C', amount: '5', decimals: 2 });
    for (const bad of [
      undefined,
      { currency: 'C', amount: 5, decimals: 2 },
      { currency: 'C', amount: '05', decimals: 2 },
      { currency: 'C', amount: '5' },
    ])
      expect(() => expressPayment(craft(bad))).toThrow(/x-express-payment/);
  });

  it('reads the cap of the automatic priority fee from the swap order parameter that overrides it, and refuses a malformed one', () => {
    expect(automaticPriorityFeeCap()).toBe(5_000_000);
    const order = (fact: unknown): OpenApiDocument => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/order': {
          get: {
            operationId: 'swapGetOrder',
            parameters: [{ name: 'priorityFeeLamports', in: 'query', schema: { type: 'integer' }, 'x-automatic-priority-fee': fact }],
            responses: {},
          },
        },
      },
    });
    expect(automaticPriorityFeeCap(order({ maxLamports: 7 }))).toBe(7);
    for (const bad of [undefined, {}, { maxLamports: '5000000' }, { maxLamports: 0 }, { maxLamports: 1.5 }, { maxLamports: 2 ** 53 }])
      expect(() => automaticPriorityFeeCap(order(bad))).toThrow(/x-automatic-priority-fee/);
  });

  it('reads code tables, with the outcome of each swap execute code', () => {
    const codes = errorCodes('#/components/schemas/SwapExecuteResponse/properties/code');
    expect(codes.find((c) => c.code === 0)?.outcome).toBe('success');
    expect(codes.every((c) => ['success', 'pending', 'expired', 'failed'].includes(String(c.outcome)))).toBe(true);
    expect(() => errorCodes('#/components/schemas/SwapExecuteResponse')).toThrow(/no x-error-codes/);
  });

  it('reads marked properties in the order the schema lists them', () => {
    const doc = docWith({ S: { type: 'object', properties: { b: { 'x-flag': true }, a: { type: 'string' }, c: { 'x-flag': true } } } });
    expect(markedProperties('#/components/schemas/S', 'x-flag', doc)).toEqual(['b', 'c']);
    expect(() => markedProperties('#/components/schemas/S', 'x-other', doc)).toThrow(/no property .* is marked x-other/);
    expect(() => markedProperties('#/components/schemas/Missing', 'x-flag', doc)).toThrow(/unresolved \$ref/);
    expect(markedProperties('#/components/schemas/TriggerV2CreatePriceOrderRequest', 'x-price-setting')).toContain('trailingBps');
  });

  it('finds marked properties at any depth, through $refs, combinations, items and additionalProperties', () => {
    const doc = docWith({
      Leaf: { type: 'object', properties: { secret: { type: 'string', 'x-flag': true }, plain: { type: 'string' } } },
      Loop: { type: 'object', properties: { self: { $ref: '#/components/schemas/Loop' }, looped: { 'x-flag': true } } },
      Root: {
        allOf: [{ $ref: '#/components/schemas/Leaf' }],
        oneOf: [{ type: 'object', properties: { list: { type: 'array', items: { properties: { inItems: { 'x-flag': true } } } } } }],
        properties: {
          map: { type: 'object', additionalProperties: { properties: { inMap: { 'x-flag': true } } } },
          loop: { $ref: '#/components/schemas/Loop' },
        },
      },
    });
    const found = deepMarkedProperties({ $ref: '#/components/schemas/Root' }, 'x-flag', undefined, doc);
    expect([...found].sort()).toEqual(['inItems', 'inMap', 'looped', 'secret']);
    const into = new Set(['earlier']);
    expect(deepMarkedProperties(doc.components!.schemas!.Leaf!, 'x-flag', into, doc)).toBe(into);
    expect([...into].sort()).toEqual(['earlier', 'secret']);
    expect(deepMarkedProperties(undefined, 'x-flag', undefined, doc).size).toBe(0);
  });
});
