// Shapes of the swap order answer that integrations rely on.
import { describe, expectTypeOf, it } from 'vitest';
import type { SwapGetOrderData, SwapGetOrderErrors, SwapGetOrderResponseBody, SwapOrderResponse, SwapRouter } from './index.js';

describe('SwapOrderResponse', () => {
  it('names the winning router as an open union: the known routers, and any router added later', () => {
    expectTypeOf<SwapOrderResponse['router']>().toEqualTypeOf<SwapRouter>();
    expectTypeOf<SwapRouter>().toEqualTypeOf<'router_onchain' | 'router_rfq' | 'router_c' | 'router_d' | (string & {})>();
    const later: SwapRouter = 'router_e';
    void later;
  });

  it('keeps the transaction required but nullable (null without taker, "" when it failed)', () => {
    expectTypeOf<SwapOrderResponse['transaction']>().toEqualTypeOf<string | null>();
    expectTypeOf<SwapOrderResponse>().toHaveProperty('transaction');
    expectTypeOf<SwapOrderResponse['taker']>().toEqualTypeOf<string | null>();
    expectTypeOf<SwapOrderResponse['signatureFeePayer']>().toEqualTypeOf<string | null | undefined>();
  });

  it('types the 200-with-errorCode case as optional fields of the same answer', () => {
    expectTypeOf<SwapOrderResponse['errorCode']>().toEqualTypeOf<1 | 2 | 3 | (number & {}) | undefined>();
    expectTypeOf<SwapOrderResponse['errorMessage']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SwapGetOrderResponseBody>().toEqualTypeOf<SwapOrderResponse>();
  });

  it('keeps the deprecated fields, optional, with their old types', () => {
    expectTypeOf<SwapOrderResponse['priceImpactPct']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SwapOrderResponse['swapType']>().toEqualTypeOf<
      'aggregator' | 'rfq' | 'aggregator+rfq' | 'router_c' | 'router_d' | (string & {}) | undefined
    >();
    expectTypeOf<SwapOrderResponse['priceImpact']>().toEqualTypeOf<number | undefined>();
  });

  it('requires inputMint, outputMint and amount in the query', () => {
    type Query = SwapGetOrderData['query'];
    expectTypeOf<Query['inputMint']>().toBeString();
    const ok: Query = { inputMint: 'a', outputMint: 'b', amount: '1' };
    void ok;
    // @ts-expect-error amount is required
    const missing: Query = { inputMint: 'a', outputMint: 'b' };
    void missing;
    // @ts-expect-error amounts are integer strings, not numbers
    const numeric: Query = { inputMint: 'a', outputMint: 'b', amount: 1 };
    void numeric;
  });

  it('describes failures with the swap order error body under default (request id when the service sends it)', () => {
    expectTypeOf<SwapGetOrderErrors['default']>().toEqualTypeOf<{ requestId?: string; error: string }>();
  });
});
