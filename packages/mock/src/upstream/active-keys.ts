// How many distinct requests were asked for lately (a sliding window), so the cache lifetime of
// each can stretch to share the limiter's budget among them: with N requests in use and one call
// allowed every I ms, each is refreshed about every N x I ms instead of one hogging every slot.

export interface ActiveKeys {
  /** Notes a request at wall time `at`; returns how many distinct ones were asked for in the window. */
  touch(key: string, at: number): number;
  clear(): void;
}

export function createActiveKeys(windowMs: number, maxKeys: number): ActiveKeys {
  const lastSeen = new Map<string, number>(); // oldest first
  return {
    touch(key, at) {
      lastSeen.delete(key);
      lastSeen.set(key, at);
      for (const [oldest, seen] of lastSeen) {
        if (at - seen <= windowMs && lastSeen.size <= maxKeys) break;
        lastSeen.delete(oldest);
      }
      return lastSeen.size;
    },
    clear: () => lastSeen.clear(),
  };
}
