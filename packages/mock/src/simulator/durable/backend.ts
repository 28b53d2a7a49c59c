// What the simulator asks of a durable store: synchronous reads of rows and one atomic commit per
// change. `openStore(dir)` of `@x/mock/node` implements it on node:sqlite; the simulator itself
// (this folder) uses only this interface, so `@x/mock` still imports no node: module.

/**
 * Version of the on-disk format, raised whenever a stored record changes shape, so that an x-mock
 * that does not know the new shape refuses the store at open instead of misreading a record later.
 * A store of a format this version reads (`OLDEST_STORE_FORMAT` up to `STORE_FORMAT`) is marked with
 * this one when it is opened; a store of any other format is refused and left as it was.
 *
 * 1: swap orders carry `takerFeeLamports` (the rent and bundle tip the taker pays), and before the
 *    referral payout, no `referral` (swap/upgrade.ts reads both).
 * 2: swap orders carry neither: their transaction states the fees; their `referral` is their payout.
 */
export const STORE_FORMAT = 2;
/** The oldest format this version reads (and upgrades on open). */
export const OLDEST_STORE_FORMAT = 1;

/** One stored entry of a map: its key and value (codec.ts), when and in which order it was written. */
export interface StoredRow {
  key: string;
  json: string;
  /** Simulated ms of its last write (the time to live of expiring maps runs from it). */
  at: number;
  /** Order of writing across the store: maps are rebuilt in this order. */
  seq: number;
}

/** What the store remembers of the world it holds, written once when it is created. */
export interface StoredWorld {
  seed: number;
  /** Start of simulated time (the chain's height and the prediction catalogue follow it). */
  start: number;
  /** HMAC secret of the trigger v2 tokens (base64), so that tokens survive a restart. */
  jwtSecret: string;
}

/** Everything one commit writes, applied in this order in one transaction. */
export interface StoreBatch {
  /** Areas emptied (control reset) before the rest of the batch. */
  clears: string[];
  deletes: Array<{ area: string; key: string }>;
  /**
   * Rows written: `moved` ones take a new place in their map's order (`seq`) and time (`at`);
   * the others keep theirs when the row exists (a value changed in place).
   */
  writes: Array<{ area: string; key: string; json: string; at: number; seq: number; moved: boolean }>;
  /** Whether expiring areas drop their expired rows in this commit (every so many commits). */
  sweep: boolean;
  /** Rows of expiring areas written before `before` (simulated ms), dropped. */
  sweeps: Array<{ area: string; before: number }>;
  /** The scalar state (clock, random streams, prices, ...) when it changed. */
  scalars?: string;
}

export interface StateStore {
  /** Where it is kept (for messages). */
  readonly location: string;
  /** The world it holds; undefined for a new store. */
  readonly world: StoredWorld | undefined;
  /** The scalar state of the last commit. */
  readonly scalars: string | undefined;
  /** Writes the world of a new store. */
  create(world: StoredWorld): void;
  /** The rows of an area in writing order: the last `limit` of them when given. */
  rows(area: string, limit?: number): StoredRow[];
  /** One row, or undefined. */
  row(area: string, key: string): StoredRow | undefined;
  /** Highest `seq` written so far (0 for none). */
  lastSeq(): number;
  /** Applies a batch atomically and durably (against a process crash) before returning. */
  commit(batch: StoreBatch): void;
  close(): void;
}
