// A Map with a size cap (least recently written entry out first) and an optional time to live
// on the simulated clock. Keeps the simulator's memory bounded under fuzzing.

export interface BoundedMapOptions {
  maxSize: number;
  /** Entries older than this (ms of simulated time since written) are dropped. */
  ttlMs?: number;
  now?: () => number;
}

export class BoundedMap<K, V> {
  readonly #map = new Map<K, { value: V; at: number }>();
  readonly #options: BoundedMapOptions;
  #dropped = 0;

  constructor(options: BoundedMapOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#map.size;
  }

  #expired(at: number): boolean {
    const { ttlMs, now } = this.#options;
    return ttlMs !== undefined && now !== undefined && now() - at > ttlMs;
  }

  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (!entry) return undefined;
    if (this.#expired(entry.at)) {
      this.#map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Writes an entry (and renews its time to live). */
  set(key: K, value: V): this {
    this.#map.delete(key);
    this.#map.set(key, { value, at: this.#options.now?.() ?? 0 });
    this.prune();
    return this;
  }

  /** Puts back an entry written at `at` (the durable store's reload; its time to live runs from `at`). */
  restore(key: K, value: V, at: number): this {
    this.#map.delete(key);
    this.#map.set(key, { value, at });
    this.prune();
    return this;
  }

  /** When an entry was last written (simulated ms), undefined when absent. */
  writtenAt(key: K): number | undefined {
    return this.#map.get(key)?.at;
  }

  /** The time to live the map applies, if any. */
  get ttlMs(): number | undefined {
    return this.#options.ttlMs;
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
    this.#dropped = 0;
  }

  /** Drops expired entries from the oldest end and enforces the size cap. */
  prune(): void {
    for (const [key, entry] of this.#map) {
      if (this.#expired(entry.at)) this.#map.delete(key);
      else if (this.#map.size > this.#options.maxSize) {
        this.#map.delete(key);
        this.#dropped++;
      } else break;
    }
  }

  /**
   * Whether an unexpired entry left through the size cap since the map was made or cleared (the
   * durable store then looks a miss up on disk; otherwise memory holds every live entry).
   */
  get dropped(): boolean {
    return this.#dropped > 0;
  }

  *values(): IterableIterator<V> {
    for (const [key, entry] of this.#map) {
      if (this.#expired(entry.at)) this.#map.delete(key);
      else yield entry.value;
    }
  }
}
