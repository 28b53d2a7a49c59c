// One of the simulator's maps, kept on disk: every read or write of an entry during a request marks
// it (its value is re-encoded at the commit, so changes made in place are caught), deletes and
// clears are recorded, and a miss is looked up on disk when memory may not hold every stored
// entry. The store's own bounds (wallets kept, orders kept) become bounds on memory: entries past
// `memoryCap` leave memory at a commit and come back from disk when asked for.
//
// The map is tracked where it is, by giving the instance its own get/set/has/delete/clear (and
// iterators): each store keeps its own code, and without a durable store nothing is wrapped.
import { BoundedMap } from '../bounded.js';
import type { StateStore, StoreBatch } from './backend.js';
import { decodeKey, decodeValue, encodeKey, encodeValue } from './codec.js';

type Mark = 'read' | 'changed' | 'moved' | 'deleted';

interface Dirty {
  value: unknown;
  mark: Mark;
  /** Simulated ms of the write that moved it (expiring maps). */
  at: number;
  /** The request generation that last touched it (kept marked while that request is in flight). */
  gen: number;
}

/** Encoded values of entries as last written, to skip rewriting unchanged entries (a bounded cache). */
const SAVED_CACHE = 20_000;

export interface AreaContext {
  store: StateStore;
  /** Current request generation. */
  gen(): number;
  /** Simulated time. */
  now(): number;
  /** Next place in the store's writing order. */
  nextSeq(): number;
  /** Called when an area has something for the next commit. */
  activate(area: Area): void;
  /**
   * Set while a read request runs its synchronous part: the entries it reads (and the maps it
   * iterates) are noted there instead of being marked, so that a read that changes nothing leaves
   * no trace to clear (see attach.ts).
   */
  readLog?: ReadLog | undefined;
}

/** Noted in a read log for a map that was iterated. */
const ITERATED = Symbol('iterated');

/**
 * What a read request read, as (area, key, value) triples in one array that is reused: noting a
 * read costs three stores, and forgetting them all (the read changed nothing) one assignment.
 */
export class ReadLog {
  /** (area, key, value) triples; slots past `#count` are left to be written over (no shrinking). */
  readonly #notes: unknown[] = [];
  #count = 0;

  note(area: Area, key: unknown, value: unknown): void {
    const notes = this.#notes;
    const at = this.#count;
    notes[at] = area;
    notes[at + 1] = key;
    notes[at + 2] = value;
    this.#count = at + 3;
  }

  get empty(): boolean {
    return this.#count === 0;
  }

  /** Marks what was noted as read (the request changed something, so the commit looks at what it read), then forgets it. */
  mark(): void {
    const notes = this.#notes;
    const count = this.#count;
    this.#count = 0;
    for (let i = 0; i < count; i += 3) (notes[i] as Area).markNoted(notes[i + 1], notes[i + 2]);
    notes.fill(undefined, 0, count);
  }

  /** Forgets what was noted (the values stay referenced until written over: at most one request's reads). */
  clear(): void {
    this.#count = 0;
  }
}

/** The map's own methods, untracked. */
interface RawOps {
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  delete(key: unknown): boolean;
  keys(): Iterable<unknown>;
  /** Entries in memory ([] for a BoundedMap, whose iteration is not tracked). */
  entries(): Iterable<[unknown, unknown]>;
  size(): number;
  /** Whether the map itself let entries go that may still be on disk (a BoundedMap's size cap). */
  dropped(): boolean;
  /** Puts a stored entry back in memory. */
  put(key: unknown, value: unknown, at: number): void;
}

export class Area {
  readonly name: string;
  readonly #ctx: AreaContext;
  readonly #dirty = new Map<unknown, Dirty>();
  readonly #saved = new Map<unknown, string>();
  /**
   * Entries handed out by iterating the map (listings, the market watch): encoded only when the
   * commit stores some other change, since a listing alone changes nothing, and what changes an
   * iterated entry in place also moves something else (a fill moves balances).
   */
  #iterated = false;
  #cleared = false;
  /** Whether an entry was written, moved or deleted (or the map cleared) since the last commit: marks other than reads. */
  #written = false;
  /** Whether memory holds every stored entry (then a miss needs no disk look-up). */
  #complete = true;
  readonly #memoryCap: number;
  readonly #ttlMs: number | undefined;
  readonly #raw: RawOps;
  /** What the commit being made writes, by key (remembered once it is durable). */
  #pending: Array<[unknown, string]> = [];

  private constructor(name: string, ctx: AreaContext, memoryCap: number, ttlMs: number | undefined, raw: RawOps) {
    this.name = name;
    this.#ctx = ctx;
    this.#memoryCap = memoryCap;
    this.#ttlMs = ttlMs;
    this.#raw = raw;
  }

  /** Tracks a plain Map; at most `memoryCap` of its entries stay in memory. */
  static map<K, V>(name: string, map: Map<K, V>, ctx: AreaContext, memoryCap = Number.POSITIVE_INFINITY): Area {
    const raw: RawOps = {
      get: (key) => Map.prototype.get.call(map, key as K),
      has: (key) => Map.prototype.has.call(map, key as K),
      delete: (key) => Map.prototype.delete.call(map, key as K),
      keys: () => Map.prototype.keys.call(map),
      entries: () => Map.prototype.entries.call(map),
      size: () => map.size,
      dropped: () => false,
      put: (key, value) => void Map.prototype.set.call(map, key as K, value as V),
    };
    const area = new Area(name, ctx, memoryCap, undefined, raw);
    const set = Map.prototype.set;
    const entries = Map.prototype.entries;
    const target = map as unknown as Record<string | symbol, unknown>;
    target.get = (key: K) => area.#read(key);
    target.has = (key: K) => area.#read(key) !== undefined || raw.has(key);
    target.set = (key: K, value: V) => {
      const existed = raw.has(key);
      set.call(map, key, value);
      area.#mark(key, value, existed ? 'changed' : 'moved');
      return map;
    };
    target.delete = (key: K) => {
      const had = raw.delete(key);
      area.#mark(key, undefined, 'deleted');
      return had;
    };
    target.clear = () => {
      Map.prototype.clear.call(map);
      area.#clear();
    };
    // Iterating hands out values that may be changed in place: the area notes it (the map's own
    // iterators are returned, at their own speed).
    const iterated = (): void => {
      const log = ctx.readLog;
      if (log) log.note(area, ITERATED, undefined);
      else area.#setIterated();
    };
    const values = Map.prototype.values;
    const forEach = Map.prototype.forEach;
    target.entries = () => {
      iterated();
      return entries.call(map);
    };
    target[Symbol.iterator] = target.entries;
    target.values = () => {
      iterated();
      return values.call(map);
    };
    target.forEach = (fn: (value: V, key: K, m: Map<K, V>) => void, thisArg?: unknown) => {
      iterated();
      forEach.call(map, fn, thisArg);
    };
    return area;
  }

  /** Tracks a BoundedMap: its own size cap and time to live stay; what they drop stays on disk until it expires. */
  static bounded<K, V>(name: string, map: BoundedMap<K, V>, ctx: AreaContext, memoryCap: number): Area {
    const proto = BoundedMap.prototype as unknown as BoundedMap<unknown, unknown>;
    const self = map as unknown as BoundedMap<unknown, unknown>;
    const raw: RawOps = {
      get: (key) => proto.get.call(self, key),
      has: (key) => proto.get.call(self, key) !== undefined,
      delete: (key) => proto.delete.call(self, key),
      keys: () => [],
      entries: () => [],
      size: () => self.size,
      // What its time to live drops has expired on disk too: only its size cap loses live entries.
      dropped: () => self.dropped,
      put: (key, value, at) => void proto.restore.call(self, key, value, at),
    };
    const area = new Area(name, ctx, memoryCap, map.ttlMs, raw);
    const target = map as unknown as Record<string, unknown>;
    target.get = (key: K) => area.#read(key);
    target.has = (key: K) => area.#read(key) !== undefined;
    target.set = (key: K, value: V) => {
      proto.set.call(self, key, value);
      area.#mark(key, value, 'moved');
      return map;
    };
    target.delete = (key: K) => {
      const had = raw.delete(key);
      area.#mark(key, undefined, 'deleted');
      return had;
    };
    target.clear = () => {
      proto.clear.call(self);
      area.#clear();
    };
    return area;
  }

  #expired(at: number): boolean {
    return this.#ttlMs !== undefined && this.#ctx.now() - at > this.#ttlMs;
  }

  #read(key: unknown): unknown {
    let value = this.#raw.get(key);
    if (value === undefined && (!this.#complete || this.#raw.dropped()) && !this.#dirty.has(key) && !this.#cleared) {
      const row = this.#ctx.store.row(this.name, encodeKey(key));
      if (row === undefined) return undefined;
      if (this.#expired(row.at)) {
        this.#mark(key, undefined, 'deleted');
        return undefined;
      }
      value = decodeValue(row.json);
      this.#raw.put(key, value, row.at);
      this.#remember(key, row.json);
    }
    if (value !== undefined) {
      const log = this.#ctx.readLog;
      if (log) log.note(this, key, value);
      else this.#mark(key, value, 'read');
    }
    return value;
  }

  #setIterated(): void {
    this.#iterated = true;
    this.#ctx.activate(this);
  }

  /**
   * Marks an entry noted in a read log as read. A mark it got since (a write of the same request,
   * or another request's) holds the current value and stays as it is; after a clear of the map,
   * what was read before it is gone.
   */
  markNoted(key: unknown, value: unknown): void {
    if (key === ITERATED) this.#setIterated();
    else if (this.#cleared) return;
    else {
      const dirty = this.#dirty.get(key);
      if (dirty) dirty.gen = Math.max(dirty.gen, this.#ctx.gen());
      else this.#mark(key, value, 'read');
    }
  }

  /** Whether the next commit has more than reads of this map to look at (the iterated entries aside). */
  get written(): boolean {
    return this.#written;
  }

  #mark(key: unknown, value: unknown, mark: Mark): void {
    const gen = this.#ctx.gen();
    if (mark !== 'read') this.#written = true;
    if (this.#dirty.size === 0) this.#ctx.activate(this);
    const dirty = this.#dirty.get(key);
    if (!dirty) {
      this.#dirty.set(key, { value, mark, at: this.#ctx.now(), gen });
      return;
    }
    dirty.gen = gen;
    dirty.value = value;
    if (mark === 'read') return;
    if (mark === 'changed' && dirty.mark === 'moved') return;
    dirty.mark = mark;
    if (mark === 'moved') {
      dirty.at = this.#ctx.now();
      // Written again: its place in the store's order is after every entry written before.
      this.#dirty.delete(key);
      this.#dirty.set(key, dirty);
    }
  }

  #clear(): void {
    this.#written = true;
    this.#dirty.clear();
    this.#iterated = false;
    this.#saved.clear();
    this.#cleared = true;
    this.#complete = true;
    this.#ctx.activate(this);
  }

  #remember(key: unknown, json: string): void {
    this.#saved.delete(key);
    if (this.#saved.size >= SAVED_CACHE) this.#saved.delete(this.#saved.keys().next().value);
    this.#saved.set(key, json);
  }

  /** Loads the stored entries into memory (the most recent `memoryCap`, unexpired), oldest first. */
  load(): void {
    const finite = Number.isFinite(this.#memoryCap);
    const rows = this.#ctx.store.rows(this.name, finite ? this.#memoryCap + 1 : undefined);
    if (finite && rows.length > this.#memoryCap) {
      rows.shift();
      this.#complete = false;
    }
    for (const row of rows) {
      if (this.#expired(row.at)) continue;
      const key = decodeKey(row.key);
      this.#raw.put(key, decodeValue(row.json), row.at);
      this.#remember(key, row.json);
    }
  }

  /** Adds what was written, moved or deleted since the last commit to `batch` (the entries only read: `collectRead`). */
  collect(batch: StoreBatch): void {
    this.#pending = [];
    if (this.#cleared) batch.clears.push(this.name);
    this.#collectSweep(batch);
    for (const [key, dirty] of this.#dirty) {
      if (dirty.mark === 'read') continue;
      const storedKey = encodeKey(key);
      if (dirty.mark === 'deleted') {
        batch.deletes.push({ area: this.name, key: storedKey });
        continue;
      }
      const json = encodeValue(dirty.value);
      const moved = dirty.mark === 'moved';
      if (!moved && this.#saved.get(key) === json) continue;
      this.#pending.push([key, json]);
      batch.writes.push({ area: this.name, key: storedKey, json, at: dirty.at, seq: this.#ctx.nextSeq(), moved });
    }
  }

  /**
   * Adds the entries handed out by a get since the last commit that were changed in place (their
   * value encoded again differs from the stored one): after every write request, and after a read
   * request only when it stores some other change (see attach.ts).
   */
  collectRead(batch: StoreBatch): void {
    for (const [key, dirty] of this.#dirty) {
      if (dirty.mark !== 'read') continue;
      const json = encodeValue(dirty.value);
      if (this.#saved.get(key) === json) continue;
      this.#pending.push([key, json]);
      batch.writes.push({ area: this.name, key: encodeKey(key), json, at: dirty.at, seq: this.#ctx.nextSeq(), moved: false });
    }
  }

  /** Adds the sweep of expired rows to a sweeping batch (once per batch). */
  #collectSweep(batch: StoreBatch): void {
    if (this.#ttlMs !== undefined && batch.sweep && !batch.sweeps.some((s) => s.area === this.name))
      batch.sweeps.push({ area: this.name, before: this.#ctx.now() - this.#ttlMs });
  }

  /** Adds only the sweep of expired rows (areas with nothing else to commit). */
  collectSweep(batch: StoreBatch): void {
    this.#collectSweep(batch);
  }

  /** Adds the iterated entries that changed to `batch` (when it stores something else). */
  collectIterated(batch: StoreBatch): void {
    if (!this.#iterated) return;
    for (const [key, value] of this.#raw.entries()) {
      if (this.#dirty.has(key)) continue;
      const json = encodeValue(value);
      if (this.#saved.get(key) === json) continue;
      this.#pending.push([key, json]);
      batch.writes.push({ area: this.name, key: encodeKey(key), json, at: this.#ctx.now(), seq: this.#ctx.nextSeq(), moved: false });
    }
  }

  /**
   * After a successful commit: remembers what was written, forgets marks no request in flight can
   * still act on (`oldestInFlight`: the generation of the oldest request still running), and lets
   * entries past the memory cap go (they stay on disk). True when nothing is left for the next commit.
   */
  committed(oldestInFlight: number): boolean {
    this.#cleared = false;
    // (every mark left below is a read's)
    this.#written = false;
    for (const [key, json] of this.#pending) this.#remember(key, json);
    this.#pending = [];
    if (oldestInFlight > this.#ctx.gen()) this.#iterated = false;
    for (const [key, dirty] of this.#dirty) {
      if (dirty.mark === 'deleted') this.#saved.delete(key);
      if (dirty.gen < oldestInFlight || dirty.mark === 'deleted') this.#dirty.delete(key);
      else dirty.mark = 'read';
    }
    if (this.#raw.size() > this.#memoryCap) {
      for (const key of this.#raw.keys()) {
        if (this.#raw.size() <= this.#memoryCap) break;
        if (this.#dirty.has(key)) continue;
        this.#raw.delete(key);
        this.#saved.delete(key);
        this.#complete = false;
      }
    }
    return this.#dirty.size === 0 && !this.#iterated;
  }
}
