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
 * Runs the `name` hook of each set in turn; the first that throws ends the call with a HookError.
 * Hooks run synchronously: only a hook that returns a promise is waited for (the rest run after
 * it), so a call whose hooks are all synchronous takes no extra turn of the microtask queue.
 * Returns that promise, or `undefined` when every hook has already run.
 */
export function runHooks(
  list: ReadonlyArray<Hooks>,
  name: HookName,
  event: { operation: string } & Record<string, unknown>,
  from = 0,
): Promise<void> | undefined {
  const fail = (cause: unknown) => {
    throw new HookError(
      `${name} hook of ${event.operation} threw: ${(cause as Error)?.message ?? cause}`,
      event.operation,
      { hook: name },
      { cause },
    );
  };
  for (let i = from; i < list.length; i++) {
    try {
      // Called as a method of its set (`this` is the set).
      const result = (list[i] as Record<HookName, ((event: unknown) => unknown) | undefined>)[name]?.(event) as
        | Promise<unknown>
        | undefined;
      if (result?.then) return result.then(() => runHooks(list, name, event, i + 1), fail);
    } catch (cause) {
      fail(cause);
    }
  }
}
