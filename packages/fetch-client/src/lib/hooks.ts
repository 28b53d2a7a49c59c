// Hooks: code of the user's that runs around every call (tracing, metrics, custom headers).
// `beforeRequest` may add headers and sees the operation id; `afterResponse` sees the status,
// the headers, the time taken and the parsed body; `onError` the typed error; `onRetry` each
// retry. They never see the API key or the bearer token (added after `beforeRequest`, never in
// what they are given) nor a body field the spec marks `x-sensitive` (replaced). A hook that
// throws ends its call with a `HookError` (the hook's error as `cause`); a `beforeRequest` that
// throws means nothing is sent.
import { HookError } from './errors.js';
import type { HookName, Hooks } from './types.js';

/**
 * Runs the `name` hook of each set in turn, waiting for each that returns a promise; the first
 * that throws ends the call with a HookError. The transport calls it only when there are hooks.
 */
export async function runHooks(
  list: ReadonlyArray<Hooks>,
  name: HookName,
  event: { operation: string } & Record<string, unknown>,
): Promise<void> {
  for (const hooks of list) {
    try {
      // Called as a method of its set (`this` is the set).
      await (hooks as Record<HookName, ((event: unknown) => unknown) | undefined>)[name]?.(event);
    } catch (cause) {
      throw new HookError(
        `${name} hook of ${event.operation} threw: ${(cause as Error)?.message ?? cause}`,
        event.operation,
        { hook: name },
        { cause },
      );
    }
  }
}
