// Giving the package your client: `<XClientProvider client={x}>` puts one `createClient()` instance
// (and its `createQueries` table, made once) in React context for the hooks below it.
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { createQueries, type Queries } from './queries.js';
import type { AnyClient } from './types.js';

interface XContext {
  readonly client: AnyClient;
  readonly scope: string | undefined;
  readonly queries: Queries;
}

const Context = createContext<XContext | null>(null);

export interface XClientProviderProps {
  /** Your `createClient()` instance of `@x/fetch-client`. */
  readonly client: AnyClient;
  /**
   * Ends every query key, to keep apart clients whose answers are alike (two rate tiers). The reads
   * whose answer depends on who signs in (a trigger v2 `bearer` session) name the client in their
   * keys without it: the answers of one wallet's client are never shown for another's.
   */
  readonly scope?: string;
  readonly children?: ReactNode;
}

/** Provides your client to the hooks of this package (inside TanStack's `QueryClientProvider`). */
export function XClientProvider({ client, scope, children }: XClientProviderProps) {
  const value = useMemo(() => ({ client, scope, queries: createQueries(client, { scope }) }), [client, scope]);
  return createElement(Context.Provider, { value }, children);
}

function useXContext(hook: string): XContext {
  const value = useContext(Context);
  if (value === null) throw new Error(`${hook} needs an <XClientProvider client={createClient(...)}> above it`);
  return value;
}

/** The client given to the nearest `XClientProvider`. */
export function useXClient(): AnyClient {
  return useXContext('useXClient').client;
}

/** The client and the scope of its keys, for the hooks of this package. */
export function useXClientScope(hook: string): { client: AnyClient; scope: string | undefined } {
  const { client, scope } = useXContext(hook);
  return { client, scope };
}

/** The options of every operation on the provided client: `useQuery(useXQueries().swapGetOrder.queryOptions(...))`. */
export function useXQueries(): Queries {
  return useXContext('useXQueries').queries;
}
