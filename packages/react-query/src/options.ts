// The TanStack Query options of one operation on the user's client: `queryOptions` for a read,
// `infiniteQueryOptions` for a paged read, `mutationOptions` for a write. A read whose answer is
// market data (`x-market-data`) stays fresh for its kind's time (`DEFAULT_TTL_MS` of
// `@x/fetch-client/polite`: quote 2 s, live 5 s, catalogue 60 s), so that a screen showing it does
// not call the service more often than its answer changes.
import { type InfiniteData, infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { DEFAULT_TTL_MS, type MarketDataKind } from '@x/fetch-client/polite';
import { callOperation } from './call.js';
import { alreadyExists, marketDataOperations, pagedOperations, preparedTransactions } from './gen/operations.gen.js';
import { hashXKey, keyScopeOf, xKeys } from './keys.js';
import { firstPageParam, nextPageParam, type PageParam } from './paging.js';
import {
  callVariables,
  hideAnswerFields,
  redactVariables,
  releaseVariables,
  sealVariables,
  sensitiveAnswerFieldsOf,
  sensitiveFieldsOf,
} from './sensitive.js';
import type { AnyClient, DataOf, PagedId, PagedQueryOf, ParamsOf, ReadId, WriteId } from './types.js';

const staleTimes = new Map<string, number>(
  Object.entries(marketDataOperations as Readonly<Record<string, MarketDataKind>>).map(([id, kind]) => [id, DEFAULT_TTL_MS[kind]]),
);

/**
 * How long an answer of `id` stays fresh: its `x-market-data` kind's time, else 0. A call that
 * prepares a transaction to sign is never fresh, whatever its kind (see `readQueryOptions`).
 */
export function staleTimeOf(id: ReadId): number {
  return staleTimes.get(id) ?? 0;
}

const prepared = preparedTransactions as Readonly<Record<string, true | string>>;

/**
 * The cache times of one call of `id`: its kind's `staleTime`; but a call that answers with an
 * unsigned transaction to sign (`x-prepares-transaction`: swap order with a `taker`, swap build,
 * express craft) is never served from the cache (`staleTime` and `gcTime` 0). Its order is for one
 * swap: a second swap given the first one's order signs the same transaction again, and the service
 * answers that re-send with the first swap's outcome (the second never happens).
 */
function cacheTimesOf(id: ReadId, params: unknown): { staleTime: number } | { staleTime: 0; gcTime: 0 } {
  const when = prepared[id];
  const asked = params as { query?: Record<string, unknown>; path?: Record<string, unknown> } | undefined;
  const prepares = when === true || (when !== undefined && (asked?.query?.[when] ?? asked?.path?.[when]) !== undefined);
  return prepares ? { staleTime: 0, gcTime: 0 } : { staleTime: staleTimeOf(id) };
}

/**
 * TanStack Query's `retry` in every option of this package (and the hooks): none on top of the
 * client's own. The client already retried what is worth it, by the rule `isTransientError` of
 * `@x/fetch-client/waiters` states (a connection error, a time-out, 408, 429, 5xx; `maxRetries`,
 * backoff, no sooner than `Retry-After`), and only what is safe to repeat (a GET, a write marked
 * `x-safe-to-retry`); a 4xx other than 408 and 429 (a refused key: 401, 403), a `PaginationError`,
 * a `TypeError` are never retried. TanStack's default (3 retries) would send a refusal three more
 * times and multiply a passing failure's attempts (4 × 3) against a rate limit. A `retry` given with
 * the options (`{ ...options, retry: 2 }`) is in charge.
 */
export const retry = false;

/** What the options of one client share: `scope` joins the client's base URL at the end of every key (see `xKeys`). */
export interface OptionsScope {
  readonly scope?: string;
}

/** `queryOptions` of a read: key `['x', id, params, { baseUrl }]`, the call on `client`, the spec's freshness (`cacheTimesOf`). */
export function readQueryOptions<K extends ReadId>(client: AnyClient, id: K, params?: ParamsOf<K>, { scope }: OptionsScope = {}) {
  return queryOptions<DataOf<K>, Error, DataOf<K>, ReturnType<typeof xKeys.read<K>>>({
    queryKey: xKeys.read(id, params, keyScopeOf(client, scope, id)),
    queryKeyHashFn: hashXKey,
    queryFn: ({ signal }) => callOperation(client, id, params, signal),
    ...cacheTimesOf(id, params),
    retry,
  });
}

/** `infiniteQueryOptions` of a paged read: one page per call, the next from the `x-pagination` style. */
export function pagedQueryOptions<K extends PagedId>(client: AnyClient, id: K, query?: PagedQueryOf<K>, { scope }: OptionsScope = {}) {
  const { style, items } = pagedOperations[id];
  const base = (query ?? {}) as Record<string, unknown>;
  return infiniteQueryOptions<DataOf<K>, Error, InfiniteData<DataOf<K>, PageParam>, ReturnType<typeof xKeys.infinite<K>>, PageParam>({
    queryKey: xKeys.infinite(id, query, keyScopeOf(client, scope, id)),
    queryKeyHashFn: hashXKey,
    initialPageParam: firstPageParam(style, base),
    // Each page fetched is checked before TanStack keeps it: a page that cannot be paged on rejects
    // the query (a `PaginationError`, the query's error).
    queryFn: async ({ pageParam, signal }) => {
      const page = await callOperation(client, id, { query: { ...base, ...pageParam } } as ParamsOf<K>, signal);
      nextPageParam(id, style, items, page, pageParam);
      return page;
    },
    // The same step gives the next page's parameter. TanStack also calls it on pages this queryFn
    // never checked (a persisted cache restored, an older version's pages, `setQueryData`), while
    // rendering (`hasNextPage`): there a page that cannot be paged on ends the list instead of
    // throwing out of the render. Asked again, such a page is the query's error (above).
    getNextPageParam: (page, _pages, param) => {
      try {
        return nextPageParam(id, style, items, page, param);
      } catch {
        return undefined;
      }
    },
    staleTime: staleTimeOf(id),
    retry,
  });
}

/**
 * `redactVariables`; when the variables cannot be redacted (frozen), the mutations holding them are
 * also dropped from the MutationCache (the credential in them would be kept there for devtools and
 * persisters), then the refusal is thrown. `context` is TanStack Query's (its `client` from 5.8x).
 */
function redactOrForget(params: unknown, fields: readonly string[], id: WriteId, context: { client?: QueryClient } | undefined): void {
  try {
    redactVariables(params, fields, id);
  } catch (error) {
    const cache = context?.client?.getMutationCache();
    for (const mutation of cache?.getAll() ?? []) if (mutation.state.variables === params) cache!.remove(mutation);
    throw error;
  }
}

type AlreadyExists = { readonly status: number; readonly record: string; readonly read: ReadId };
const existing = alreadyExists as Readonly<Record<string, AlreadyExists>>;

/**
 * What exists already, when `error` is the answer the spec marks `x-already-exists` for the write
 * (vault register's 409: a wallet has one vault; a repeat, a retry after a lost answer among them,
 * creates nothing): the record that answer holds, else the answer of the read the mark names. Any
 * other error is thrown on.
 */
async function existingRecord(client: AnyClient, mark: AlreadyExists | undefined, error: unknown): Promise<unknown> {
  if (mark === undefined || (error as { status?: unknown } | null)?.status !== mark.status) throw error;
  const record = (error as { body?: Record<string, unknown> }).body?.[mark.record];
  return typeof record === 'object' && record !== null ? record : await callOperation(client, mark.read, undefined);
}

/**
 * `mutationOptions` of a write: key `['x', id]`, the variables are the call's parameters. For a
 * write whose body carries a field the spec marks `x-sensitive` (a signed transaction, a challenge
 * signature), the variables TanStack Query keeps (`mutation.state.variables`: devtools, persisters,
 * `useMutationState`) get a copy of the body in which those fields read `REDACTED`, from `onMutate`
 * on (and in `mutationFn`, should your own `onMutate` replace this one); the call and its retries
 * send the real body, and nothing keeps it once the call has succeeded. For a write whose answer
 * carries one (auth verify's bearer token), the resolved data reads it through a getter that is not
 * an own property: `data.token` works, serialising the mutation state does not show it.
 * A write whose repeat creates nothing (`x-already-exists`: vault register) resolves with what
 * exists when the service answers that it does (see `existingRecord`), as a first call does.
 * TanStack Query never sends a write again on failure, whatever the QueryClient's default (`retry`
 * above): a write not marked `x-safe-to-retry` could apply twice, one marked so (swap execute) the
 * client retries itself.
 */
export function writeMutationOptions<K extends WriteId>(client: AnyClient, id: K) {
  const fields = sensitiveFieldsOf(id);
  const answerFields = sensitiveAnswerFieldsOf(id);
  return mutationOptions<DataOf<K>, Error, ParamsOf<K> | undefined>({
    mutationKey: xKeys.operation(id),
    retry,
    onMutate: (params, context) => {
      redactOrForget(params, fields, id, context);
    },
    mutationFn: async (params, context) => {
      redactOrForget(params, fields, id, context);
      const data = (await callOperation(client, id, callVariables(params, fields)).catch((error: unknown) =>
        existingRecord(client, existing[id], error),
      )) as DataOf<K>;
      releaseVariables(params);
      return hideAnswerFields(data, answerFields);
    },
  });
}

/**
 * `variables` of the write `id`, sealed for `mutate`: a copy whose `x-sensitive` body fields read
 * `REDACTED` before TanStack Query sees them (its MutationCache's `onMutate` and subscribers get the
 * variables as passed to `mutate`, before the options' `onMutate` can redact them); the call sends
 * the real values. A write without such fields: a plain copy.
 */
export function sealWriteVariables<K extends WriteId>(id: K, variables: ParamsOf<K>): ParamsOf<K> {
  return sealVariables(variables, sensitiveFieldsOf(id), id);
}
