// The client's types: one typed method per operation, both error modes, errors by status.
import type {
  GatewayError,
  PredictionEvent,
  PredictionError,
  SwapOrderResponse,
  TriggerV1GetTriggerOrdersResponse,
  TriggerV1OrderRecord,
  TriggerV2Error,
  TriggerV2OrderRecord,
  TriggerV2Vault,
} from '@x/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  type BearerTokenProvider,
  type CallError,
  type OperationId,
  type RateLimit,
  createClient,
  isGatewayError,
} from './index.js';
import { createTransport, swapGetOrder, triggerV2RegisterVault } from './sdk.js';

declare const x: ApiClient;
const query = { inputMint: 'a', outputMint: 'b', amount: '1' };

describe('methods', () => {
  it('exist for every operationId and nothing else', () => {
    expectTypeOf<Exclude<keyof ApiClient, OperationId>>().toEqualTypeOf<
      'paginatePredictionListEvents' | 'paginateTriggerV1GetTriggerOrders' | 'paginateTriggerV2GetOrderHistory' | 'transport' | 'use'
    >();
    expectTypeOf<OperationId>().toEqualTypeOf<
      Exclude<
        keyof ApiClient,
        'paginatePredictionListEvents' | 'paginateTriggerV1GetTriggerOrders' | 'paginateTriggerV2GetOrderHistory' | 'transport' | 'use'
      >
    >();
  });

  it('resolve to the typed body in the default (throwing) mode', async () => {
    const result = await x.swapGetOrder({ query });
    expectTypeOf(result.data).toEqualTypeOf<SwapOrderResponse>();
    expectTypeOf(result.rateLimit).toEqualTypeOf<RateLimit>();
    expectTypeOf(result.error).toEqualTypeOf<undefined>();
    expectTypeOf((await x.triggerV2RegisterVault()).data).toEqualTypeOf<TriggerV2Vault>();
  });

  it('require the parameters the spec requires, and only those', () => {
    // @ts-expect-error the query is required
    void x.swapGetOrder();
    // @ts-expect-error amount is required
    void x.swapGetOrder({ query: { inputMint: 'a', outputMint: 'b' } });
    // @ts-expect-error amounts are strings
    void x.swapGetOrder({ query: { ...query, amount: 1 } });
    // @ts-expect-error unknown query parameters are refused
    void x.swapGetOrder({ query: { ...query, routerPreference: 'fast' } });
    void x.predictionGetTradingStatus();
    void x.predictionListEvents({ query: { category: 'sports', sortBy: 'volume' } });
    // Categories and providers are open: the service adds them over time.
    void x.predictionListEvents({ query: { category: 'weather', provider: 'provider_new' } });
    // @ts-expect-error not a sort order
    void x.predictionListEvents({ query: { sortBy: 'popularity' } });
    // @ts-expect-error the path parameter is required
    void x.triggerV2UpdatePriceOrder({ body: {} });
    void x.triggerV2UpdatePriceOrder({ path: { id: 'o' }, body: { orderType: 'single', slippageBps: 10 } });
    // @ts-expect-error the body of a trigger v2 update has no such field
    void x.triggerV2UpdatePriceOrder({ path: { id: 'o' }, body: { orderType: 'single', price: 1 } });
  });

  it('accept per-call overrides', () => {
    void x.predictionGetTradingStatus({
      signal: new AbortController().signal,
      timeoutMs: 1_000,
      maxRetries: 0,
      headers: { 'x-trace': '1' },
    });
  });
});

describe('{ data, error } mode', () => {
  it('per call: a union of success and a typed failure', async () => {
    const result = await x.triggerV2RegisterVault({ throwOnError: false });
    if (result.error) {
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
      expectTypeOf(result.error).toMatchTypeOf<CallError<unknown>>();
      if (result.error instanceof ApiError && result.error.status === 409) {
        expectTypeOf(result.error.body).toEqualTypeOf<TriggerV2Error | undefined>();
      }
    } else {
      expectTypeOf(result.data).toEqualTypeOf<TriggerV2Vault>();
    }
  });

  it('error bodies are typed by status', async () => {
    const { error } = await x.predictionGetEvent({ path: { eventId: 'e' }, throwOnError: false });
    if (error instanceof ApiError) {
      expectTypeOf(error.body).toEqualTypeOf<GatewayError | PredictionError | undefined>();
      // 401, 403 and 429 are the gateway's; the area's `default` body may come with any status.
      if (error.status === 401) expectTypeOf(error.body).toEqualTypeOf<GatewayError | PredictionError | undefined>();
      if (error.status === 403) expectTypeOf(error.body).toEqualTypeOf<GatewayError | PredictionError | undefined>();
      expectTypeOf(error.source).toEqualTypeOf<'gateway' | 'area'>();
      expectTypeOf(error.code).toEqualTypeOf<number | string | undefined>();
      expectTypeOf(error.serverMessage).toBeString();
    }
    if (isGatewayError(error)) {
      expectTypeOf(error.body).toEqualTypeOf<{ code: number; message: string } | undefined>();
      expectTypeOf(error.code).toBeNumber();
    }
  });

  it('client-wide: every method defaults to not throwing', async () => {
    const lenient = createClient({ baseUrl: 'http://localhost:4010', throwOnError: false });
    const result = await lenient.predictionGetTradingStatus();
    expectTypeOf(result.data).toEqualTypeOf<{ trading_active: boolean } | undefined>();
    const strict = createClient({ baseUrl: 'http://localhost:4010' });
    expectTypeOf((await strict.predictionGetTradingStatus()).data).toEqualTypeOf<{ trading_active: boolean }>();
  });
});

describe('options and helpers', () => {
  it('baseUrl is required; the bearer provider has the documented shape', () => {
    // @ts-expect-error baseUrl is required
    createClient({ apiKey: 'k' });
    const bearer: BearerTokenProvider = { getToken: async (options) => (options?.refresh ? 'new' : 'cached') };
    createClient({ baseUrl: 'http://localhost:4010', bearer });
  });

  it('paged lists yield typed items', async () => {
    for await (const event of x.paginatePredictionListEvents({ category: 'crypto' })) expectTypeOf(event).toEqualTypeOf<PredictionEvent>();
    for await (const order of x.paginateTriggerV2GetOrderHistory({ state: 'active' }))
      expectTypeOf(order).toEqualTypeOf<TriggerV2OrderRecord>();
    for await (const order of x.paginateTriggerV1GetTriggerOrders({ user: 'u', orderStatus: 'history' }))
      expectTypeOf(order).toEqualTypeOf<TriggerV1OrderRecord>();
    for await (const page of x.paginateTriggerV1GetTriggerOrders({ user: 'u' }).byPage())
      expectTypeOf(page).toEqualTypeOf<TriggerV1GetTriggerOrdersResponse>();
  });
});

describe('standalone functions (@x/fetch-client/sdk)', () => {
  it('require their client: a call without one does not compile', async () => {
    const client = createTransport({ baseUrl: 'http://localhost:4010' });
    expectTypeOf((await swapGetOrder({ client, query })).data).toEqualTypeOf<SwapOrderResponse>();
    expectTypeOf((await triggerV2RegisterVault({ client })).data).toEqualTypeOf<TriggerV2Vault>();
    // @ts-expect-error the client is required
    void swapGetOrder({ query });
    // @ts-expect-error the options are required: they hold the client
    void triggerV2RegisterVault();
    // @ts-expect-error the client is required even where the operation has no parameters
    void triggerV2RegisterVault({});
  });
});
