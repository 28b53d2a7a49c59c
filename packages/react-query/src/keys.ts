// Query keys: `['x', operationId, params]`, so two calls with other parameters are two cache
// entries and `invalidateQueries({ queryKey: xKeys.operation(id) })` reaches all of one operation.
import type { OperationId, PagedId, PagedQueryOf, ParamsOf, ReadId } from './types.js';

/** The first element of every key of this package. */
export const KEY_ROOT = 'x';

export type ReadKey<K extends ReadId> = readonly [typeof KEY_ROOT, K, ParamsOf<K>];
export type InfiniteKey<K extends PagedId> = readonly [typeof KEY_ROOT, K, 'infinite', PagedQueryOf<K>];

/** The key factory. */
export const xKeys = {
  /** Every query of this package. */
  all: [KEY_ROOT] as const,
  /** Every query (and the mutations) of one operation, whatever the parameters. */
  operation: <K extends OperationId>(id: K) => [KEY_ROOT, id] as const,
  /** One read with these parameters. */
  read: <K extends ReadId>(id: K, params?: ParamsOf<K>): ReadKey<K> => [KEY_ROOT, id, params ?? ({} as ParamsOf<K>)],
  /** The pages of one paged read, from these query parameters. */
  infinite: <K extends PagedId>(id: K, query?: PagedQueryOf<K>): InfiniteKey<K> => [
    KEY_ROOT,
    id,
    'infinite',
    query ?? ({} as PagedQueryOf<K>),
  ],
};
