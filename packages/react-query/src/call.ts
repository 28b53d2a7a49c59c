// One call of an operation on the user's client, always throwing on error (TanStack Query reads a
// failure from a rejected promise), resolving to the success body.
import type { AnyClient, DataOf, OperationId, ParamsOf } from './types.js';

type AnyMethod = (options?: Record<string, unknown>) => Promise<{ data: unknown }>;

/** Throws a clear error when `client` is not an object (not created yet: `undefined`, `null`). */
export function expectClient(client: unknown): asserts client is object {
  if (typeof client !== 'object' || client === null)
    throw new TypeError(
      `expected the client, a createClient() instance of @x/fetch-client, got ${client === null ? 'null' : typeof client}`,
    );
}

export async function callOperation<K extends OperationId>(
  client: AnyClient,
  id: K,
  params: ParamsOf<K> | undefined,
  signal?: AbortSignal,
): Promise<DataOf<K>> {
  expectClient(client);
  const method = (client as unknown as Record<string, AnyMethod | undefined>)[id];
  if (typeof method !== 'function')
    throw new TypeError(`the client has no operation ${id}: is it a createClient() instance of @x/fetch-client?`);
  const result = await method({ ...(params as Record<string, unknown> | undefined), ...(signal ? { signal } : {}), throwOnError: true });
  return result.data as DataOf<K>;
}
