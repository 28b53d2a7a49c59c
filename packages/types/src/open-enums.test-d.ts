// Open response enums (the spec's `anyOf: [{ enum }, { x-unknown-enum-value: true }]`): the type
// keeps the known values for completion and narrowing, and still accepts a value added later;
// request enums stay closed.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ExpressExecuteResponse,
  PredictionMarketStatus,
  SwapExecuteResponse,
  SwapOrderResponse,
  SwapRouter,
  TriggerV2ChallengeRequest,
  TriggerV2ChallengeType,
  TriggerV2OrderState,
} from './index.js';

describe('open response enums', () => {
  it('are not widened to string or number: the known values stay in the type', () => {
    expectTypeOf<SwapRouter>().not.toEqualTypeOf<string>();
    expectTypeOf<TriggerV2OrderState>().not.toEqualTypeOf<string>();
    expectTypeOf<ExpressExecuteResponse['status']>().not.toEqualTypeOf<string>();
    expectTypeOf<'Success' | 'Failed'>().toExtend<ExpressExecuteResponse['status']>();
    // Member by member: literals beside the open member (a plain `number` would have no literal).
    type Members<T> = T extends number ? (number extends T ? 'open' : 'literal') : never;
    expectTypeOf<Members<Exclude<SwapOrderResponse['errorCode'], undefined>>>().toEqualTypeOf<'literal' | 'open'>();
    expectTypeOf<'router_onchain'>().toExtend<SwapRouter>();
    expectTypeOf<1>().toExtend<NonNullable<SwapOrderResponse['errorCode']>>();
  });

  it('accept a value of the same type that the spec does not list yet', () => {
    expectTypeOf<'router_next'>().toExtend<SwapRouter>();
    expectTypeOf<'paused'>().toExtend<PredictionMarketStatus>();
    expectTypeOf<'Expired'>().toExtend<SwapExecuteResponse['status']>();
    expectTypeOf<'Pending'>().toExtend<ExpressExecuteResponse['status']>();
    expectTypeOf<42>().toExtend<NonNullable<SwapOrderResponse['errorCode']>>();
  });

  it('refuse a value of another type', () => {
    // @ts-expect-error a number is not a router
    const router: SwapRouter = 1;
    // @ts-expect-error a string is not an errorCode
    const code: SwapOrderResponse['errorCode'] = '1';
    void router;
    void code;
  });
});

describe('request enums', () => {
  it('stay closed unions', () => {
    expectTypeOf<TriggerV2ChallengeType>().toEqualTypeOf<'message' | 'transaction'>();
    expectTypeOf<TriggerV2ChallengeRequest['type']>().toEqualTypeOf<TriggerV2ChallengeType>();
    // @ts-expect-error a challenge type outside the spec's enum
    const other: TriggerV2ChallengeRequest['type'] = 'signature';
    void other;
  });
});
