// Query keys: `['x', operationId, params, { baseUrl }]`, so two calls with other parameters are two
// cache entries, and two clients on other services (live and a simulator) never share one; and
// `invalidateQueries({ queryKey: xKeys.operation(id) })` reaches all of one operation. A scope (the
// wallet a client signs in as, an account) joins the base URL: `['x', id, params, { baseUrl, scope }]`,
// so that two clients sharing one QueryClient never share an answer that depends on who asks.
// No credential is ever in a key: not the API key, nor a user, password or query written into the
// base URL (a key is shown by devtools and written by persisters).
import { expectClient } from './call.js';
import type { AnyClient, OperationId, PagedId, PagedQueryOf, ParamsOf, ReadId } from './types.js';

/** The first element of every key of this package. */
export const KEY_ROOT = 'x';

/**
 * Whose answers a key holds: the service the client calls (its `baseUrl`, without a user,
 * password, query or trailing `/`), and the `scope` when its answers depend on who it signs in as
 * (see `XClientProvider`'s `scope`).
 */
export type KeyScope = { readonly baseUrl?: string; readonly scope?: string };
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

/** The `KeyScope`s of each client's transport, by scope (`null`: none): worked out once, shared by its keys. */
const owners = new WeakMap<object, Map<string | undefined, KeyScope | null>>();

/** The `KeyScope` of `client`'s answers: its service, and `scope` when one is given. */
export function keyScopeOf(client: AnyClient, scope?: string): KeyScope | undefined {
  expectClient(client);
  const transport: object = (client as Partial<AnyClient>).transport ?? owners;
  const known = owners.get(transport)?.get(scope);
  if (known !== undefined) return known ?? undefined;
  const baseUrl = (transport as { baseUrl?: unknown }).baseUrl;
  const owner: { baseUrl?: string; scope?: string } = {};
  if (typeof baseUrl === 'string') owner.baseUrl = serviceOf(baseUrl);
  if (scope !== undefined) owner.scope = scope;
  const shared = owner.baseUrl === undefined && scope === undefined ? null : Object.freeze(owner);
  owners.set(transport, (owners.get(transport) ?? new Map()).set(scope, shared));
  return shared ?? undefined;
}

/**
 * The key factory. `read` and `infinite` without a `KeyScope` give the key's first part, which
 * matches the entries of every client (for `invalidateQueries`, `removeQueries`); with the client's
 * (`keyScopeOf(client, scope)`), the key of its entry. `q.<read>.queryKey(params)` of
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
