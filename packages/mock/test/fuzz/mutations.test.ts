import { describe, expect, it } from 'vitest';
import { requestExamples } from '../../src/gen/request-examples.gen.js';
import { specOperations } from '../contract/support/spec-validator.js';
import { mutate, mutationNames, operationShape, type BaseRequest } from './mutations.js';
import { createPrng } from './prng.js';

const headers = { 'x-api-key': 'k', authorization: 'Bearer a.b.c' };
const baseOf = (operationId: string): BaseRequest => {
  const example = requestExamples[operationId as keyof typeof requestExamples];
  return { pathParams: { ...example.pathParams }, query: { ...example.query }, ...('body' in example ? { body: example.body } : {}) };
};

describe('fuzz mutations', () => {
  it('are reproducible from the seed', () => {
    const run = (seed: number) => {
      const prng = createPrng(seed);
      return specOperations.map((op) => mutate('wrongQueryType', operationShape(op), baseOf(op.operationId), headers, prng)?.call);
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });

  it('apply to every operation (at least three kinds each)', () => {
    const prng = createPrng(1);
    for (const op of specOperations) {
      const shape = operationShape(op);
      const applicable = mutationNames.filter((name) => mutate(name, shape, baseOf(op.operationId), headers, prng) !== undefined);
      expect(applicable.length, op.operationId).toBeGreaterThanOrEqual(3);
    }
  });

  it('break what they say they break', () => {
    const prng = createPrng(2);
    const order = operationShape(specOperations.find((o) => o.operationId === 'swapGetOrder')!);
    const missing = mutate('missingRequiredQuery', order, baseOf('swapGetOrder'), headers, prng)!;
    expect(Object.keys(missing.call.query!)).not.toContain('inputMint');
    const noKey = mutate('missingApiKey', order, baseOf('swapGetOrder'), headers, prng)!;
    expect(noKey.call.headers).not.toHaveProperty('x-api-key');
    const execute = operationShape(specOperations.find((o) => o.operationId === 'swapExecute')!);
    const badJson = mutate('badJsonBody', execute, baseOf('swapExecute'), headers, prng)!;
    expect(() => JSON.parse(badJson.call.body as string)).toThrow();
  });
});
