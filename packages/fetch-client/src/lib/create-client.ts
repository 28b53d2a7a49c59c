// `createClient()`: one method per operationId, bound to one transport, plus a paged list per
// operation the spec marks `x-pagination` (`paginate<OperationId>`).
import { type Operations, clientRoutes } from '../gen/operations.gen.js';
import { pagedOperations } from '../gen/pagination.gen.js';
import { type PagedList, pagedOperation } from './pagination.js';
import { createTransport } from './transport.js';
import type { BodyOf, ClientConfig, Hooks, Options, RequestOverrides, RequestResult, Transport } from './types.js';

type OperationShape = { data: { url: string }; responses: unknown; errors: unknown };

/** One operation as a method: its parameters (if any are required) and the per-call overrides. */
export type OperationMethod<Op extends OperationShape, DefaultThrow extends boolean> = <ThrowOnError extends boolean = DefaultThrow>(
  ...args: Partial<Omit<Op['data'], 'url'>> extends Omit<Op['data'], 'url'>
    ? [options?: Options<Op['data'], ThrowOnError>]
    : [options: Options<Op['data'], ThrowOnError>]
) => RequestResult<Op['responses'], Op['errors'], ThrowOnError>;

/** Per-call options of the paged lists (they always throw on error). */
export type PageOptions = Omit<RequestOverrides<true>, 'throwOnError'>;

type Paged = typeof pagedOperations;
/** The success body of a paged operation: one page. */
type PageOf<K extends keyof Paged> = BodyOf<Operations[K]['responses']>;
/** One item of a page. */
type ItemOf<K extends keyof Paged> = PageOf<K>[Paged[K]['items'] & keyof PageOf<K>] extends ReadonlyArray<infer Item> ? Item : never;

/**
 * A paged list per operation the spec marks `x-pagination`, named `paginate<OperationId>`:
 * `x.paginatePredictionListEvents(query)` (`start`/`end`, `hasNext`) and
 * `x.paginateTriggerV2GetOrderHistory(query)` (`offset`/`limit`, `total`). `query` is the
 * operation's query; its paging parameters say where to begin (and the page size).
 */
export type PaginationMethods = {
  readonly [K in keyof Paged as `paginate${Capitalize<K>}`]: (
    query?: NonNullable<Operations[K]['data'] extends { query?: infer Q } ? Q : never>,
    options?: PageOptions,
  ) => PagedList<ItemOf<K>, PageOf<K>>;
};

/** The client: one method per operationId, typed from @x/types, plus the paged lists. */
export type ApiClient<DefaultThrow extends boolean = true> = {
  readonly [K in keyof Operations]: OperationMethod<Operations[K], DefaultThrow>;
} & PaginationMethods & {
    /** The transport, for the standalone functions of `@x/fetch-client/sdk` (`{ client: x.transport }`). */
    readonly transport: Transport;
    /** Adds hooks that run around every later call (after those of `createClient({ hooks })`); returns the client. */
    use(hooks: Hooks): ApiClient<DefaultThrow>;
  };

type Method = (options?: Record<string, unknown>) => Promise<{ data: Record<string, unknown> }>;

/**
 * Creates a client for the service. Calls throw typed errors by default; pass
 * `throwOnError: false` (here or per call) to get `{ data, error }` instead.
 *
 * @example
 * const x = createClient({ baseUrl: 'http://localhost:4010', apiKey: process.env.API_KEY });
 * const { data: order } = await x.swapGetOrder({ query: { inputMint, outputMint, amount: '1000000' } });
 */
export function createClient<const ThrowOnError extends boolean = true>(config: ClientConfig<ThrowOnError>): ApiClient<ThrowOnError> {
  const transport = createTransport(config);
  const api: Record<string, unknown> = {
    transport,
    use(hooks: Hooks) {
      transport.use(hooks);
      return api;
    },
  };
  // One method per operation of the generated table: the same request the standalone function of
  // `@x/fetch-client/sdk` sends (method, path template, security), without importing all of them.
  // A route is `METHOD /path`, with ` bearer` after it when the operation sends a bearer token.
  // (`for...in` rather than destructured `Object.entries`: the same work in two thirds of the code
  // Bun compiles when a program builds its first client.)
  for (const id in clientRoutes) {
    const [method, url, scheme] = clientRoutes[id]!.split(' ');
    const security = scheme && [{ type: 'http', scheme }];
    api[id] = (options?: Record<string, unknown>) =>
      transport.request({ ...options, method, url: url!, security, operationId: id } as never);
  }
  for (const id in pagedOperations) {
    const { style, items } = pagedOperations[id as keyof Paged];
    api[`paginate${id[0]!.toUpperCase()}${id.slice(1)}`] = (query?: Record<string, unknown>, options: PageOptions = {}) =>
      pagedOperation(
        style,
        items,
        async (page) => (await (api[id] as Method)({ ...options, query: page, throwOnError: true })).data,
        query,
        id,
      );
  }
  return api as unknown as ApiClient<ThrowOnError>;
}
