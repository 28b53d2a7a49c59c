// `createQueries(client)`: one entry per operation of the spec, made from the generated table.
// Reads have `queryKey(params)` and `queryOptions(params)`, paged reads `infiniteQueryOptions(query)`
// too, writes `mutationOptions()`.
import { expectClient } from './call.js';
import { pagedOperations, readOperations, writeOperations } from './gen/operations.gen.js';
import { keyScopeOf, xKeys } from './keys.js';
import { type OptionsScope, pagedQueryOptions, readQueryOptions, sealWriteVariables, writeMutationOptions } from './options.js';
import type { AnyClient, PagedId, PagedQueryOf, ParamsArg, ParamsOf, ReadId, WriteId } from './types.js';

export interface ReadQueries<K extends ReadId> {
  queryKey(...params: ParamsArg<K>): ReturnType<typeof xKeys.read<K>>;
  queryOptions(...params: ParamsArg<K>): ReturnType<typeof readQueryOptions<K>>;
}
export interface PagedQueries<K extends PagedId> extends ReadQueries<K> {
  infiniteQueryOptions(query?: PagedQueryOf<K>): ReturnType<typeof pagedQueryOptions<K>>;
}
export interface WriteMutations<K extends WriteId> {
  mutationOptions(): ReturnType<typeof writeMutationOptions<K>>;
  /**
   * The variables to pass to `mutate`, with the body fields the spec marks `x-sensitive` (a signed
   * transaction, a challenge signature) already redacted: a QueryClient-wide MutationCache's
   * `onMutate` and the cache's subscribers, which TanStack runs before the options, never see them.
   */
  seal(variables: ParamsOf<K>): ParamsOf<K>;
}

/** The options of every operation on one client. */
export type Queries = { readonly [K in ReadId]: K extends PagedId ? PagedQueries<K> : ReadQueries<K> } & {
  readonly [K in WriteId]: WriteMutations<K>;
};

/**
 * The TanStack Query options of every operation, on your `createClient()` instance. Every key ends
 * with the client's base URL, and `scope` when one is given; a read whose answer depends on who
 * signs in (`signedInReads`) also with the client's `session` id (see `keyScopeOf`).
 *
 * @example
 * const q = createQueries(createClient({ baseUrl, apiKey }));
 * const { data } = useQuery(q.swapGetOrder.queryOptions({ query: { inputMint, outputMint, amount } }));
 */
export function createQueries(client: AnyClient, options: OptionsScope = {}): Queries {
  expectClient(client);
  const queries: Record<string, object> = {};
  const paged = pagedOperations as Readonly<Record<string, unknown>>;
  for (const id of readOperations) {
    queries[id] = {
      queryKey: (params?: never) => xKeys.read(id, params, keyScopeOf(client, options.scope, id)),
      queryOptions: (params?: never) => readQueryOptions(client, id, params, options),
      ...(id in paged ? { infiniteQueryOptions: (query?: never) => pagedQueryOptions(client, id as PagedId, query, options) } : {}),
    };
  }
  for (const id of writeOperations)
    queries[id] = {
      mutationOptions: () => writeMutationOptions(client, id),
      seal: (variables: never) => sealWriteVariables(id, variables),
    };
  return queries as Queries;
}
