// TanStack Query's intervals (the `refetchInterval` polling of the hooks), held by the test: they
// fire only when the test calls `tick()`, never on their own, so a test counts polls across ticks
// it controls instead of waiting real time. Its other timers (`staleTime`, `gcTime`, retries) stay
// real. Install once per test file, before any QueryClient is made.
import { timeoutManager } from '@tanstack/react-query';

export interface PollTimers {
  /** The period (ms) of each interval that is set and not cleared: the hooks that still poll. */
  live(): number[];
  /** Fires each live interval once (a poll of each hook that polls); returns how many fired. */
  tick(): number;
}

export function holdPollTimers(): PollTimers {
  const intervals = new Map<number, { fire: () => void; ms: number }>();
  let lastId = 0;
  timeoutManager.setTimeoutProvider<number>({
    setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
    setInterval: (callback, ms) => {
      intervals.set(++lastId, { fire: () => callback(), ms });
      return lastId;
    },
    clearInterval: (id) => void intervals.delete(id!),
  });
  return {
    live: () => [...intervals.values()].map((interval) => interval.ms),
    tick: () => {
      const due = [...intervals.values()];
      for (const interval of due) interval.fire();
      return due.length;
    },
  };
}
