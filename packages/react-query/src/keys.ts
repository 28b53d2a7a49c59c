// Query keys: `['x', operationId, params, { baseUrl }]`, so two calls with other parameters are two
// cache entries, and two clients on other services (live and a simulator) never share one; and
// `invalidateQueries({ queryKey: xKeys.operation(id) })` reaches all of one operation. A scope (the
// wallet a client signs in as, an account) joins the base URL: `['x', id, params, { baseUrl, scope }]`,
// so that two clients sharing one QueryClient never share an answer; a read whose answer depends on
// who signs in (the spec's bearer operations) also names the client asking: `{ baseUrl, session }`,
// so two wallets' clients never share one even when the app gives no scope.
// No credential is ever in a key: not the API key, nor a user, password or query written into the
// base URL (a key is shown by devtools and written by persisters).
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { expectClient } from './call.js';
import { signedInReads } from './gen/operations.gen.js';
import type { AnyClient, OperationId, PagedId, PagedQueryOf, ParamsOf, ReadId } from './types.js';

/** The first element of every key of this package. */
export const KEY_ROOT = 'x';

/**
 * Whose answers a key holds: the service the client calls (its `baseUrl`, without a user,
 * password, query or trailing `/`), the `scope` when one is given (see `XClientProvider`'s `scope`),
 * and for a read whose answer depends on who signs in, the client's `session` id (see `keyScopeOf`).
 */
export type KeyScope = { readonly baseUrl?: string; readonly scope?: string; readonly session?: string };
export type ReadKey<K extends ReadId> = readonly [typeof KEY_ROOT, K, ParamsOf<K>] | readonly [typeof KEY_ROOT, K, ParamsOf<K>, KeyScope];
export type InfiniteKey<K extends PagedId> =
  | readonly [typeof KEY_ROOT, K, 'infinite', PagedQueryOf<K>]
  | readonly [typeof KEY_ROOT, K, 'infinite', PagedQueryOf<K>, KeyScope];

/** The base URL as a key shows it: no `user:password@`, no query or fragment, no trailing `/`. */
const serviceOf = (baseUrl: string): string =>
  baseUrl
    .replace(/^([a-z][\w+.-]*:\/\/)[^/?#]*@/i, '$1')
    .replace(/[?#][\s\S]*$/, '')
    .replace(/\/+$/, '');

/** The `KeyScope`s of each client's transport by scope (`null`: none), for other reads and for signed-in ones: worked out once, shared by its keys. */
const owners = new WeakMap<object, Map<string | undefined, KeyScope | null>>();
const signedInOwners = new WeakMap<object, Map<string | undefined, KeyScope | null>>();

/** Each client's `session`: this page load's random part, then a count (a restored cache's keys never match a new client). */
const sessions = new WeakMap<object, string>();
const pageLoad = Math.random().toString(36).slice(2, 10);
let clientCount = 0;

const signedIn: ReadonlySet<string> = new Set(signedInReads);

/**
 * The `KeyScope` of `client`'s answers: its service, and `scope` when one is given. For a read whose
 * answer depends on who signs in (`id` one of `signedInReads`: the spec's bearer operations, trigger
 * v2's vault and history), also the client's `session`: an id of the client object (of its
 * transport, which holds its `bearer`), never the token nor the wallet. A client signs in as one
 * wallet for its life (its `bearer` is given to `createClient`), so two wallets are two clients and
 * never share such an answer, scope or not.
 */
export function keyScopeOf(client: AnyClient, scope?: string, id?: OperationId): KeyScope | undefined {
  expectClient(client);
  const holder: object = (client as Partial<AnyClient>).transport ?? client;
  const session = id !== undefined && signedIn.has(id);
  const cache = session ? signedInOwners : owners;
  const known = cache.get(holder)?.get(scope);
  if (known !== undefined) return known ?? undefined;
  const baseUrl = (holder as { baseUrl?: unknown }).baseUrl;
  const owner: { baseUrl?: string; scope?: string; session?: string } = {};
  if (typeof baseUrl === 'string') owner.baseUrl = serviceOf(baseUrl);
  if (scope !== undefined) owner.scope = scope;
  if (session) {
    if (!sessions.has(holder)) sessions.set(holder, `${pageLoad}-${++clientCount}`);
    owner.session = sessions.get(holder)!;
  }
  const shared = Object.keys(owner).length === 0 ? null : Object.freeze(owner);
  cache.set(holder, (cache.get(holder) ?? new Map()).set(scope, shared));
  return shared ?? undefined;
}

/**
 * The key factory. `read` and `infinite` without a `KeyScope` give the key's first part, which
 * matches the entries of every client (for `invalidateQueries`, `removeQueries`); with the client's
 * (`keyScopeOf(client, scope, id)`), the key of its entry. `q.<read>.queryKey(params)` of
 * `createQueries(client)` is that key already.
 */
export const xKeys = {
  /** Every query of this package. */
  all: [KEY_ROOT] as const,
  /** Every query (and the mutations) of one operation, whatever the parameters. */
  operation: <K extends OperationId>(id: K) => [KEY_ROOT, id] as const,
  /** One read with these parameters (of the client and scope `owner`). */
  read: <K extends ReadId>(id: K, params: ParamsOf<K> = {} as ParamsOf<K>, owner?: KeyScope): ReadKey<K> =>
    owner === undefined ? [KEY_ROOT, id, params] : [KEY_ROOT, id, params, owner],
  /** The pages of one paged read, from these query parameters (of the client and scope `owner`). */
  infinite: <K extends PagedId>(id: K, query: PagedQueryOf<K> = {} as PagedQueryOf<K>, owner?: KeyScope): InfiniteKey<K> =>
    owner === undefined ? [KEY_ROOT, id, 'infinite', query] : [KEY_ROOT, id, 'infinite', query, owner],
};

/** `value` with each BigInt replaced by `{ $bigint: '<digits>' }` (arrays and objects copied only where one is). */
function markBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(markBigInts);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markBigInts(item)]));
  return value;
}

/**
 * The `queryKeyHashFn` of every option of this package (and the flow hooks' hash of their
 * variables): TanStack Query's `hashKey`, which throws on a BigInt (JSON has none), but with each
 * BigInt written as `{ $bigint: '<digits>' }`, so amounts held as BigInt work in keys and
 * variables. A key without one hashes exactly as `hashKey` does (`getQueryData(key)` finds it); to
 * read a key with a BigInt by hand, give it to the QueryClient too:
 * `queryClient.setQueryDefaults(xKeys.all, { queryKeyHashFn: hashXKey })`.
 */
export function hashXKey(key: QueryKey): string {
  try {
    return hashKey(key);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return hashKey(markBigInts(key) as QueryKey);
  }
}
