// One call of an operation on the user's client, always throwing on error (TanStack Query reads a
// failure from a rejected promise), resolving to the success body.
import type { AnyClient, DataOf, OperationId, ParamsOf } from './types.js';

type AnyMethod = (options?: Record<string, unknown>) => Promise<{ data: unknown }>;

export async function callOperation<K extends OperationId>(
  client: AnyClient,
  id: K,
  params: ParamsOf<K> | undefined,
  signal?: AbortSignal,
): Promise<DataOf<K>> {
  const method = (client as unknown as Record<string, AnyMethod | undefined>)[id];
  if (typeof method !== 'function')
    throw new TypeError(`the client has no operation ${id}: is it a createClient() instance of @x/fetch-client?`);
  const result = await method({ ...(params as Record<string, unknown> | undefined), ...(signal ? { signal } : {}), throwOnError: true });
  return result.data as DataOf<K>;
}
