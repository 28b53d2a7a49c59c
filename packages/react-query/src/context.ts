// Giving the package your client: `<XClientProvider client={x}>` puts one `createClient()` instance
// (and its `createQueries` table, made once) in React context for the hooks below it.
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { createQueries, type Queries } from './queries.js';
import type { AnyClient } from './types.js';

interface XContext {
  readonly client: AnyClient;
  readonly queries: Queries;
}

const Context = createContext<XContext | null>(null);

export interface XClientProviderProps {
  /** Your `createClient()` instance of `@x/fetch-client`. */
  readonly client: AnyClient;
  readonly children?: ReactNode;
}

/** Provides your client to the hooks of this package (inside TanStack's `QueryClientProvider`). */
export function XClientProvider({ client, children }: XClientProviderProps) {
  const value = useMemo(() => ({ client, queries: createQueries(client) }), [client]);
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

/** The options of every operation on the provided client: `useQuery(useXQueries().swapGetOrder.queryOptions(...))`. */
export function useXQueries(): Queries {
  return useXContext('useXQueries').queries;
}
