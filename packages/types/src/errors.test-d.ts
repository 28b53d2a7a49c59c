// Error bodies, one shape per area, and the error maps of operations by status.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ExpressVerificationError,
  PredictionError,
  PredictionGetEventErrors,
  RateLimitError,
  SwapBuildError,
  SwapExecuteErrors,
  TriggerV1Error,
  TriggerV2Error,
  TriggerV2RegisterVaultErrors,
  UnauthorizedError,
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
    expectTypeOf<UnauthorizedError>().toEqualTypeOf<{ error: string }>();
    expectTypeOf<RateLimitError['code']>().toEqualTypeOf<429>();
  });

  it('the prediction body uses snake_case request_id', () => {
    expectTypeOf<PredictionError['message']>().toBeString();
    expectTypeOf<PredictionError['request_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PredictionError>().not.toHaveProperty('requestId');
    expectTypeOf<PredictionGetEventErrors['default']>().toEqualTypeOf<PredictionError>();
  });

  it('operations map statuses to bodies', () => {
    expectTypeOf<TriggerV2RegisterVaultErrors[409]>().toEqualTypeOf<TriggerV2Error>();
    expectTypeOf<TriggerV2RegisterVaultErrors[401]>().toEqualTypeOf<UnauthorizedError>();
    expectTypeOf<SwapExecuteErrors[429]>().toEqualTypeOf<RateLimitError>();
    expectTypeOf<SwapExecuteErrors>().toHaveProperty(400);
  });
});
