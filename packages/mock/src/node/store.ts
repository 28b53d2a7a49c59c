// openStore(dir): the simulator's durable store on node:sqlite (one file, DIR/state.sqlite, in
// WAL mode). node:sqlite is imported only here and only when a store is opened, so the in-memory
// simulator and the browser and MSW entries never load it. It needs Node >= 22.13 (22.12 with
// --experimental-sqlite).
//
// Opening checks the file before anything writes to it: it must be an x-mock store (application
// id), of a format this version reads (user_version), pass SQLite's integrity check, and every row must decode. A
// store that fails any of these is refused with a message and left exactly as it was.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  OLDEST_STORE_FORMAT,
  STORE_FORMAT,
  type StateStore,
  type StoreBatch,
  type StoredRow,
  type StoredWorld,
} from '../simulator/durable/backend.js';
import { decodeKey, decodeValue } from '../simulator/durable/codec.js';
import { fromBase64 } from '../simulator/encoding.js';
import { MIN_SECRET_BYTES } from '../simulator/jwt.js';

/** `PRAGMA application_id` of an x-mock store ("xmck"). */
export const STORE_APPLICATION_ID = 0x786d636b;
export const STORE_FILE = 'state.sqlite';

export interface OpenStoreOptions {
  /**
   * `normal` (default): a commit survives a crash of the process (kill -9, an exception, an OOM
   * kill); a power loss or an OS crash may lose the last commits. `full`: each commit is also
   * synced to the disk before the answer (survives a power loss; each write costs an fsync).
   */
  sync?: 'normal' | 'full';
}

/** A store that cannot be opened: another format, not a store, damaged, or in use. */
export class StoreError extends Error {}

type Sqlite = typeof import('node:sqlite');
type Database = import('node:sqlite').DatabaseSync;

async function loadSqlite(): Promise<Sqlite> {
  try {
    return await import('node:sqlite');
  } catch {
    throw new StoreError(
      `durable state (--data) needs node:sqlite: Node >= 22.13, or 22.12 with --experimental-sqlite (this is Node ${process.versions.node})`,
    );
  }
}

// No secondary index: a commit writes as few pages as it can (each costs a WAL frame). Loading
// sorts an area by seq once at start, and the sweep of expired rows scans one area's rows.
const SCHEMA = `
CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL) STRICT;
CREATE TABLE rows (area TEXT NOT NULL, key TEXT NOT NULL, json TEXT NOT NULL, at REAL NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY (area, key)) STRICT, WITHOUT ROWID;
PRAGMA application_id = ${STORE_APPLICATION_ID};
PRAGMA user_version = ${STORE_FORMAT};
`;

const meta = (db: Database, k: string): string | undefined =>
  (db.prepare('SELECT v FROM meta WHERE k = ?').get(k) as { v: string } | undefined)?.v;

function parseWorld(text: string | undefined, file: string): StoredWorld | undefined {
  if (text === undefined) return undefined;
  const world = JSON.parse(text) as StoredWorld;
  const secret = typeof world?.jwtSecret === 'string' ? fromBase64(world.jwtSecret) : undefined;
  if (!Number.isSafeInteger(world?.seed) || !Number.isFinite(world?.start) || !secret || secret.length < MIN_SECRET_BYTES)
    throw new StoreError(`${file} is damaged: its world record is not in the expected shape`);
  return world;
}

/**
 * Checks an existing file without writing to it: an x-mock store, of a format this version reads,
 * intact, and every row decodes. Returns its world, scalar state and format.
 */
function check(
  sqlite: Sqlite,
  file: string,
): { world: StoredWorld | undefined; scalars: string | undefined; version?: number; empty?: true } {
  let db: Database;
  try {
    db = new sqlite.DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new StoreError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const pragma = (name: string): unknown => Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    let applicationId: unknown;
    try {
      applicationId = pragma('application_id');
    } catch (error) {
      throw new StoreError(`${file} is not a readable SQLite database (${(error as Error).message}); it was left as it was`);
    }
    if (applicationId !== STORE_APPLICATION_ID) {
      // A file with no table at all is one a killed first start left before its schema: a new store.
      const empty = applicationId === 0 && db.prepare('SELECT count(*) AS n FROM sqlite_master').get()?.n === 0;
      if (empty) return { world: undefined, scalars: undefined, empty: true };
      throw new StoreError(`${file} is not an x-mock store (it was left as it was)`);
    }
    const version = pragma('user_version');
    if (typeof version !== 'number' || version < OLDEST_STORE_FORMAT || version > STORE_FORMAT) {
      const which = typeof version === 'number' && version > STORE_FORMAT ? 'a newer' : 'an older';
      throw new StoreError(
        `${file} is in store format ${String(version)}, written by ${which} x-mock; this one reads formats ${OLDEST_STORE_FORMAT} to ${STORE_FORMAT}. ` +
          'It was left as it was: use the x-mock that wrote it, or another --data directory',
      );
    }
    const integrity = db.prepare('PRAGMA quick_check').all() as Array<Record<string, unknown>>;
    const verdict = integrity.map((r) => String(Object.values(r)[0])).join('; ');
    if (verdict !== 'ok') throw new StoreError(`${file} is damaged (${verdict}); it was left as it was`);
    for (const row of db.prepare('SELECT area, key, json FROM rows').iterate() as Iterable<{ area: string; key: string; json: string }>) {
      try {
        decodeKey(row.key);
        decodeValue(row.json);
      } catch (error) {
        throw new StoreError(
          `${file} is damaged: row ${row.area} ${row.key} does not decode (${(error as Error).message}); it was left as it was`,
        );
      }
    }
    const scalars = meta(db, 'scalars');
    if (scalars !== undefined) {
      try {
        JSON.parse(scalars);
      } catch {
        throw new StoreError(`${file} is damaged: its scalar state does not decode; it was left as it was`);
      }
    }
    return { world: parseWorld(meta(db, 'world'), file), scalars, version: version as number };
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(`${file} is damaged (${(error as Error).message}); it was left as it was`);
  } finally {
    db.close();
  }
}

/** Opens (or creates) the durable store in `dir`. */
export async function openStore(dir: string, options: OpenStoreOptions = {}): Promise<StateStore> {
  const sqlite = await loadSqlite();
  const root = resolve(dir);
  if (existsSync(root) && !statSync(root).isDirectory()) throw new StoreError(`--data ${dir} is not a directory`);
  mkdirSync(root, { recursive: true });
  const file = join(root, STORE_FILE);
  const found: ReturnType<typeof check> = existsSync(file) ? check(sqlite, file) : { world: undefined, scalars: undefined, empty: true };
  const fresh = found.empty === true;

  const db = new sqlite.DatabaseSync(file);
  try {
    // One process per store: an exclusive lock, held until the store closes (or the process dies).
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA synchronous = ${options.sync === 'full' ? 'FULL' : 'NORMAL'}`);
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    throw new StoreError(`${file} is in use by another process (${(error as Error).message})`);
  }
  if (fresh) db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
  // A store of an older format this version reads is of this format from now on: what this
  // version writes to it, an x-mock that reads only the older format must refuse.
  else if (found.version !== STORE_FORMAT) db.exec(`PRAGMA user_version = ${STORE_FORMAT}`);

  const rowsAll = db.prepare('SELECT key, json, at, seq FROM rows WHERE area = ? ORDER BY seq');
  const rowsLast = db.prepare('SELECT * FROM (SELECT key, json, at, seq FROM rows WHERE area = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq');
  const rowOne = db.prepare('SELECT key, json, at, seq FROM rows WHERE area = ? AND key = ?');
  const maxSeq = db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM rows');
  const clearArea = db.prepare('DELETE FROM rows WHERE area = ?');
  const deleteRow = db.prepare('DELETE FROM rows WHERE area = ? AND key = ?');
  const moveRow = db.prepare(
    'INSERT INTO rows (area, key, json, at, seq) VALUES (?, ?, ?, ?, ?) ON CONFLICT (area, key) DO UPDATE SET json = excluded.json, at = excluded.at, seq = excluded.seq',
  );
  const changeRow = db.prepare(
    'INSERT INTO rows (area, key, json, at, seq) VALUES (?, ?, ?, ?, ?) ON CONFLICT (area, key) DO UPDATE SET json = excluded.json',
  );
  const sweep = db.prepare('DELETE FROM rows WHERE area = ? AND at < ?');
  const begin = db.prepare('BEGIN');
  const commitTx = db.prepare('COMMIT');
  const setMeta = db.prepare('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v');

  let world = found.world;
  let open = true;
  return {
    location: root,
    get world() {
      return world;
    },
    scalars: found.scalars,
    create(next) {
      if (world) throw new StoreError(`${file} already holds a world`);
      setMeta.run('world', JSON.stringify(next));
      world = next;
    },
    rows: (area, limit) => (limit === undefined ? rowsAll.all(area) : rowsLast.all(area, limit)) as unknown as StoredRow[],
    row: (area, key) => rowOne.get(area, key) as StoredRow | undefined,
    lastSeq: () => Number((maxSeq.get() as { seq: number }).seq),
    commit(batch: StoreBatch) {
      begin.run();
      try {
        for (const area of batch.clears) clearArea.run(area);
        for (const d of batch.deletes) deleteRow.run(d.area, d.key);
        for (const w of batch.writes) (w.moved ? moveRow : changeRow).run(w.area, w.key, w.json, w.at, w.seq);
        for (const s of batch.sweeps) sweep.run(s.area, s.before);
        if (batch.scalars !== undefined) setMeta.run('scalars', batch.scalars);
        commitTx.run();
      } catch (error) {
        try {
          db.exec('ROLLBACK');
        } catch {
          // no transaction left to roll back
        }
        throw error;
      }
    },
    close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
