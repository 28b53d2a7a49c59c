// Per-key permissions, as the service's API gateway has them: a key may be limited to an allow-list
// of areas, matched by the path's first segment; a key without a list may call every area. A call
// outside the list is refused by the gateway (403 `{code, message}`) before any area sees it.

export interface KeyAccess {
  /** Whether `apiKey` may call the operation at `path` (an operation's path template or a request path). */
  allows(apiKey: string, path: string): boolean;
  /** Limits `apiKey` to `areas` (an empty list: nothing); `undefined` lifts the limit. */
  set(apiKey: string, areas: readonly string[] | undefined): void;
  /** Back to the lists given at creation. */
  reset(): void;
}

/**
 * The area a path belongs to for permissions: its first segment (`swap`, `tokens`, `trigger`,
 * ...), except that the swap permission also covers `/tx/` (the service's public docs: a key
 * limited to swap can submit transactions).
 */
export function areaOf(path: string): string {
  const first = path.split('/', 2)[1] ?? '';
  return first === 'tx' ? 'swap' : first;
}

/** At most this many keys carry a list (the control API cannot grow it without bound). */
const MAX_KEYS = 1000;

/** `known`: the areas of the document's operations (shared parts, built once per document). */
export function createKeyAccess(initial: Readonly<Record<string, readonly string[]>>, known: ReadonlySet<string>): KeyAccess {
  const check = (apiKey: string, areas: readonly string[]): ReadonlySet<string> => {
    if (typeof apiKey !== 'string' || apiKey.trim() === '' || apiKey.length > 256)
      throw new RangeError('apiKey must be a non-empty string of at most 256 characters');
    if (!Array.isArray(areas)) throw new RangeError('areas must be an array of area names');
    for (const area of areas) {
      if (!known.has(area)) throw new RangeError(`unknown area ${String(area)} (one of ${[...known].join(', ')})`);
    }
    return new Set(areas);
  };
  const start = new Map(Object.entries(initial).map(([key, areas]) => [key, check(key, areas)]));
  let lists = new Map(start);
  return {
    allows(apiKey, path) {
      // No key carries a list (the usual case): no lookup, so no hash of the request's key text.
      if (lists.size === 0) return true;
      const list = lists.get(apiKey);
      return list === undefined || list.has(areaOf(path));
    },
    set(apiKey, areas) {
      if (areas === undefined) {
        check(apiKey, []);
        lists.delete(apiKey);
        return;
      }
      const list = check(apiKey, areas);
      if (!lists.has(apiKey) && lists.size >= MAX_KEYS) throw new RangeError(`at most ${MAX_KEYS} keys may carry an area list`);
      lists.set(apiKey, list);
    },
    reset() {
      lists = new Map(start);
    },
  };
}
