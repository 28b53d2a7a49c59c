// The answers of the upstream by request, each with the (wall-clock) time it was stored: fresh
// within its kind's time to live, served stale (bounded age) when the upstream cannot answer.
// Bounded in entries; the oldest stored goes first.

export interface CachedAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly storedAt: number;
}

export interface AnswerCache {
  /** The answer stored less than `ttlMs` ago. */
  fresh(key: string, ttlMs: number): CachedAnswer | undefined;
  /** The answer stored less than `maxStaleMs` ago, however old within that. */
  stale(key: string): CachedAnswer | undefined;
  put(key: string, status: number, body: unknown): void;
  clear(): void;
  readonly size: number;
}

export function createAnswerCache(options: { now: () => number; maxEntries: number; maxStaleMs: number }): AnswerCache {
  const entries = new Map<string, CachedAnswer>();
  const aged = (key: string, limit: number): CachedAnswer | undefined => {
    const entry = entries.get(key);
    return entry && options.now() - entry.storedAt < limit ? entry : undefined;
  };
  return {
    fresh: (key, ttlMs) => aged(key, ttlMs),
    stale: (key) => aged(key, options.maxStaleMs),
    put(key, status, body) {
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { status, body, storedAt: options.now() });
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
