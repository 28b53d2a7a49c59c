// `createQueries(client)`: one entry per operation of the spec, made from the generated table.
// Reads have `queryKey(params)` and `queryOptions(params)`, paged reads `infiniteQueryOptions(query)`
// too, writes `mutationOptions()`.
import { pagedOperations, readOperations, writeOperations } from './gen/operations.gen.js';
import { keyScopeOf, xKeys } from './keys.js';
import { type OptionsScope, pagedQueryOptions, readQueryOptions, writeMutationOptions } from './options.js';
import type { AnyClient, PagedId, PagedQueryOf, ParamsArg, ReadId, WriteId } from './types.js';

export interface ReadQueries<K extends ReadId> {
  queryKey(...params: ParamsArg<K>): ReturnType<typeof xKeys.read<K>>;
  queryOptions(...params: ParamsArg<K>): ReturnType<typeof readQueryOptions<K>>;
}
export interface PagedQueries<K extends PagedId> extends ReadQueries<K> {
  infiniteQueryOptions(query?: PagedQueryOf<K>): ReturnType<typeof pagedQueryOptions<K>>;
}
export interface WriteMutations<K extends WriteId> {
  mutationOptions(): ReturnType<typeof writeMutationOptions<K>>;
}

/** The options of every operation on one client. */
export type Queries = { readonly [K in ReadId]: K extends PagedId ? PagedQueries<K> : ReadQueries<K> } & {
  readonly [K in WriteId]: WriteMutations<K>;
};

/**
 * The TanStack Query options of every operation, on your `createClient()` instance. Every key ends
 * with the client's base URL, and `scope`: give one (the wallet address) when the client's answers
 * depend on who it signs in as.
 *
 * @example
 * const q = createQueries(createClient({ baseUrl, apiKey }));
 * const { data } = useQuery(q.swapGetOrder.queryOptions({ query: { inputMint, outputMint, amount } }));
 */
export function createQueries(client: AnyClient, options: OptionsScope = {}): Queries {
  const queries: Record<string, object> = {};
  const paged = pagedOperations as Readonly<Record<string, unknown>>;
  const owner = keyScopeOf(client, options.scope);
  for (const id of readOperations) {
    queries[id] = {
      queryKey: (params?: never) => xKeys.read(id, params, owner),
      queryOptions: (params?: never) => readQueryOptions(client, id, params, options),
      ...(id in paged ? { infiniteQueryOptions: (query?: never) => pagedQueryOptions(client, id as PagedId, query, options) } : {}),
    };
  }
  for (const id of writeOperations) queries[id] = { mutationOptions: () => writeMutationOptions(client, id) };
  return queries as Queries;
}
