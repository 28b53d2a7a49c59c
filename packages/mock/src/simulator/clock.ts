// The simulated clock. In `manual` mode time moves only through advanceTime/setTime; in `real`
// mode it also follows the wall clock from the start time (what the CLI uses).

export type ClockMode = 'manual' | 'real';

export interface Clock {
  /** Simulated time, epoch milliseconds. */
  now(): number;
  advance(ms: number): void;
  set(epochMs: number): void;
  readonly mode: ClockMode;
  /** Simulated time at the last set/advance and the wall time then (what the durable store keeps). */
  snapshot(): ClockSnapshot;
  /** Back to a snapshot: a manual clock resumes at its time, a real one counts the wall time since. */
  restore(snapshot: ClockSnapshot): void;
  /** How many times `advance`, `set` or `restore` ran (the durable store compares it to see a move). */
  readonly moves: number;
}

export interface ClockSnapshot {
  base: number;
  wallAtBase: number;
}

/** 2026-01-01T00:00:00Z, the default start of simulated time. */
export const DEFAULT_START = Date.UTC(2026, 0, 1, 0, 0, 0);

export function createClock(start: number = DEFAULT_START, mode: ClockMode = 'manual', wall: () => number = Date.now): Clock {
  let base = start;
  let wallAtBase = wall();
  let moves = 0;
  return {
    mode,
    get moves() {
      return moves;
    },
    now: () => (mode === 'real' ? base + (wall() - wallAtBase) : base),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advanceTime expects a non-negative number of milliseconds');
      base += ms;
      moves++;
    },
    set(epochMs) {
      if (!Number.isFinite(epochMs)) throw new RangeError('setTime expects epoch milliseconds');
      base = epochMs;
      wallAtBase = wall();
      moves++;
    },
    snapshot: () => ({ base, wallAtBase }),
    restore(snapshot) {
      if (!Number.isFinite(snapshot.base) || !Number.isFinite(snapshot.wallAtBase)) throw new RangeError('invalid clock snapshot');
      base = snapshot.base;
      wallAtBase = snapshot.wallAtBase;
      moves++;
    },
  };
}
