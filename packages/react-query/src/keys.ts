// Query keys: `['x', operationId, params]`, so two calls with other parameters are two cache
// entries and `invalidateQueries({ queryKey: xKeys.operation(id) })` reaches all of one operation.
// A scope (the wallet a client signs in as, an account) ends the key: `['x', id, params, { scope }]`,
// so that two clients sharing one QueryClient never share an answer that depends on who asks.
import type { OperationId, PagedId, PagedQueryOf, ParamsOf, ReadId } from './types.js';

/** The first element of every key of this package. */
export const KEY_ROOT = 'x';

/** Whose answers a key holds, when the client's answers depend on who it is (see `XClientProvider`'s `scope`). */
export type KeyScope = { readonly scope: string };
export type ReadKey<K extends ReadId> = readonly [typeof KEY_ROOT, K, ParamsOf<K>] | readonly [typeof KEY_ROOT, K, ParamsOf<K>, KeyScope];
export type InfiniteKey<K extends PagedId> =
  | readonly [typeof KEY_ROOT, K, 'infinite', PagedQueryOf<K>]
  | readonly [typeof KEY_ROOT, K, 'infinite', PagedQueryOf<K>, KeyScope];

const scoped = <T extends readonly unknown[]>(key: T, scope: string | undefined) =>
  scope === undefined ? key : ([...key, { scope }] as const);

/** The key factory. */
export const xKeys = {
  /** Every query of this package. */
  all: [KEY_ROOT] as const,
  /** Every query (and the mutations) of one operation, whatever the parameters. */
  operation: <K extends OperationId>(id: K) => [KEY_ROOT, id] as const,
  /** One read with these parameters (and scope). */
  read: <K extends ReadId>(id: K, params?: ParamsOf<K>, scope?: string): ReadKey<K> =>
    scoped([KEY_ROOT, id, params ?? ({} as ParamsOf<K>)] as const, scope),
  /** The pages of one paged read, from these query parameters (and scope). */
  infinite: <K extends PagedId>(id: K, query?: PagedQueryOf<K>, scope?: string): InfiniteKey<K> =>
    scoped([KEY_ROOT, id, 'infinite', query ?? ({} as PagedQueryOf<K>)] as const, scope),
};
