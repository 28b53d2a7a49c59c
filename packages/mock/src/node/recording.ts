// A recording as a directory of plain JSON files, one HAR 1.2 entry per upstream exchange
// (`000001-swapGetOrder.json`, ...), written as they happen and read back in name order.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkHarEntry, type HarEntry, type Recording, type RecordSink } from '../upstream/har.js';

const ENTRY_FILE = /^(\d{6,})-[A-Za-z0-9]+\.json$/;

const entryFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => ENTRY_FILE.test(name))
    .sort();

/** Writes each exchange to `dir` (created if missing), numbered after the files already there. */
export function recordTo(dir: string): RecordSink & { readonly written: number } {
  mkdirSync(dir, { recursive: true });
  const last = entryFiles(dir).at(-1);
  let next = last === undefined ? 1 : Number(ENTRY_FILE.exec(last)![1]) + 1;
  let written = 0;
  return {
    write(entry: HarEntry) {
      const name = `${String(next++).padStart(6, '0')}-${entry._operationId}.json`;
      writeFileSync(join(dir, name), `${JSON.stringify(entry, null, 2)}\n`);
      written++;
    },
    get written() {
      return written;
    },
  };
}

/** The recording in `dir`; throws when it holds no entry or an entry is not one. */
export function readRecording(dir: string): Recording {
  const files = entryFiles(dir);
  if (files.length === 0) throw new Error(`${dir}: no recorded exchanges (files named 000001-<operationId>.json)`);
  return { entries: files.map((name) => checkHarEntry(JSON.parse(readFileSync(join(dir, name), 'utf8')), join(dir, name))) };
}
