// @x/react-query: TanStack Query for every operation of the spec, on your `createClient()` instance
// of @x/fetch-client, and the swap and trigger v2 price order flows as React hooks.
export { XClientProvider, type XClientProviderProps, useXClient, useXQueries } from './context.js';
export { createQueries, type PagedQueries, type Queries, type ReadQueries, type WriteMutations } from './queries.js';
export {
  type OptionsScope,
  pagedQueryOptions,
  readQueryOptions,
  sealWriteVariables,
  staleTimeOf,
  writeMutationOptions,
} from './options.js';
export { hashXKey, KEY_ROOT, type InfiniteKey, type KeyScope, keyScopeOf, type ReadKey, xKeys } from './keys.js';
export type { PageParam } from './paging.js';
export {
  pagedOperations,
  readOperations,
  sensitiveAnswers,
  sensitiveOperations,
  signedInReads,
  writeOperations,
} from './gen/operations.gen.js';
export type { AnyClient, DataOf, OperationId, PagedId, PagedQueryOf, ParamsOf, ReadId, WriteId } from './types.js';
export { type SwapOutcome, type SwapQuoteOptions, type UseSwapOptions, useSwap, useSwapQuote } from './swap.js';
export { REDACTED } from './sensitive.js';
export {
  type CreatedPriceOrderOutcome,
  FINAL_ORDER_STATES,
  isFinalOrder,
  type PriceOrderRecord,
  type UseCreatePriceOrderOptions,
  type UsePriceOrderOptions,
  useCreatePriceOrder,
  usePriceOrder,
} from './price-order.js';
export {
  type TriggerV1OrderRecord,
  type TriggerV1OrderState,
  type UseTriggerV1OrderOptions,
  useTriggerV1Order,
} from './trigger-v1-order.js';
