// The durable store: a simulator made again on the same store finds the world as it was (answers
// compared byte for byte with a simulator that never restarted), bounds apply to memory only, and
// a store of another format or a damaged one is refused and left as it was.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../simulator/index.js';
import {
  call,
  createTestWallet,
  makeSimulator,
  NATIVE,
  openTriggerV1Order,
  PLATFORM_TOKEN,
  recentBlockhash,
  STABLECOIN,
  TAKER as TAKER_ADDRESS,
} from '../simulator/test-support/harness.js';
import { LANDED_DROPPED_AT_ONCE, LANDED_KEPT } from '../simulator/chain/ledger.js';
import { systemTransfer } from '../simulator/chain/instructions.js';
import { buildTransaction } from '../simulator/chain/transactions.js';
import { startUpstreamSimulator } from '../upstream/test-support/upstream-simulator.js';
import { type Caller, SESSION_STEPS, sessionReads, sessionState } from '../simulator/test-support/durable-session.js';
import { parseCli, serve } from '../server/cli-main.js';
import { openStore, STORE_FILE } from './store.js';
import type { StateStore, StoreBatch } from '../simulator/durable/backend.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'x-mock-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const callerOf =
  (sim: () => Simulator): Caller =>
  (method, path, options = {}) =>
    call(sim(), method, path, { ...options, unchecked: path.startsWith('/__control') }).then(({ status, body }) => ({ status, body }));

const digest = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('durable store', () => {
  it('a simulator made again on the store after any step answers as one that never restarted', async () => {
    const twin = makeSimulator({ jwtSecret: SECRET });
    const twinState = await sessionState();
    const dir = tempDir();
    let store = await openStore(dir);
    let sim = makeSimulator({ store, jwtSecret: SECRET });
    const state = await sessionState();
    const durable = callerOf(() => sim);
    for (const [i, step] of SESSION_STEPS.entries()) {
      const expected = await step(
        callerOf(() => twin),
        twinState,
      );
      const got = await step(durable, state);
      expect(got, `step ${i}`).toEqual(expected);
      expect(
        expected.every((a) => a.status < 300),
        `step ${i} succeeds: ${JSON.stringify(expected)}`,
      ).toBe(true);
      // Restart: a new simulator on the same store (no seed, no secret: the store's own).
      sim.close();
      store.close();
      store = await openStore(dir);
      sim = makeSimulator({ store });
      expect(await sessionReads(durable, state), `reads after step ${i}`).toEqual(
        await sessionReads(
          callerOf(() => twin),
          twinState,
        ),
      );
    }
    store.close();
  });

  it('reads of a world held in memory touch no row of the store and commit nothing', async () => {
    const store = await openStore(tempDir());
    const touched = { row: 0, rows: 0, commit: 0 };
    // The store as the simulator sees it, counting what reaches SQLite.
    const counting: StateStore = Object.create(store, {
      row: {
        value: (area: string, key: string) => {
          touched.row++;
          return store.row(area, key);
        },
      },
      rows: {
        value: (area: string, limit?: number) => {
          touched.rows++;
          return store.rows(area, limit);
        },
      },
      commit: {
        value: (batch: StoreBatch) => {
          touched.commit++;
          store.commit(batch);
        },
      },
    });
    const sim = makeSimulator({ store: counting, jwtSecret: SECRET });
    const state = await sessionState();
    const durable = callerOf(() => sim);
    for (const step of SESSION_STEPS) await step(durable, state);
    expect(touched.commit).toBeGreaterThan(0);
    Object.assign(touched, { row: 0, rows: 0, commit: 0 });
    const first = await sessionReads(durable, state);
    expect(await sessionReads(durable, state)).toEqual(first);
    // More reads than the commits between two sweeps of expired rows: a read never sweeps either.
    for (let i = 0; i < 1_001; i++)
      await durable('GET', '/__control/balance', { query: { wallet: state.a.address, mint: 'STABLECOIN_USD' } });
    expect(touched).toEqual({ row: 0, rows: 0, commit: 0 });
    sim.close();
    store.close();
  });

  it('a read that moves a price (a quote priced by the upstream) stores it before its answer', async () => {
    const upstream = await startUpstreamSimulator();
    try {
      upstream.sim.control.setPrice('NATIVE_COIN', 180);
      const dir = tempDir();
      const store = await openStore(dir);
      const upstreamOptions = { baseUrl: upstream.url, apiKey: 'upstream-key', intervalMs: 0, watchIntervalMs: 0 };
      const sim = makeSimulator({ store, upstream: upstreamOptions });
      const holder = (await createTestWallet()).address;
      sim.control.setBalance(holder, 'NATIVE_COIN', 1_000_000_000);
      // The prices and the wallet's value (the market source aside: the restarted one is local).
      const valued = (s: Simulator): unknown => {
        const { prices, wallets } = s.control.wallets();
        return { prices, wallets };
      };
      const before = valued(sim);
      const quote = await call(sim, 'GET', '/swap/v2/order', { query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000' } });
      expect(quote.status).toBe(200);
      // A crash right after the answer: the store is let go without the simulator's close (no flush,
      // and no control call, which would commit on its own).
      store.close();
      const again = await openStore(dir);
      const restarted = valued(makeSimulator({ store: again })) as { prices: Array<{ symbol: string; usd: number }> };
      expect(restarted).not.toEqual(before);
      expect(restarted.prices.find((p) => p.symbol === 'NATIVE_COIN')?.usd).toBe(180);
      again.close();
    } finally {
      await upstream.close();
    }
  });

  it('a position opened writes its position and the wallet, not the scalars; the next id survives restarts and resets', async () => {
    const dir = tempDir();
    const scalarWrites: number[] = [];
    const open = async (): Promise<{ store: StateStore; sim: Simulator }> => {
      const store = await openStore(dir);
      // The store as the simulator sees it, noting which commits write the scalar state.
      const noting: StateStore = Object.create(store, {
        commit: {
          value: (batch: StoreBatch) => {
            scalarWrites.push(batch.scalars === undefined ? 0 : 1);
            store.commit(batch);
          },
        },
      });
      return { store, sim: makeSimulator({ store: noting, jwtSecret: SECRET }) };
    };
    const wallet = await createTestWallet();
    const openPosition = async (sim: Simulator): Promise<number> => {
      const { status, body } = await call(sim, 'POST', '/lend/v1/borrow/operate', {
        body: { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000', debtAmount: '0' },
      });
      expect(status).toBe(200);
      // The position opens when the transaction lands.
      await sim.control.sendTransaction(await wallet.signTransaction((body as { transaction: string }).transaction));
      return (body as { nftId: number }).nftId;
    };
    let { store, sim } = await open();
    const ids = [await openPosition(sim)];
    scalarWrites.length = 0;
    ids.push(await openPosition(sim), await openPosition(sim));
    expect(scalarWrites.length).toBeGreaterThan(0);
    expect(scalarWrites.every((written) => written === 0)).toBe(true);
    // A crash (no close of the simulator, so no flush), then a restart: the next id follows the stored positions.
    store.close();
    ({ store, sim } = await open());
    ids.push(await openPosition(sim));
    expect(ids).toEqual([1, 2, 3, 4]);
    // A reset takes it back to 1, stored at once (a fall of the id).
    expect((await call(sim, 'POST', '/__control/reset', { body: {}, unchecked: true })).status).toBeLessThan(300);
    store.close();
    ({ store, sim } = await open());
    expect(await openPosition(sim)).toBe(1);
    store.close();
  });

  it('keeps the key areas set through the control API across a restart, over the start options, until a reset', async () => {
    const dir = tempDir();
    const keyAreas = { 'start-key': ['swap'] };
    const status = async (sim: Simulator, apiKey: string, path: string): Promise<number> =>
      (await call(sim, 'GET', path, { apiKey, query: { users: TAKER_ADDRESS }, unchecked: true })).status;
    let store = await openStore(dir);
    let sim = makeSimulator({ store, keyAreas });
    sim.control.setKeyAreas('limited-key', ['tokens']);
    sim.control.setKeyAreas('start-key');
    expect(await status(sim, 'limited-key', '/lend/v1/borrow/positions')).toBe(403);
    // A crash (no close, no flush), then a restart with the same start options.
    store.close();
    store = await openStore(dir);
    sim = makeSimulator({ store, keyAreas });
    expect(await status(sim, 'limited-key', '/lend/v1/borrow/positions')).toBe(403);
    expect(await status(sim, 'start-key', '/lend/v1/borrow/positions')).toBe(200);
    expect(await status(sim, 'other-key', '/lend/v1/borrow/positions')).toBe(200);
    // The store holds no API key as it was given.
    expect(readFileSync(join(dir, STORE_FILE)).includes('limited-key')).toBe(false);
    // A reset goes back to the start options, and stays there after a restart.
    sim.control.reset();
    store.close();
    store = await openStore(dir);
    sim = makeSimulator({ store, keyAreas });
    expect(await status(sim, 'limited-key', '/lend/v1/borrow/positions')).toBe(200);
    expect(await status(sim, 'start-key', '/lend/v1/borrow/positions')).toBe(403);
    store.close();
  });

  it('a clock moved alone (a control call) is stored before the call returns', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const sim = makeSimulator({ store });
    const start = sim.control.now();
    sim.control.advanceTime(90_000);
    // A crash right after: the store is let go without the simulator's close (no flush).
    store.close();
    const again = await openStore(dir);
    expect(makeSimulator({ store: again }).control.now()).toBe(start + 90_000);
    again.close();
  });

  it('refuses another seed than the store holds', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    makeSimulator({ store, seed: 5 });
    store.close();
    const again = await openStore(dir);
    expect(() => makeSimulator({ store: again, seed: 6 })).toThrow(/holds a world of seed 5/);
    expect(makeSimulator({ store: again }).seed).toBe(5);
    again.close();
  });

  it('keeps every wallet, holding only the most recent in memory: an evicted one comes back from disk', async () => {
    const dir = tempDir();
    const settings = { maxWallets: 2 };
    const makers = await Promise.all([1, 2, 3, 4, 5].map((n) => createTestWallet(new Uint8Array(32).fill(n))));
    const session = async (sim: Simulator) => {
      for (const maker of makers) {
        sim.control.setBalance(maker.address, 'STABLECOIN_USD', 1234n);
        await openTriggerV1Order(sim, maker);
      }
      const first = makers[0]!.address;
      return {
        balance: sim.control.getBalance(first, 'STABLECOIN_USD'),
        orders: (await call(sim, 'GET', '/trigger/v1/getTriggerOrders', { query: { user: first, orderStatus: 'active' } })).body.orders
          .length,
      };
    };
    // In memory, the first wallet is dropped past the bound.
    expect(await session(makeSimulator({ settings }))).toEqual({ balance: 10_000_000_000n, orders: 0 });
    // With a store, it comes back from disk, in this process and after a restart. (It left memory
    // although requests that waited, the signed executes, ran before: once answered they hold nothing.)
    const store = await openStore(dir);
    let lookups = 0;
    const counting: StateStore = Object.create(store, {
      row: {
        value: (area: string, key: string) => {
          lookups++;
          return store.row(area, key);
        },
      },
    });
    expect(await session(makeSimulator({ store: counting, settings }))).toEqual({ balance: 1234n, orders: 1 });
    expect(lookups).toBeGreaterThan(0);
    store.close();
    const again = await openStore(dir);
    const sim = makeSimulator({ store: again, settings });
    expect(sim.control.getBalance(makers[0]!.address, 'STABLECOIN_USD')).toBe(1234n);
    again.close();
  });

  it('a landed transaction re-sent after a restart is answered as before, and refused under another request', async () => {
    const dir = tempDir();
    let store = await openStore(dir);
    let sim = makeSimulator({ store });
    const wallet = await createTestWallet();
    const query = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address };
    const a = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    const b = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    expect(b.transaction).toBe(a.transaction);
    const signedTransaction = await wallet.signTransaction(a.transaction);
    const first = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: a.requestId } });
    expect(first.body.status).toBe('Success');
    sim.close();
    store.close();
    store = await openStore(dir);
    sim = makeSimulator({ store });
    expect((await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: a.requestId } })).body).toEqual(first.body);
    const second = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: b.requestId } });
    expect(second.body).toMatchObject({ status: 'Failed', code: -1000, signature: first.body.signature });
    expect(second.body.error).toMatch(/already processed/);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
    store.close();
  });

  it('keeps the last landed transactions the explorer lists, and no more rows of them than it holds', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const sim = makeSimulator({ store, clock: 'manual' });
    const wallet = await createTestWallet();
    const blockhash = await recentBlockhash(sim);
    const send = async (target: Simulator, lamports: number): Promise<string> => {
      const built = buildTransaction({
        feePayer: wallet.address,
        instructions: [systemTransfer(wallet.address, TAKER_ADDRESS, BigInt(lamports))],
        blockhash,
        lastValidBlockHeight: 0,
      });
      return (await target.control.sendTransaction(await wallet.signTransaction(built.base64))).signature;
    };
    const storedPlaces = (): number[] => {
      const db = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true });
      const keys = db.prepare("SELECT key FROM rows WHERE area = 'ledger.transactions'").all() as Array<{ key: string }>;
      db.close();
      return keys.map((k) => Number(k.key)).sort((a, b) => a - b);
    };
    // Past the held bound: the oldest are dropped at once, and the explorer lists the last LANDED_KEPT.
    const total = LANDED_KEPT + LANDED_DROPPED_AT_ONCE + 2;
    const landed: string[] = [];
    for (let i = 0; i < total; i++) landed.push(await send(sim, i + 1));
    const listed = sim.control.transactions({ limit: 1_000 });
    expect(listed.transactions.map((t) => t.signature)).toEqual(landed.slice(-LANDED_KEPT).reverse());
    sim.close();
    store.close();
    const first = LANDED_DROPPED_AT_ONCE + 1;
    expect(storedPlaces()).toEqual(Array.from({ length: total - first }, (_, i) => first + i));

    const again = await openStore(dir);
    const restarted = makeSimulator({ store: again });
    expect(restarted.control.transactions({ limit: 1_000 })).toEqual(listed);
    // The next landing takes the place after the last one kept.
    const signature = await send(restarted, 0);
    expect(restarted.control.transactions({ limit: 1_000 }).transactions.map((t) => t.signature)).toEqual(
      [...landed.slice(-LANDED_KEPT + 1), signature].reverse(),
    );
    restarted.close();
    again.close();
    expect(storedPlaces()).toEqual(Array.from({ length: total + 1 - first }, (_, i) => first + i));
  });

  it('a commit that fails answers 500, then every request 503 until a restart; the store keeps what was committed', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const errors: unknown[] = [];
    const sim = makeSimulator({ store, onUnexpectedError: (error) => errors.push(error) });
    const wallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const setBalance = (amount: string) =>
      call(sim, 'POST', '/__control/set-balance', { body: { wallet, mint: 'NATIVE_COIN', amount }, unchecked: true });
    expect((await setBalance('1')).status).toBe(200);
    const commit = store.commit;
    store.commit = () => {
      throw new Error('disk I/O error (injected)');
    };
    const failed = await setBalance('2');
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).toMatch(/could not be stored .*disk I\/O error/);
    const after = await call(sim, 'GET', '/prediction/v1/trading-status', { unchecked: true });
    expect(after.status).toBe(503);
    expect(JSON.stringify(after.body)).toMatch(/failed earlier.*restart/);
    expect(errors).toHaveLength(2);
    store.commit = commit;
    store.close();
    const again = await openStore(dir);
    expect(makeSimulator({ store: again }).control.getBalance(wallet, 'NATIVE_COIN')).toBe(1n);
    again.close();
  });

  it('one process per store: a second open is refused while the first holds it', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    await expect(openStore(dir)).rejects.toThrow(/in use|locked|busy/i);
    store.close();
    (await openStore(dir)).close();
  });

  it('a store of the previous format (1) opens, keeps what it holds, and is of this format once opened', async () => {
    const dir = tempDir();
    const file = join(dir, STORE_FILE);
    const first = await openStore(dir);
    const sim = makeSimulator({ store: first });
    sim.control.setBalance(TAKER_ADDRESS, 'NATIVE_COIN', 5n);
    sim.close();
    first.close();
    const db = new DatabaseSync(file);
    db.exec('PRAGMA user_version = 1');
    db.close();

    const again = await openStore(dir);
    const restarted = makeSimulator({ store: again });
    expect(restarted.control.getBalance(TAKER_ADDRESS, NATIVE)).toBe(5n);
    restarted.close();
    again.close();
    const after = new DatabaseSync(file, { readOnly: true });
    expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
    after.close();
  });

  describe('a store it cannot read is refused with a message and left as it was', () => {
    const made = async (): Promise<string> => {
      const dir = tempDir();
      const store = await openStore(dir);
      const sim = makeSimulator({ store });
      sim.control.setBalance(world_taker(), 'NATIVE_COIN', 5n);
      store.close();
      return join(dir, STORE_FILE);
    };
    const world_taker = () => '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const edit = (file: string, sql: string): void => {
      const db = new DatabaseSync(file);
      db.exec(sql);
      db.close();
    };

    for (const [name, version, message] of [
      ['an older format', 0, /format 0, written by an older x-mock; this one reads formats 1 to 2/],
      ['a newer format', 3, /format 3, written by a newer x-mock; this one reads formats 1 to 2/],
    ] as const) {
      it(name, async () => {
        const file = await made();
        edit(file, `PRAGMA user_version = ${version}`);
        const before = digest(file);
        await expect(openStore(join(file, '..'))).rejects.toThrow(message);
        expect(digest(file)).toBe(before);
      });
    }

    it('by an x-mock that reads format 1 only: a store this one writes is of format 2', async () => {
      // Format 1 swap orders carry takerFeeLamports, which the x-mock that reads format 1 only
      // charges when it executes one: it must refuse this version's orders, not read them.
      const file = await made();
      const db = new DatabaseSync(file, { readOnly: true });
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
      db.close();
    });

    it('a damaged row', async () => {
      const file = await made();
      edit(file, `UPDATE rows SET json = '{"$bigint":"not a number"}' WHERE area = 'wallets'`);
      const before = digest(file);
      await expect(openStore(join(file, '..'))).rejects.toThrow(/damaged: row wallets .* does not decode/);
      expect(digest(file)).toBe(before);
    });

    it('damaged pages', async () => {
      const file = await made();
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 4096, bytes.length); // every page after the first (the header stays readable)
      writeFileSync(file, bytes);
      const before = digest(file);
      await expect(openStore(join(file, '..'))).rejects.toThrow(/damaged|malformed|not a readable/);
      expect(digest(file)).toBe(before);
    });

    it('a file that is not an x-mock store', async () => {
      const dir = tempDir();
      const file = join(dir, STORE_FILE);
      edit(file, 'CREATE TABLE other (x); INSERT INTO other VALUES (1)');
      const before = digest(file);
      await expect(openStore(dir)).rejects.toThrow(/is not an x-mock store/);
      expect(digest(file)).toBe(before);
      writeFileSync(file, 'plain text, not a database');
      const text = digest(file);
      await expect(openStore(dir)).rejects.toThrow(/not a readable SQLite database|cannot be opened|not an x-mock store/);
      expect(digest(file)).toBe(text);
    });
  });
});

describe('the README section "5. Durable state"', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## 5. Durable state'), readme.indexOf('## Runtimes'));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }));
  const dist = new URL('../../dist/', import.meta.url);

  it.runIf(existsSync(new URL('index.js', dist)))('runs its example and prints what its comment says', () => {
    const example = blocks.find((b) => b.lang === 'ts')!.body;
    const cwd = tempDir();
    const file = join(cwd, 'example.mjs');
    writeFileSync(
      file,
      example
        .replace("from '@x/mock';", `from '${new URL('index.js', dist).href}';`)
        .replace("from '@x/mock/node';", `from '${new URL('node/index.js', dist).href}';`),
    );
    const out = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', file], { cwd, encoding: 'utf8' });
    const expected = /console\.log\([^)]*\)\); \/\/ (.*)$/m.exec(example)![1]!;
    expect(out.trim()).toBe(expected);
  });

  it('says what a restart keeps and loses as it is: the landed transactions kept, the request journal and value history lost', async () => {
    const kept = /\*\*What is kept\*\*:([\s\S]*?)\*\*What is not\*\*:([\s\S]*?)\n\n/.exec(section)!;
    const [keptText, lostText] = [kept[1]!.replace(/\s+/g, ' '), kept[2]!.replace(/\s+/g, ' ')];
    expect(keptText).toContain('the last 1000 landed transactions the explorer lists');
    expect(lostText).toContain('the request journal');
    expect(lostText).toContain('the value history');
    // What the text says, done: a session with a request, a write and a landed transaction, restarted.
    const dir = tempDir();
    const store = await openStore(dir);
    const sim = makeSimulator({ store, jwtSecret: SECRET });
    const maker = await createTestWallet();
    const { executed } = await openTriggerV1Order(sim, maker);
    expect(executed.status).toBe(200);
    expect(sim.control.journal().entries.map((e) => e.operationId)).toEqual(['triggerV1Execute', 'triggerV1CreateOrder']);
    sim.control.advanceTime(60_000);
    const pointsOf = (s: Simulator) => s.control.valueHistory().wallets.find((w) => w.wallet === maker.address)?.points ?? [];
    expect(pointsOf(sim).length).toBeGreaterThan(1);
    const before = (await call(sim, 'GET', '/__control/transactions', { unchecked: true })).body;
    sim.close();
    store.close();
    const again = await openStore(dir);
    const restored = makeSimulator({ store: again, jwtSecret: SECRET });
    try {
      expect((await call(restored, 'GET', '/__control/transactions', { unchecked: true })).body).toEqual(before);
      expect(restored.control.getBalance(maker.address, PLATFORM_TOKEN)).toBe(sim.control.getBalance(maker.address, PLATFORM_TOKEN));
      expect(restored.control.journal().entries).toEqual([]);
      // The chart starts again: a read values the active wallets now, one point, none from before.
      expect(pointsOf(restored)).toHaveLength(1);
    } finally {
      restored.close();
      again.close();
    }
  });

  it('x-mock serve --data prints the line it shows', async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const options = parseCli(['serve', '--port', '0', '--data', dir]);
    if (options === 'help') throw new Error('unexpected help');
    const server = await serve(options, (line) => lines.push(line));
    await server.close();
    const shown = blocks.find((b) => b.lang === 'text')!.body.split('\n')[1]!;
    expect(lines).toContain(shown.replace('/home/me/sandbox', dir));
  });
});
