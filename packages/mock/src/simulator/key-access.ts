// Per-key permissions, as the service's API gateway has them: a key may be limited to an allow-list
// of areas, matched by the path's first segment; a key without a list may call every area. A call
// outside the list is refused by the gateway (403 `{code, message}`) before any area sees it.
// The lists given at start are options of each start; the changes made through the control API are
// kept apart, under a digest of each key, so that a durable store keeps them across restarts.
import { encodeBase58, sha256 } from '@x/chain';

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

/** The longest key a list may name. */
const MAX_KEY_LENGTH = 256;
/** At most this many keys carry a list set through the control API (it cannot grow without bound). */
const MAX_KEYS = 1000;

/** What a key digest is of: this label, then the key's UTF-8 bytes. */
const DIGEST_DOMAIN = 'x-mock: API key areas digest, v1\n';

/**
 * A one-way digest of an API key (base58 of a SHA-256, synchronous, from @x/chain). The control
 * API's changes are kept (and stored, with a durable store) under it, so that no key is written
 * down as it was given.
 */
export function keyDigest(apiKey: string): string {
  return encodeBase58(sha256(new TextEncoder().encode(DIGEST_DOMAIN + apiKey)));
}

/** Digests of the keys seen lately (a digest is a hash of the key in plain JavaScript). */
const DIGESTS_KEPT = 1024;

export interface KeyAccessParts extends KeyAccess {
  /**
   * The changes made through `set`, by key digest: the key's areas, or null for a key of the
   * start's lists whose limit was lifted. Read over the start's lists; a durable store keeps it.
   */
  readonly changes: Map<string, readonly string[] | null>;
}

/** `known`: the areas of the document's operations (shared parts, built once per document). */
export function createKeyAccess(initial: Readonly<Record<string, readonly string[]>>, known: ReadonlySet<string>): KeyAccessParts {
  const check = (apiKey: string, areas: readonly string[]): readonly string[] => {
    if (typeof apiKey !== 'string' || apiKey.trim() === '' || apiKey.length > MAX_KEY_LENGTH)
      throw new RangeError(`apiKey must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`);
    if (!Array.isArray(areas)) throw new RangeError('areas must be an array of area names');
    for (const area of areas) {
      if (!known.has(area)) throw new RangeError(`unknown area ${String(area)} (one of ${[...known].join(', ')})`);
    }
    return [...new Set(areas)];
  };
  const start = new Map(Object.entries(initial).map(([key, areas]) => [key, check(key, areas)]));
  const changes = new Map<string, readonly string[] | null>();
  const digests = new Map<string, string>();
  const digestOf = (apiKey: string): string => {
    let digest = digests.get(apiKey);
    if (digest === undefined) {
      digest = keyDigest(apiKey);
      if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value as string);
      digests.set(apiKey, digest);
    }
    return digest;
  };
  return {
    changes,
    allows(apiKey, path) {
      // No key carries a list (the usual case): no lookup, so no hash of the request's key text.
      if (changes.size === 0) {
        if (start.size === 0) return true;
        const list = start.get(apiKey);
        return list === undefined || list.includes(areaOf(path));
      }
      // A key longer than any list may name has none (and costs no digest).
      const changed = apiKey.length > MAX_KEY_LENGTH ? undefined : changes.get(digestOf(apiKey));
      const list = changed === undefined ? start.get(apiKey) : changed;
      return list === null || list === undefined || list.includes(areaOf(path));
    },
    set(apiKey, areas) {
      const list = check(apiKey, areas ?? []);
      const digest = digestOf(apiKey);
      if (areas === undefined) {
        // Lifted: a key of the start's lists is marked so; any other simply has no list again.
        if (start.has(apiKey)) changes.set(digest, null);
        else changes.delete(digest);
        return;
      }
      if (!changes.has(digest) && changes.size >= MAX_KEYS) throw new RangeError(`at most ${MAX_KEYS} keys may carry an area list`);
      changes.set(digest, list);
    },
    reset() {
      changes.clear();
    },
  };
}
