// @x/fetch-client: a typed client for the service, one method per operation.
// Schema and operation types come from @x/types: `import type { SwapOrderResponse } from '@x/types'`.
export { type ApiClient, type OperationMethod, type PageOptions, type PaginationMethods, createClient } from './lib/create-client.js';
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  FetchClientError,
  HookError,
  RedirectError,
  InternalServerError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  isGatewayError,
  requestIdOf,
} from './lib/errors.js';
export { isGatewayBody } from './lib/gateway-body.js';
export { DEFAULT_TIMEOUT_MS } from './lib/timeout.js';
export { type PagedList, type PagingStyle, pageStep } from './lib/pagination.js';
export type { RateLimit } from './lib/rate-limit.js';
export {
  type SwapExecuteCodeGroup,
  type SwapExecuteCodeInfo,
  type SwapExecuteOutcome,
  type SwapOrderFailure,
  describeSwapExecuteCode,
  describeSwapOrderError,
  getSwapOrderFailure,
  isSwapExecuteSuccess,
  swapExecuteCodes,
  swapExecuteOutcome,
} from './lib/swap-codes.js';
export type {
  AfterResponse,
  BeforeRequest,
  ErrorEvent,
  HookCall,
  HookName,
  Hooks,
  LogLevel,
  RetryEvent,
  ApiErrorOf,
  BearerTokenProvider,
  CallError,
  ClientConfig,
  Failure,
  Logger,
  Options,
  RequestOverrides,
  RequestResult,
  ResponseValidator,
  Success,
  Transport,
  ValidationIssue,
} from './lib/types.js';
export type { OperationId, Operations } from './lib/operations.js';
