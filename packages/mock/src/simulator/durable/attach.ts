// Keeps one simulator's state in a durable store: loads it at creation, and commits what every
// request changed, in one transaction, before its answer leaves (see `run`). Without a store none
// of this runs: createSimulator() and its requests are as they were.
import { LANDED_DROPPED_AT_ONCE, LANDED_KEPT } from '../chain/ledger.js';
import type { SimContext } from '../context.js';
import type { Random } from '../random.js';
import { TOKENS } from '../tokens.js';
import { Area, type AreaContext, ReadLog } from './area.js';
import type { StateStore, StoreBatch } from './backend.js';

/** Commits between two sweeps of expired rows. */
const SWEEP_EVERY = 1_000;

/** A commit failed: the change it carried is in memory only, so the simulator stops answering. */
export class DurableStoreError extends Error {
  /** Whether the failure was an earlier commit's (this request changed nothing). */
  readonly earlier: boolean;
  constructor(message: string, earlier: boolean) {
    super(message);
    this.earlier = earlier;
  }
}

/** The request-id stream lives in createSimulator; the store reads and restores it through this. */
export interface Streams {
  requestIds(): Random;
}

/** The bounds of memory: what each area keeps in memory at most (the rest stays on disk). */
export interface MemoryBounds {
  /** Wallets whose balances, orders and vaults stay in memory (the settings' maxWallets). */
  maxWallets: number;
}

export interface Durable {
  /**
   * Runs `fn` (a request, a control action, a market poll) and commits what it changed before its
   * result is used. `read`: `fn` answers a read request (GET, HEAD): the entries it only read are
   * checked for changes made in place only when it changed something else (a read that changes
   * state in place, a trigger order expiring on read, also moves balances), so that a read that
   * changes nothing costs no encoding and no commit. While its synchronous part runs, what it
   * reads is only noted in a log (three stores an entry), dropped at its end when it changed
   * nothing: such a read runs no statement and marks nothing. A read that waits (a promise) has
   * what it read so far marked when it starts waiting.
   */
  run<T>(fn: () => T, read?: boolean): T;
  /** Stores what is not stored yet (the id streams' position): on a clean close. */
  flush(): void;
  /** The commit failure that stopped the store, if any. */
  readonly failure: Error | undefined;
}

/**
 * The scalar state. The id streams move on reads too (a quote's id, an error's request id): they
 * are stored with the next change, not on their own, so a read costs no commit. After a crash,
 * reads made since the last change may hand out their ids again (no stored entity has them).
 */
interface Scalars {
  clock: { base: number; wallAtBase: number };
  random: number[];
  requestIds: number[];
  prices: Array<number | null>;
  tradingActive: boolean;
  nextNftId: number;
}

/**
 * The scalars but the id streams, as numbers (clock base and wall time at base, trading active,
 * next position id, each token's price or -1), compared after every change without making any
 * text: a change there is stored at once. But the next lend position id: its rises are not stored
 * on their own (a rise makes a position, stored in the same commit, and loading takes the highest
 * stored position's id + 1 when that is higher: `deriveNextNftId`), which spares every position
 * opened a write of the scalars; a fall (a reset) is stored at once.
 */
const STATE_SIZE = 4 + TOKENS.length;
/** Index of the next lend position id in the state. */
const NEXT_NFT = 3;

function readState(sim: SimContext, into: Float64Array): Float64Array {
  const { base, wallAtBase } = sim.clock.snapshot();
  into[0] = base;
  into[1] = wallAtBase;
  into[2] = sim.tradingActive ? 1 : 0;
  into[3] = sim.lend.nextNftId;
  for (let i = 0; i < TOKENS.length; i++) into[4 + i] = sim.prices.usd(TOKENS[i]!.mint) ?? -1;
  return into;
}

/** The moves of the clock and of the prices so far: a read compares one number with the last commit's instead of reading every price. */
const movesOf = (sim: SimContext): number => sim.clock.moves + sim.prices.moves;

/** Whether `now` needs no store over `saved` (see STATE_SIZE: a rise of the next position id does not). */
function sameState(now: Float64Array, saved: Float64Array): boolean {
  for (let i = 0; i < STATE_SIZE; i++) if (now[i] !== saved[i] && (i !== NEXT_NFT || now[i]! < saved[i]!)) return false;
  return true;
}

/** The id streams' positions, as numbers (compared before their text is made). */
const STREAMS_SIZE = 8;

function readStreams(sim: SimContext, streams: Streams, into: Float64Array): Float64Array {
  into.set(sim.random.state(), 0);
  into.set(streams.requestIds().state(), 4);
  return into;
}

function sameStreams(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < STREAMS_SIZE; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The next lend position id after a load: past every stored position (see STATE_SIZE). */
function deriveNextNftId(sim: SimContext): void {
  for (const id of Map.prototype.keys.call(sim.lend.positions))
    if (typeof id === 'number' && id >= sim.lend.nextNftId) sim.lend.nextNftId = id + 1;
}

function scalarsOf(sim: SimContext, streams: Streams): Scalars {
  return {
    clock: sim.clock.snapshot(),
    random: sim.random.state(),
    requestIds: streams.requestIds().state(),
    prices: TOKENS.map((t) => sim.prices.usd(t.mint) ?? null),
    tradingActive: sim.tradingActive,
    nextNftId: sim.lend.nextNftId,
  };
}

function restoreScalars(sim: SimContext, streams: Streams, json: string): void {
  const s = JSON.parse(json) as Scalars;
  if (
    !s ||
    typeof s !== 'object' ||
    !Array.isArray(s.prices) ||
    s.prices.length !== TOKENS.length ||
    typeof s.tradingActive !== 'boolean' ||
    !Number.isSafeInteger(s.nextNftId)
  )
    throw new RangeError('the stored scalar state is not in the expected shape');
  sim.clock.restore(s.clock);
  sim.random.restore(s.random);
  streams.requestIds().restore(s.requestIds);
  TOKENS.forEach((token, i) => {
    const usd = s.prices[i];
    if (typeof usd === 'number') sim.prices.set(token.mint, usd);
  });
  sim.tradingActive = s.tradingActive;
  sim.lend.nextNftId = s.nextNftId;
}

/** Loads `store` into `sim` (whose maps must be fresh) and returns what commits its changes. */
export function attachDurable(
  store: StateStore,
  sim: SimContext,
  streams: Streams,
  bounds: MemoryBounds,
  /** The key areas changed through the control API, by key digest (key-access.ts). */
  keyAreas: Map<string, readonly string[] | null>,
): Durable {
  let gen = 0;
  let seq = store.lastSeq();
  const inFlight = new Set<number>();
  /** Areas with something for the next commit (the others cost it nothing). */
  const active = new Set<Area>();
  /** Where a read request notes what it reads while its synchronous part runs. */
  const readLog = new ReadLog();
  const ctx: AreaContext = {
    store,
    gen: () => gen,
    now: () => sim.clock.now(),
    nextSeq: () => ++seq,
    activate: (area) => active.add(area),
    readLog: undefined,
  };
  const wallets = bounds.maxWallets;
  const { ledger, swap, express, portfolio, triggerV1: v1, triggerV2: v2, lend } = sim;
  const areas: Area[] = [
    Area.map('wallets', sim.wallets.changed, ctx, wallets * 2),
    Area.bounded('ledger.landed', ledger.maps.landed, ctx, 100_000),
    Area.bounded('ledger.issued', ledger.maps.issued, ctx, 20_000),
    Area.bounded('ledger.transactions', ledger.maps.transactions, ctx, LANDED_KEPT + LANDED_DROPPED_AT_ONCE),
    Area.bounded('swap.orders', swap.orders, ctx, sim.settings.maxSwapOrders),
    Area.bounded('express.crafts', express.crafts, ctx, 10_000),
    Area.map('express.tokens', express.tokens, ctx),
    Area.map('portfolio.stakes', portfolio.stakes, ctx),
    Area.map('triggerV1.orders', v1.orders, ctx, wallets * 4),
    Area.map('triggerV1.byMaker', v1.byMaker, ctx, wallets),
    Area.bounded('triggerV1.pending', v1.pending, ctx, 10_000),
    Area.bounded('triggerV2.challenges', v2.challenges, ctx, 10_000),
    Area.map('triggerV2.vaults', v2.vaults, ctx, wallets),
    Area.bounded('triggerV2.deposits', v2.deposits, ctx, 20_000),
    Area.bounded('triggerV2.usedDeposits', v2.usedDeposits, ctx, 20_000),
    Area.map('triggerV2.orders', v2.orders, ctx, wallets * 4),
    Area.map('triggerV2.byWallet', v2.byWallet, ctx, wallets),
    Area.map('lend.positions', lend.positions, ctx),
    Area.map('keyAreas', keyAreas, ctx),
  ];
  if (store.scalars !== undefined) restoreScalars(sim, streams, store.scalars);
  for (const area of areas) area.load();
  deriveNextNftId(sim);
  let savedScalars = store.scalars;
  let commits = 0;
  /** Depth of synchronous run() calls. */
  let nested = 0;
  let failure: Error | undefined;

  let savedState: Float64Array = readState(sim, new Float64Array(STATE_SIZE));
  let state: Float64Array = new Float64Array(STATE_SIZE);
  let savedStreams: Float64Array = readStreams(sim, streams, new Float64Array(STREAMS_SIZE));
  let streamsNow: Float64Array = new Float64Array(STREAMS_SIZE);
  /** The clock's and prices' moves when the state was last compared with (or stored as) savedState. */
  let savedMoves = movesOf(sim);
  const sameScalars = (): boolean =>
    movesOf(sim) === savedMoves && savedState[2] === (sim.tradingActive ? 1 : 0) && sim.lend.nextNftId >= savedState[NEXT_NFT]!;
  const commit = (flush = false, read = false): void => {
    // A read that wrote no entry and moved no scalar: nothing to store, and what it read is
    // forgotten (no statement, no transaction, no encoding; see `run`).
    if (read && !flush && !anyWritten() && sameScalars()) {
      readLog.clear();
      if (active.size > 0) release();
      return;
    }
    // A read that changed something: what it read is looked at too (changed in place?).
    readLog.mark();
    // Expired rows are swept by every so many commits of writes (a read never opens a transaction for it).
    const sweep = !read && ++commits % SWEEP_EVERY === 0;
    const batch: StoreBatch = { clears: [], deletes: [], writes: [], sweep, sweeps: [] };
    for (const area of active) {
      area.collect(batch);
      if (!read) area.collectRead(batch);
    }
    if (batch.sweep) for (const area of areas) area.collectSweep(batch);
    // The state is read only when something that moves it ran (sameScalars: its moves are counted).
    const stateMoved = !sameScalars() && !sameState(readState(sim, state), savedState);
    const changed = batch.clears.length + batch.deletes.length + batch.writes.length + batch.sweeps.length > 0 || stateMoved;
    const oldest = oldestInFlight();
    if (changed)
      for (const area of active) {
        if (read) area.collectRead(batch);
        area.collectIterated(batch);
      }
    // The scalars' text is made when they may have moved: the state, or the id streams (stored with a change).
    if (
      flush ||
      (changed && (stateMoved || savedScalars === undefined || !sameStreams(readStreams(sim, streams, streamsNow), savedStreams)))
    ) {
      const scalars = JSON.stringify(scalarsOf(sim, streams));
      if (scalars !== savedScalars) batch.scalars = scalars;
    }
    if (changed || batch.scalars !== undefined) {
      try {
        store.commit(batch);
      } catch (error) {
        failure = error as Error;
        throw new DurableStoreError(`the change could not be stored in ${store.location}: ${(error as Error).message}`, false);
      }
      if (batch.scalars !== undefined) {
        savedScalars = batch.scalars;
        [savedState, state] = [readState(sim, state), savedState];
        [savedStreams, streamsNow] = [readStreams(sim, streams, streamsNow), savedStreams];
      }
    }
    // (stored, or the same as stored)
    savedMoves = movesOf(sim);
    release(oldest);
  };
  const anyWritten = (): boolean => {
    if (active.size === 0) return false;
    for (const area of active) if (area.written) return true;
    return false;
  };
  /** The generation of the oldest request still waiting, or the next one when none is. */
  const oldestInFlight = (): number => (inFlight.size === 0 ? gen + 1 : (inFlight.values().next().value as number));
  /** After a commit (or a read with nothing to commit): the areas forget what no request in flight can still act on. */
  const release = (oldest: number = oldestInFlight()): void => {
    for (const area of active) if (area.committed(oldest)) active.delete(area);
  };

  const end = (token: number, read: boolean): void => {
    inFlight.delete(token);
    commit(false, read);
  };

  return {
    run<T>(fn: () => T, read = false): T {
      if (failure) throw new DurableStoreError(`the durable store failed earlier (${failure.message}); restart the simulator`, true);
      // Called from within another run's synchronous part (a control action of a control request): that one commits.
      if (nested > 0) return fn();
      // In flight only once it waits: until then no other request runs, so none commits.
      const token = ++gen;
      let result: T;
      nested++;
      if (read) ctx.readLog = readLog;
      try {
        result = fn();
      } catch (error) {
        nested--;
        ctx.readLog = undefined;
        commit(false, read);
        throw error;
      }
      nested--;
      ctx.readLog = undefined;
      if (result instanceof Promise) {
        inFlight.add(token);
        // A read that goes on after this turn: what it read so far is marked, as the rest of it will be.
        readLog.mark();
        return result.then(
          (value: unknown) => {
            end(token, read);
            return value;
          },
          (error: unknown) => {
            end(token, read);
            throw error;
          },
        ) as T;
      }
      commit(false, read);
      return result;
    },
    flush() {
      if (!failure) commit(true);
    },
    get failure() {
      return failure;
    },
  };
}
