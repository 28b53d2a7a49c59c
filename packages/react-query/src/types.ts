// The types every part of the package shares: the operation ids by kind (from the generated
// table), each operation's parameters and success body (from @x/fetch-client's operation map),
// and the client shape the options call.
import type { ApiClient, Operations } from '@x/fetch-client';
import type { pagedOperations, readOperations, writeOperations } from './gen/operations.gen.js';

/** An operation that reads: `queryOptions`. */
export type ReadId = (typeof readOperations)[number];
/** An operation that writes (or a GET that changes state): `mutationOptions`. */
export type WriteId = (typeof writeOperations)[number];
/** A paged read (`x-pagination`): `infiniteQueryOptions` too. */
export type PagedId = keyof typeof pagedOperations;
export type OperationId = ReadId | WriteId;

/** The request of an operation: `{ query?, path?, body? }` as `@x/fetch-client` takes it. */
export type ParamsOf<K extends OperationId> = Omit<Operations[K]['data'], 'url'>;
/** The success body of an operation. */
export type DataOf<K extends OperationId> = Operations[K]['responses'][keyof Operations[K]['responses']];
/** The query parameters of a paged read: its paging ones say where the first page begins (the infinite query sets them for the next pages). */
export type PagedQueryOf<K extends PagedId> = NonNullable<ParamsOf<K> extends { query?: infer Q } ? Q : never>;

/** `[params]` when some parameter is required, `[params?]` when none is. */
export type ParamsArg<K extends OperationId> = Partial<ParamsOf<K>> extends ParamsOf<K> ? [params?: ParamsOf<K>] : [params: ParamsOf<K>];

/** Any `createClient()` instance of `@x/fetch-client`, whatever its `throwOnError` default. */
export type AnyClient = ApiClient<boolean>;
