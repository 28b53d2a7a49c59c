// Sliding 60-second window per API key (simulated clock), reported in the x-ratelimit-* headers
// of every answer. `/swap/v2/execute` counts in its own bucket. At most `maxKeys` keys are tracked
// per bucket.
import { createDecimalText } from './decimal-text.js';

export interface RateLimitOptions {
  /** Requests allowed per window and key. Default 1 000 000 (effectively unlimited). */
  limit?: number;
  /** Window length in ms. Default 60 000. */
  windowMs?: number;
  maxKeys?: number;
}

export interface RateLimitState {
  limited: boolean;
  headers: Record<string, string>;
  /** When limited: whole seconds (at least 1) until the oldest request in the window slides out of it. */
  retryAfterSeconds?: number;
}

export interface RateLimiter {
  /** Counts a request of `key` in `bucket` (default `default`) at `now` (epoch ms), unless it is over the limit. */
  hit(key: string, now: number, bucket?: string): RateLimitState;
  reset(): void;
}

const BUCKETS = 60;

interface Entry {
  counts: Uint32Array;
  /** Index (absolute bucket number) of the newest bucket written. */
  head: number;
  /** Sum of counts. */
  total: number;
}

export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const limit = options.limit ?? 1_000_000;
  const windowMs = options.windowMs ?? 60_000;
  const bucketMs = windowMs / BUCKETS;
  const maxKeys = options.maxKeys ?? 1000;
  /** Bucket name → key → entry (no key strings joined per request). */
  const buckets = new Map<string, Map<string, Entry>>();
  // The last key's entry: a client hitting again is found by comparing text (no hashing of a new string).
  let lastBucket: string | undefined;
  let lastKey: string | undefined;
  let lastEntry: Entry | undefined;
  // The reset header changes once a second of simulated time at most: made once per value.
  let resetSeconds = Number.NaN;
  let resetText = '';
  // The two counters' texts (see decimal-text.ts: String(n) of a new number costs a full conversion).
  const remainingText = createDecimalText();
  const currentText = createDecimalText();

  /** Seconds until the oldest bucket with a request in it leaves the window (a slot frees then). */
  const secondsUntilFree = (entry: Entry, now: number): number => {
    let oldest = entry.head;
    for (let b = entry.head - BUCKETS + 1; b <= entry.head; b++) {
      if (entry.counts[((b % BUCKETS) + BUCKETS) % BUCKETS]! > 0) {
        oldest = b;
        break;
      }
    }
    return Math.max(1, Math.ceil(((oldest + BUCKETS) * bucketMs - now) / 1000));
  };

  /** The entry of `key` in `bucketName` (made, the oldest key out when full), remembered as the last one. */
  const entryOf = (key: string, bucketName: string, bucket: number): Entry => {
    let entries = buckets.get(bucketName);
    if (!entries) {
      entries = new Map();
      buckets.set(bucketName, entries);
    }
    let entry = entries.get(key);
    if (!entry) {
      // Oldest key out first (insertion order; not refreshed on use, to keep hits cheap).
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as string);
      entry = { counts: new Uint32Array(BUCKETS), head: bucket, total: 0 };
      entries.set(key, entry);
    }
    lastBucket = bucketName;
    lastKey = key;
    lastEntry = entry;
    return entry;
  };
  /** Clears the buckets that slid out of the window since the entry's last hit, and moves its head to `bucket` (later than it). */
  const slide = (entry: Entry, bucket: number): void => {
    const gap = Math.min(BUCKETS, bucket - entry.head);
    for (let i = 1; i <= gap; i++) {
      const slot = (entry.head + i) % BUCKETS;
      entry.total -= entry.counts[slot]!;
      entry.counts[slot] = 0;
    }
    entry.head = bucket;
  };

  return {
    // The common hit (the key of the last one, in the same bucket of time) in a few operations, the
    // rest (another key, time moved on) in functions of their own: less code on each request's path.
    hit(key, now, bucketName = 'default') {
      const bucket = Math.floor(now / bucketMs);
      const entry = key === lastKey && bucketName === lastBucket ? lastEntry! : entryOf(key, bucketName, bucket);
      if (bucket > entry.head) slide(entry, bucket);
      const limited = entry.total >= limit;
      if (!limited) {
        entry.counts[entry.head % BUCKETS]! += 1;
        entry.total += 1;
      }
      const current = entry.total;
      const reset = Math.ceil((now + windowMs) / 1000);
      if (reset !== resetSeconds) {
        resetSeconds = reset;
        resetText = String(reset);
      }
      const state: RateLimitState = {
        limited,
        headers: {
          'x-ratelimit-remaining': remainingText(limit - current),
          'x-ratelimit-current': currentText(current),
          'x-ratelimit-reset': resetText,
        },
      };
      if (limited) state.retryAfterSeconds = secondsUntilFree(entry, now);
      return state;
    },
    reset() {
      buckets.clear();
      lastKey = lastBucket = lastEntry = undefined;
    },
  };
}
