import { describe, expect, it } from 'vitest';
import { loadSpec } from './document.js';
import { errorCodes, exampleValues } from './facts.js';

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

  it('reads code tables, with the outcome of each swap execute code', () => {
    const codes = errorCodes('#/components/schemas/SwapExecuteResponse/properties/code');
    expect(codes.find((c) => c.code === 0)?.outcome).toBe('success');
    expect(codes.every((c) => ['success', 'pending', 'expired', 'failed'].includes(String(c.outcome)))).toBe(true);
    expect(() => errorCodes('#/components/schemas/SwapExecuteResponse')).toThrow(/no x-error-codes/);
  });
});
