// The tracking of one map: changes in place are caught, entries past the memory bound come back
// from disk, expired ones do not, and a listing alone writes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../node/store.js';
import { BoundedMap } from '../bounded.js';
import { Area, type AreaContext, ReadLog } from './area.js';
import type { StateStore, StoreBatch } from './backend.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup(now = { t: 0 }) {
  const dir = mkdtempSync(join(tmpdir(), 'x-mock-area-'));
  dirs.push(dir);
  const store: StateStore = await openStore(dir);
  let seq = store.lastSeq();
  const active = new Set<Area>();
  const ctx: AreaContext = { store, gen: () => 0, now: () => now.t, nextSeq: () => ++seq, activate: (a) => active.add(a) };
  /** Commits what the areas collected, as attach.ts does after a write request (`read`: after a read request); returns the batch. */
  const commitAs = (read: boolean, areas: Area[]): StoreBatch => {
    const batch: StoreBatch = { clears: [], deletes: [], writes: [], sweep: false, sweeps: [] };
    for (const area of areas) {
      area.collect(batch);
      if (!read) area.collectRead(batch);
    }
    if (batch.writes.length + batch.deletes.length + batch.clears.length > 0)
      for (const area of areas) {
        if (read) area.collectRead(batch);
        area.collectIterated(batch);
      }
    store.commit(batch);
    for (const area of areas) area.committed(1);
    return batch;
  };
  const commit = (...areas: Area[]): StoreBatch => commitAs(false, areas);
  const commitRead = (...areas: Area[]): StoreBatch => commitAs(true, areas);
  return { store, ctx, commit, commitRead, dir, active };
}

describe('durable area', () => {
  it('stores a value changed in place after a read', async () => {
    const { store, ctx, commit } = await setup();
    const map = new Map<string, { state: string }>();
    const area = Area.map('orders', map, ctx);
    map.set('a', { state: 'open' });
    commit(area);
    map.get('a')!.state = 'filled';
    expect(commit(area).writes.map((w) => w.json)).toEqual(['{"state":"filled"}']);
    // A read that changes nothing writes nothing.
    map.get('a');
    expect(commit(area).writes).toEqual([]);
    expect(store.row('orders', '"a"')?.json).toBe('{"state":"filled"}');
    store.close();
  });

  it('after a read request, checks the entries it read only when it stores some other change', async () => {
    const { store, ctx, commitRead } = await setup();
    const orders = new Map<string, { state: string }>();
    const balances = new Map<string, number>();
    const a = Area.map('orders', orders, ctx);
    const b = Area.map('balances', balances, ctx);
    orders.set('o', { state: 'open' });
    balances.set('w', 1);
    commitRead(a, b);
    // A read that changes in place alone is not looked at (a read's in-place change moves balances too).
    orders.get('o')!.state = 'expired';
    expect(commitRead(a, b).writes).toEqual([]);
    orders.get('o')!.state = 'expired again';
    balances.set('w', 2);
    expect(commitRead(a, b).writes.map((w) => `${w.area}:${w.json}`)).toEqual(['balances:2', 'orders:{"state":"expired again"}']);
    store.close();
  });

  it('a read request only notes what it reads: nothing is marked unless it changes something', async () => {
    const { store, ctx, commitRead, active } = await setup();
    const orders = new Map<string, { state: string }>();
    const balances = new Map<string, number>();
    const positions = new Map<number, { debt: number }>();
    const a = Area.map('orders', orders, ctx);
    const b = Area.map('balances', balances, ctx);
    const c = Area.map('positions', positions, ctx);
    orders.set('o', { state: 'open' });
    balances.set('w', 1);
    positions.set(1, { debt: 5 });
    commitRead(a, b, c);
    active.clear();
    const log = new ReadLog();
    // A read that changes nothing: noted, no area has anything for a commit, and the log is dropped.
    ctx.readLog = log;
    orders.get('o');
    balances.has('w');
    [...positions.values()];
    ctx.readLog = undefined;
    expect(active.size).toBe(0);
    expect(log.empty).toBe(false);
    log.clear();
    expect(log.empty).toBe(true);
    // A read that changes something: what it read (and iterated) is marked at its end and stored when changed in place.
    ctx.readLog = log;
    orders.get('o')!.state = 'expired';
    for (const p of positions.values()) p.debt = 6;
    balances.set('w', 2);
    ctx.readLog = undefined;
    log.mark();
    expect(commitRead(a, b, c).writes.map((w) => `${w.area}:${w.json}`)).toEqual([
      'balances:2',
      'orders:{"state":"expired"}',
      'positions:{"debt":6}',
    ]);
    store.close();
  });

  it('an entry a read request read and then replaced is stored with its new value', async () => {
    const { store, ctx, commitRead } = await setup();
    const orders = new Map<string, { state: string }>();
    const area = Area.map('orders', orders, ctx);
    orders.set('o', { state: 'open' });
    orders.set('p', { state: 'open' });
    commitRead(area);
    const log = new ReadLog();
    ctx.readLog = log;
    orders.get('o');
    orders.set('o', { state: 'replaced' });
    orders.get('p');
    orders.delete('p');
    ctx.readLog = undefined;
    log.mark();
    const batch = commitRead(area);
    expect(batch.writes.map((w) => w.json)).toEqual(['{"state":"replaced"}']);
    expect(batch.deletes.map((d) => d.key)).toEqual(['"p"']);
    expect(store.row('orders', '"p"')).toBeUndefined();
    store.close();
  });

  it('a bounded map looks a miss up on disk only once its size cap let an entry go', async () => {
    const { store, ctx, commit } = await setup();
    let lookups = 0;
    const row = store.row.bind(store);
    ctx.store = Object.create(store, {
      row: {
        value: (area: string, key: string) => {
          lookups++;
          return row(area, key);
        },
      },
    });
    const map = new BoundedMap<string, string>({ maxSize: 2 });
    const area = Area.bounded('landed', map, ctx, 2);
    map.set('a', 'x');
    map.set('b', 'y');
    commit(area);
    expect(map.get('nothing')).toBeUndefined();
    expect(lookups).toBe(0);
    map.set('c', 'z'); // "a" leaves memory, stays on disk
    commit(area);
    expect(map.get('a')).toBe('x');
    expect(lookups).toBe(1);
    map.clear();
    commit(area);
    expect(map.get('a')).toBeUndefined();
    expect(lookups).toBe(1);
    store.close();
  });

  it('keeps at most memoryCap entries in memory; the others come back from disk when asked for', async () => {
    const { store, ctx, commit } = await setup();
    const map = new Map<string, number>();
    const area = Area.map('wallets', map, ctx, 2);
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, key.charCodeAt(0));
    commit(area);
    expect([...Map.prototype.keys.call(map)]).toEqual(['c', 'd']);
    expect(map.get('a')).toBe(97);
    expect(map.has('b')).toBe(true);
    expect(map.get('z')).toBeUndefined();
    // A delete is a delete on disk too.
    map.delete('a');
    commit(area);
    expect(store.row('wallets', '"a"')).toBeUndefined();
    expect(map.get('a')).toBeUndefined();
    store.close();
  });

  it('a listing writes nothing alone, and its entries changed in place are stored with the next change', async () => {
    const { store, ctx, commit } = await setup();
    const positions = new Map<number, { debt: number }>();
    const other = new Map<string, number>();
    const a = Area.map('positions', positions, ctx);
    const b = Area.map('other', other, ctx);
    positions.set(1, { debt: 5 });
    commit(a, b);
    for (const p of positions.values()) p.debt = 6;
    other.set('x', 1);
    expect(commit(a, b).writes.map((w) => `${w.area}:${w.json}`)).toEqual(['other:1', 'positions:{"debt":6}']);
    [...positions.values()];
    expect(commit(a, b).writes).toEqual([]);
    store.close();
  });

  it('an expiring map does not bring back an entry past its time to live', async () => {
    const now = { t: 1_000 };
    const { store, ctx, commit } = await setup(now);
    const map = new BoundedMap<string, string>({ maxSize: 1, ttlMs: 100, now: () => now.t });
    const area = Area.bounded('swap', map, ctx, 1);
    map.set('old', 'x');
    map.set('new', 'y'); // the size cap drops "old" from memory, not from disk
    commit(area);
    expect(map.get('old')).toBe('x');
    now.t += 101;
    expect(map.get('new')).toBeUndefined();
    commit(area);
    expect(store.row('swap', '"new"')).toBeUndefined();
    store.close();
  });

  it('loads the most recent entries in their order at start', async () => {
    const { store, ctx, commit, dir } = await setup();
    const map = new Map<string, number>();
    const area = Area.map('m', map, ctx, 2);
    for (const [i, key] of ['a', 'b', 'c'].entries()) map.set(key, i);
    map.delete('a');
    map.set('a', 9); // moves to the end, as Map order does
    commit(area);
    store.close();
    const again = await openStore(dir);
    const loaded = new Map<string, number>();
    Area.map('m', loaded, { ...ctx, store: again }, 2).load();
    expect([...Map.prototype.entries.call(loaded)]).toEqual([
      ['c', 2],
      ['a', 9],
    ]);
    expect(loaded.get('b')).toBe(1);
    again.close();
  });
});
