// Error bodies, one shape per area, and the error maps of operations by status.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ExpressVerificationError,
  PredictionError,
  GatewayError,
  PredictionGetEventErrors,
  SwapBuildError,
  SwapExecuteErrors,
  TriggerV1Error,
  TriggerV2Error,
  TriggerV2CreatePriceOrderErrors,
  TriggerV2RegisterVaultErrors,
  SwapGetOrderErrors,
} from './index.js';

describe('error bodies', () => {
  it('each area has its own shape', () => {
    expectTypeOf<SwapBuildError>().toEqualTypeOf<{ error: string }>();
    // Express answers its 400s with `{ error, code }` (a string code) beside the described `{ status, message, error }`.
    expectTypeOf<ExpressVerificationError>().toEqualTypeOf<{
      status?: number;
      message?: string;
      error: string;
      code?: 'INVALID_TOKEN_ID' | 'TRANSACTION_EXPIRED' | (string & {});
    }>();
    // The service answers its errors with `error` only at times: `cause` and `code` may be missing.
    expectTypeOf<TriggerV1Error['error']>().toBeString();
    expectTypeOf<TriggerV1Error['cause']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TriggerV1Error['code']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<TriggerV2Error['error']>().toBeString();
    expectTypeOf<TriggerV2Error['details']>().toEqualTypeOf<{ [key: string]: unknown } | undefined>();
  });

  it('the gateway in front of every area has one shape, { code, message }, on every operation', () => {
    expectTypeOf<GatewayError>().toEqualTypeOf<{ code: number; message: string }>();
    expectTypeOf<SwapGetOrderErrors[401]>().toEqualTypeOf<GatewayError>();
    expectTypeOf<SwapGetOrderErrors[403]>().toEqualTypeOf<GatewayError>();
    expectTypeOf<SwapGetOrderErrors[429]>().toEqualTypeOf<GatewayError>();
  });

  it('where the area answers the same status itself, the body is either shape', () => {
    expectTypeOf<TriggerV2RegisterVaultErrors[401]>().toEqualTypeOf<TriggerV2Error | GatewayError>();
    expectTypeOf<TriggerV2CreatePriceOrderErrors[403]>().toEqualTypeOf<TriggerV2Error | GatewayError>();
    expectTypeOf<TriggerV2RegisterVaultErrors[403]>().toEqualTypeOf<GatewayError>();
  });

  it('the prediction body uses snake_case request_id', () => {
    expectTypeOf<PredictionError['message']>().toBeString();
    expectTypeOf<PredictionError['request_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PredictionError>().not.toHaveProperty('requestId');
    expectTypeOf<PredictionGetEventErrors['default']>().toEqualTypeOf<PredictionError>();
  });

  it('operations map statuses to bodies', () => {
    expectTypeOf<TriggerV2RegisterVaultErrors[409]>().toEqualTypeOf<TriggerV2Error>();
    expectTypeOf<SwapExecuteErrors[429]>().toEqualTypeOf<GatewayError>();
    expectTypeOf<SwapExecuteErrors>().toHaveProperty(400);
  });
});
