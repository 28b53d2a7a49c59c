import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { buildOperations } from './operations.js';
import { createSchemaCompiler } from './schemas.js';
import { bundledSpec } from './spec.js';
import type { SimRequest } from './types.js';
import { coerce, createOperationValidator } from './validate.js';

const ops = buildOperations(bundledSpec);
const compiler = createSchemaCompiler(bundledSpec);
const validatorOf = (id: string) => createOperationValidator(bundledSpec, compiler, ops.find((o) => o.operationId === id)!);

function request(query: Record<string, string> = {}, bodyText = ''): SimRequest {
  return { method: 'GET', path: '/', query: new URLSearchParams(query), header: () => undefined, bodyText };
}

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('validate stage', () => {
  it('coerces query text to the schema type', () => {
    expect(coerce('12', new Set(['integer']))).toBe(12);
    expect(coerce('1.5', new Set(['integer']))).toBe(1.5); // a number, so that the integer rule names it
    expect(coerce('1.5', new Set(['number']))).toBe(1.5);
    // Too large for a double: text (as Infinity it would pass `integer` and `minimum`).
    expect(coerce('1e309', new Set(['integer']))).toBe('1e309');
    expect(coerce('1e309', new Set(['number']))).toBe('1e309');
    expect(coerce('9'.repeat(400), new Set(['integer']))).toBe('9'.repeat(400));
    expect(coerce('true', new Set(['boolean']))).toBe(true);
    expect(coerce('null', new Set(['integer', 'null']))).toBeNull();
    expect(coerce('rtse', new Set(['integer', 'string']))).toBe('rtse');
  });

  it('returns typed parameters of a valid request', () => {
    const input = validatorOf('predictionListEvents').validate(
      request({ start: '0', end: '5', includeMarkets: 'true', category: 'sports' }),
      {},
    );
    expect(input.query).toEqual({ start: 0, end: 5, includeMarkets: true, category: 'sports' });
  });

  it('rejects missing, mistyped and out-of-range parameters naming the parameter', () => {
    const order = validatorOf('swapGetOrder');
    expect(errorOf(() => order.validate(request({ outputMint: 'x' }), {})).options.param).toBe('inputMint');
    const range = errorOf(() =>
      validatorOf('swapGetBuild').validate(
        request({
          inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
          outputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
          amount: '1',
          taker: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
          maxAccounts: '0',
        }),
        {},
      ),
    );
    expect(range.message).toMatch(/maxAccounts/);
    expect(range.status).toBe(400);
  });

  it('validates JSON bodies and reports the first problem', () => {
    const v1 = validatorOf('triggerV1CreateOrder');
    expect(errorOf(() => v1.validate(request({}, 'not json'), {})).message).toMatch(/not valid JSON/);
    expect(errorOf(() => v1.validate(request({}, ''), {})).message).toMatch(/required/);
    const missing = errorOf(() => v1.validate(request({}, JSON.stringify({ maker: 'x' })), {}));
    expect(missing.message).toMatch(/Invalid request body/);
  });

  it('gives swap execute its own codes for missing fields', () => {
    const execute = validatorOf('swapExecute');
    expect(errorOf(() => execute.validate(request({}, JSON.stringify({ signedTransaction: 'AAAA' })), {})).options.code).toBe(-4);
    expect(errorOf(() => execute.validate(request({}, JSON.stringify({ requestId: 'r' })), {})).options.code).toBe(-5);
    expect(
      errorOf(() => execute.validate(request({}, JSON.stringify({ requestId: 'r', signedTransaction: '***' })), {})).options.code,
    ).toBe(-2);
  });

  it("names the rule that failed inside a union, not another branch's type", () => {
    const build = validatorOf('swapGetBuild');
    const base = {
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '1',
      taker: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
    };
    const over = errorOf(() => build.validate(request({ ...base, computeUnitPricePercentile: '10001' }), {}));
    expect(over.message).toBe('Invalid computeUnitPricePercentile: 10001 exceeds the maximum of 10000');
    const under = errorOf(() => build.validate(request({ ...base, computeUnitPricePercentile: '-1' }), {}));
    expect(under.message).toBe('Invalid computeUnitPricePercentile: -1 is below the minimum of 0');
    const word = errorOf(() => build.validate(request({ ...base, computeUnitPricePercentile: 'fast' }), {}));
    expect(word.message).toMatch(/^Invalid computeUnitPricePercentile: must be one of "medium", "high", "veryHigh"/);
    // A fraction is a number of basis points (the seed types the percentile as a number)...
    expect(build.validate(request({ ...base, computeUnitPricePercentile: '1.5' }), {}).query.computeUnitPricePercentile).toBe(1.5);
    // ...but not a slippage (an integer or `rtse`): named as the integer rule, not the other branch's type.
    const fraction = errorOf(() => build.validate(request({ ...base, slippageBps: '1.5' }), {}));
    expect(fraction.message).toBe('Invalid slippageBps: must be integer or string');
  });

  it('names every admitted type when no branch takes the value', async () => {
    const { explainErrors } = await import('./validate.js');
    const validate = compiler.compile({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(validate({ a: true })).toBe(false);
    expect(explainErrors(validate.errors!, { a: true })).toBe('/a must be string or integer');
  });
});
