// Contract tests: every operation of the spec called through the client against Prism serving the
// bundled spec. Parameters and bodies come from the spec's own examples; Prism (with --errors)
// rejects a request that violates the spec; each answer is checked against the generated
// validators and Prism's violation header.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiClient, ApiError, AuthenticationError, NotFoundError, RateLimitError, createClient } from '../src/index.js';
import { responseIssues, responseValidator } from '../src/validate.js';
import { operationIdByRoute } from '../src/gen/operations.gen.js';
import { operationCases } from './spec-examples.js';

const cases = operationCases();

let x: ApiClient;
beforeAll(() => {
  x = createClient({
    baseUrl: inject('prismUrl'),
    apiKey: 'contract-test-key',
    bearer: { getToken: async () => 'header.payload.signature' },
    maxRetries: 0,
    responseValidator,
  });
});

describe('every operation against Prism', () => {
  it('covers every operation of the spec', () => {
    expect(cases).toHaveLength(Object.keys(operationIdByRoute).length);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (id, c) => {
    const call = (x as unknown as Record<string, (o: unknown) => Promise<any>>)[id];
    expect(call, `client method ${id}`).toBeTypeOf('function');
    const result = await call!(c.options);
    expect(result.status).toBeGreaterThanOrEqual(200);
    expect(result.status).toBeLessThan(300);
    expect(result.headers.get('sl-violations')).toBeNull();
    expect(result.data).toBeDefined();
    // responseValidator already ran inside the call (breaking drift would have thrown); check
    // again explicitly so the test says so, additive drift included.
    expect(await responseIssues(`${c.method} ${c.path}`, result.data)).toEqual([]);
  });
});

describe('error answers from Prism', () => {
  it('a request that violates the spec is refused (so the passing cases above mean something)', async () => {
    const error = await x
      .swapGetOrder({
        // @ts-expect-error amount is required
        query: { inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD', outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
  });

  it('a trigger v2 call without a bearer token is refused with 401', async () => {
    const anonymous = createClient({ baseUrl: inject('prismUrl'), apiKey: 'contract-test-key', maxRetries: 0 });
    await expect(anonymous.triggerV2GetVault()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('a documented 404 becomes a NotFoundError with the area body', async () => {
    const error = await x.triggerV2GetVault({ headers: { prefer: 'code=404' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError<{ error: string }>).body?.error).toEqual(expect.any(String));
  });

  it('a documented 429 becomes a RateLimitError', async () => {
    const error = await x.predictionGetTradingStatus({ headers: { prefer: 'code=429' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError<{ code: number }>).body?.code).toBe(429);
  });
});
