// One signal per attempt that fires on the caller's abort or on the attempt's time limit, and a
// sleep that the caller's signal cuts short. A `Deadline` is one object (its own abort listener,
// no closures), since every request makes one.

/** Aborts its `signal` when the caller's signal aborts or when `ms` have passed. */
export class Deadline {
  readonly controller = new AbortController();
  /** True when the time limit (not the caller) aborted the attempt. */
  timedOut = false;
  readonly #caller: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(caller: AbortSignal | undefined, ms: number) {
    this.#caller = caller;
    if (caller?.aborted) this.controller.abort(caller.reason);
    else caller?.addEventListener('abort', this);
    if (ms > 0 && ms < 2 ** 31) this.#timer = setTimeout(expire, ms, this);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The caller aborted (the object is its own listener). */
  handleEvent(): void {
    this.controller.abort(this.#caller!.reason);
  }

  /** Clears the timer and the listener; call once the attempt is over. */
  done(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this);
  }
}

// The caller's code tells a time-out from an abort by `timedOut`, not by the reason.
function expire(deadline: Deadline): void {
  deadline.timedOut = true;
  deadline.controller.abort();
}

/** Waits `ms`; rejects with the signal's reason as soon as the caller aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    // Waits come from the backoff (at most 8 s) or a server's request (below 2^31 ms).
    const deadline = new Deadline(signal, Math.max(ms, 1));
    const end = () => {
      deadline.done();
      (deadline.timedOut ? resolve : reject)(signal?.reason);
    };
    if (deadline.signal.aborted) end();
    else deadline.signal.addEventListener('abort', end);
  });
