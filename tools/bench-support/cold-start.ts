// Cold start: a fresh process that imports a package, builds what it needs and makes its first
// call, on Node, Bun and Deno (the root's devDependencies), side by side with a baseline program
// in the same run. Used by the benches of @x/fetch-client and @x/signing.
//
// Each program is a plain ES module run as is by the three runtimes. Its first statement takes
// `performance.now()`, it then imports what it uses (dynamic `import()`), makes its first call, and
// prints one JSON line `{"ms": <time since that first statement>}` (the part a package is
// responsible for). The wall time of the whole process (spawn to exit, runtime start included) is
// measured here. Programs run in rounds, their order rotating each round, after one warm-up run
// each (which fills the file cache); each figure is the median of the rounds, and a ratio is the
// median of the per-round ratios (two runs taken next to each other, so that a busy moment of the
// machine hits both).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

/** Rounds of each runtime. */
export const COLD_ROUNDS = 15;

export interface ColdRuntime {
  name: string;
  command: string;
  args(file: string, programArgs: string[]): string[];
}

export const coldRuntimes: ColdRuntime[] = [
  { name: `node ${process.versions.node}`, command: process.execPath, args: (file, rest) => [file, ...rest] },
  { name: 'bun', command: bin('bun'), args: (file, rest) => [file, ...rest] },
  // (`-A`: the programs read their arguments and call a local server.)
  { name: 'deno', command: bin('deno'), args: (file, rest) => ['run', '-A', file, ...rest] },
];

export interface ColdProgram {
  name: string;
  /** Absolute path of the module. */
  file: string;
}

export interface ColdFigure {
  /** Median time from the program's first statement to its first call's answer (ms). */
  programMs: number;
  /** That time in each round, in round order (a round runs every program once, one after the other). */
  rounds: number[];
  /** Median wall time of the process, spawn to exit (ms). */
  processMs: number;
}

interface Run {
  programMs: number;
  processMs: number;
}

function runOnce(runtime: ColdRuntime, program: ColdProgram, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(runtime.command, runtime.args(program.file, args), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      const processMs = performance.now() - started;
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`${program.name} on ${runtime.name} exited ${code}: ${(err || out).trim().slice(0, 600)}`));
        return;
      }
      resolve({ programMs: (JSON.parse(line) as { ms: number }).ms, processMs });
    });
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The ratio of two programs' cold starts: the median of their per-round ratios (rounds taken side by side). */
export const roundRatio = (a: ColdFigure, b: ColdFigure): number => median(a.rounds.map((ms, i) => ms / b.rounds[i]!));

/** `figures[runtime][program]`, or the error that kept a program from running on a runtime. */
export async function measureColdStarts(
  programs: ColdProgram[],
  args: string[],
  rounds = COLD_ROUNDS,
  runtimes = coldRuntimes,
): Promise<Record<string, Record<string, ColdFigure | Error>>> {
  const figures: Record<string, Record<string, ColdFigure | Error>> = {};
  for (const runtime of runtimes) {
    const runs: Record<string, Run[]> = Object.fromEntries(programs.map((p) => [p.name, []]));
    const failed: Record<string, Error> = {};
    for (const program of programs) await runOnce(runtime, program, args).catch((error: Error) => (failed[program.name] = error));
    const running = programs.filter((p) => !failed[p.name]);
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < running.length; i++) {
        const program = running[(i + round) % running.length]!;
        runs[program.name]!.push(await runOnce(runtime, program, args));
      }
    }
    figures[runtime.name] = Object.fromEntries(
      programs.map((p) => [
        p.name,
        failed[p.name] ?? {
          programMs: median(runs[p.name]!.map((r) => r.programMs)),
          rounds: runs[p.name]!.map((r) => r.programMs),
          processMs: median(runs[p.name]!.map((r) => r.processMs)),
        },
      ]),
    );
  }
  return figures;
}

/**
 * Prints the figures of `measureColdStarts`, one line per runtime and program, then per runtime
 * the target: `x`'s import-to-first-call time at most `target` times `baseline`'s.
 */
export function printColdStarts(
  figures: Record<string, Record<string, ColdFigure | Error>>,
  {
    x,
    baseline,
    empty,
    floor,
    what,
    target,
  }: {
    x: string;
    baseline: string;
    empty: string;
    /** A program whose ratio to `x` is printed beside the target's (no target of its own). */
    floor?: string;
    what: string;
    target: number;
  },
): void {
  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  console.log(`  (${what}: from the program's first statement to its end; process: spawn to exit, the runtime's start included)`);
  const width = Math.max(16, ...Object.values(figures).flatMap((byProgram) => Object.keys(byProgram).map((name) => name.length)));
  for (const [runtime, byProgram] of Object.entries(figures)) {
    for (const [name, f] of Object.entries(byProgram)) {
      const label = `  ${runtime.padEnd(13)} ${name.padEnd(width)}`;
      if (f instanceof Error) console.log(`${label} did not run: ${f.message}`);
      else if (name === empty) console.log(`${label} ${''.padStart(what.length + 10)}process ${fmt(f.processMs).padStart(6)} ms`);
      else console.log(`${label} ${what} ${fmt(f.programMs).padStart(6)} ms   process ${fmt(f.processMs).padStart(6)} ms`);
    }
    const ours = byProgram[x];
    const theirs = byProgram[baseline];
    if (!ours || !theirs || ours instanceof Error || theirs instanceof Error) continue;
    const ratio = roundRatio(ours, theirs);
    const below = floor ? byProgram[floor] : undefined;
    const overFloor = below && !(below instanceof Error) ? `; ${x} / ${floor} ${fmt(roundRatio(ours, below), 2)}` : '';
    console.log(
      `  target (${runtime}): ${x} <= ${target === 1 ? '' : `${target}x `}${baseline}'s -> ${fmt(ours.programMs)} vs ${fmt(theirs.programMs)} ms, ratio ${fmt(ratio, 2)} (median of the rounds' ratios; ${ratio <= target ? 'met' : 'MISSED'}); whole process ${fmt(ours.processMs / theirs.processMs, 2)}${overFloor}`,
    );
  }
}
