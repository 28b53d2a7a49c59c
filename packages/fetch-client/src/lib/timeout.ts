// One signal per attempt that fires on the caller's abort or on the attempt's time limit, and a
// sleep that the caller's signal cuts short.

/** The time limit of each attempt when `timeoutMs` is not given (ms): one value for the client and the bins built on it. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The controller of one attempt: its `signal` aborts on the caller's abort or at the time limit. */
export interface Deadline extends AbortController {
  /** True when the time limit (not the caller) aborted the attempt. */
  timedOut_?: boolean;
  /** Clears the timer and the listener; call once the attempt is over. */
  done_(): void;
}

/** A controller that aborts when the caller's signal aborts or when `ms` have passed. */
export function deadline(caller: AbortSignal | undefined, ms: number): Deadline {
  const guard = new AbortController() as Deadline;
  const onAbort = () => guard.abort(caller!.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort);
  const timer =
    ms > 0 && ms < 2 ** 31
      ? setTimeout(() => {
          // The caller's code tells a time-out from an abort by `timedOut_`, not by the reason.
          guard.timedOut_ = true;
          guard.abort();
        }, ms)
      : undefined;
  guard.done_ = () => {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  };
  return guard;
}

/** Waits `ms`; rejects with the signal's reason as soon as the caller aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    // Waits come from the backoff (at most 8 s) or a server's request (below 2^31 ms); 0 is 1 ms.
    const guard = deadline(signal, ms || 1);
    const end = () => {
      guard.done_();
      (guard.timedOut_ ? resolve : reject)(signal?.reason);
    };
    if (guard.signal.aborted) end();
    else guard.signal.addEventListener('abort', end);
  });
