// @x/fetch-client/waiters: one helper per outcome the API reports by polling, generated from the
// spec's `x-waiter` (`waitForTriggerV2Order`, `waitForTriggerV1Order`, `waitForSwapExecute`), each
// with a deadline, an AbortSignal, backoff and the shared polite limiter. In their own entry: a
// program that does not wait does not bundle them.
export * from './gen/waiters.gen.js';
export {
  DEFAULT_MAX_PAGES,
  type WaitClient,
  type WaitOptions,
  type WaiterRecord,
  type WaiterRequest,
  type WaiterRule,
  WaitTimeoutError,
  isFinal,
  isTransientError,
} from './lib/waiters/wait.js';
