// Fields the service's API reference types as `number`, where the value is a rate that need not be
// whole: the total fee of a swap order covers the platform fee plus extra charges such as the
// gasless cost recoup, so `feeBps` may be fractional. A response schema typed `integer` there
// would make a validating client throw on a real answer.
import { describe, expect, it } from 'vitest';
import { deref, schemasAt, spec } from './bundled-spec.ts';
import { validate } from './validator.ts';

describe('number fields of the API reference', () => {
  const order = deref(spec.components.schemas.SwapOrderResponse);

  it.each(['feeBps', 'platformFee.feeBps'])('swap order answer: %s accepts a fractional value', (path) => {
    const [schema] = schemasAt(order, path);
    expect(schema, path).toBeDefined();
    expect(validate(schema, 12.5)).toEqual([]);
    expect(validate(schema, 10)).toEqual([]);
  });

  // The reference types the request's slippageBps `integer` and the answers' `number`: a slippage
  // chosen automatically (or by real-time estimation on build) need not be whole.
  it.each([
    ['SwapOrderResponse', 'slippageBps'],
    ['SwapBuildResponse', 'slippageBps'],
    ['SwapOrderResponse', 'routePlan[].bps'],
  ])('%s: %s accepts a fractional value', (name, path) => {
    const [schema] = schemasAt(deref(spec.components.schemas[name]), path);
    expect(schema, path).toBeDefined();
    expect(validate(schema, 37.5)).toEqual([]);
  });
});
