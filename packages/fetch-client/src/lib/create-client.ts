// `createClient()`: one method per operationId, bound to one transport, plus the paged lists.
import type {
  PredictionEvent,
  PredictionEventListResponse,
  PredictionListEventsData,
  TriggerV2GetOrderHistoryData,
  TriggerV2OrderHistoryResponse,
  TriggerV2OrderRecord,
} from '@x/types';
import type { Operations } from '../gen/operations.gen.js';
import * as sdk from '../gen/sdk.gen.js';
import { type PagedList, nextOffset, nextStartEnd, pagedList } from './pagination.js';
import { createTransport } from './transport.js';
import type { ClientConfig, Transport, Options, RequestOverrides, RequestResult } from './types.js';

type OperationShape = { data: { url: string }; responses: unknown; errors: unknown };

/** One operation as a method: its parameters (if any are required) and the per-call overrides. */
export type OperationMethod<Op extends OperationShape, DefaultThrow extends boolean> = <
  ThrowOnError extends boolean = DefaultThrow,
>(
  ...args: {} extends Omit<Op['data'], 'url'>
    ? [options?: Options<Op['data'], ThrowOnError>]
    : [options: Options<Op['data'], ThrowOnError>]
) => RequestResult<Op['responses'], Op['errors'], ThrowOnError>;

/** Per-call options of the paged lists (they always throw on error). */
export type PageOptions = Omit<RequestOverrides<true>, 'throwOnError'>;

export interface PaginationMethods {
  /**
   * Every prediction event matching `query`, page after page (`start`/`end`, `hasNext`).
   * `query.start` is where to begin; `query.end - query.start` the page width, if given.
   */
  paginatePredictionEvents(
    query?: NonNullable<PredictionListEventsData['query']>,
    options?: PageOptions,
  ): PagedList<PredictionEvent, PredictionEventListResponse>;
  /** Every trigger v2 order of the wallet matching `query`, page after page (`limit`/`offset`). */
  paginateTriggerV2OrderHistory(
    query?: NonNullable<TriggerV2GetOrderHistoryData['query']>,
    options?: PageOptions,
  ): PagedList<TriggerV2OrderRecord, TriggerV2OrderHistoryResponse>;
}

/** The client: one method per operationId, typed from @x/types, plus the paged lists. */
export type ApiClient<DefaultThrow extends boolean = true> = {
  readonly [K in keyof Operations]: OperationMethod<Operations[K], DefaultThrow>;
} & PaginationMethods & {
    /** The transport, for the standalone functions of `@x/fetch-client/sdk` (`{ client: x.transport }`). */
    readonly transport: Transport;
  };

type SdkFunction = (options: Record<string, unknown>) => Promise<unknown>;

/**
 * Creates a client for the service. Calls throw typed errors by default; pass
 * `throwOnError: false` (here or per call) to get `{ data, error }` instead.
 *
 * @example
 * const x = createClient({ baseUrl: 'http://localhost:4010', apiKey: process.env.API_KEY });
 * const { data: order } = await x.swapGetOrder({ query: { inputMint, outputMint, amount: '1000000' } });
 */
export function createClient<const ThrowOnError extends boolean = true>(
  config: ClientConfig<ThrowOnError>,
): ApiClient<ThrowOnError> {
  const transport = createTransport(config);
  const api: Record<string, unknown> = { transport };
  for (const [name, fn] of Object.entries(sdk as unknown as Record<string, SdkFunction>)) {
    if (typeof fn === 'function') api[name] = (options?: Record<string, unknown>) => fn({ ...options, client: transport });
  }

  const pagination: PaginationMethods = {
    paginatePredictionEvents: (query = {}, options = {}) =>
      pagedList({
        first: { start: query.start ?? 0, end: query.end ?? undefined },
        fetchPage: async (cursor) => {
          const page = { ...query, start: cursor.start, ...(cursor.end === undefined ? {} : { end: cursor.end }) };
          const result = await sdk.predictionListEvents({ ...options, query: page, client: transport, throwOnError: true });
          return result.data;
        },
        items: (page) => page.data,
        next: (page, cursor) => nextStartEnd(page.pagination, page.data.length, cursor),
      }),
    paginateTriggerV2OrderHistory: (query = {}, options = {}) =>
      pagedList({
        first: query.offset ?? 0,
        fetchPage: async (offset) => {
          const result = await sdk.triggerV2GetOrderHistory({
            ...options,
            query: { ...query, offset },
            client: transport,
            throwOnError: true,
          });
          return result.data;
        },
        items: (page) => page.orders,
        next: (page) => nextOffset(page.pagination, page.orders.length),
      }),
  };
  return Object.assign(api, pagination) as unknown as ApiClient<ThrowOnError>;
}
