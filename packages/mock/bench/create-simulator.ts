// Benchmark of createSimulator() (run by `pnpm --filter @x/mock run bench`, after a build): what
// a test suite that makes a fresh simulator per test pays for each one. Side by side in one run:
//   - the first simulator of a process (fresh child processes: import excluded, shared parts built);
//   - every later one (median; target < 1 ms): shared parts reused, only the instance's state made;
//   - the same with the newer parts off (`journal: 0`, `controlRoutes: false`: no request journal,
//     no control API or explorer), interleaved: what the journal, the value history, the control
//     key and the key areas add to a simulator's creation (target: at most 1.10x);
//   - when BENCH_BASELINE_DIST names the dist/ of another build of @x/mock (e.g. one from before
//     the durable store, journal and explorer: `git archive <commit> | tar -x`, install, build),
//     that build's createSimulator(), interleaved (target: at most 1.10x, "unchanged"). Without it
//     there is no earlier build to run here: the figure is then only compared with the first two;
//   - the baseline: the same creation with nothing shared (each on its own copy of the document;
//     request validators compile on an operation's first request in both cases, so neither
//     figure includes them);
//   - control.reset() on an existing simulator, the other way to isolate tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNT = Number(process.env.BENCH_CREATE_COUNT ?? 2_000);
const BASELINE_COUNT = Number(process.env.BENCH_CREATE_BASELINE_COUNT ?? 100);
const PROCESSES = Number(process.env.BENCH_CREATE_PROCESSES ?? 5);
const TARGET_MS = 1;
const SAME_TARGET = 1.1;
const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface Mock {
  createSimulator(options?: { spec?: unknown; journal?: number; controlRoutes?: boolean }): {
    control: { reset(): void };
    fetch(request: Request): Promise<Response>;
  };
}

const load = async (index = distIndex): Promise<Mock> => (await import(index)) as Mock;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const fmt = (ms: number): string => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const mark = (ok: boolean): string => (ok ? 'met' : 'MISSED');

async function child(): Promise<void> {
  const { createSimulator } = await load();
  const first = time(() => createSimulator());
  const second = time(() => createSimulator());
  process.stdout.write(JSON.stringify({ first, second }));
}

async function main(): Promise<void> {
  if (!existsSync(distIndex)) throw new Error('dist/index.js is missing: build the package first (pnpm --filter @x/mock run build)');
  const firsts: number[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child'], { encoding: 'utf8' });
    firsts.push((JSON.parse(out) as { first: number }).first);
  }

  const { createSimulator } = await load();
  const { loadSpec } = await import('@x/openapi/reader');
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const earlier = baselineDist ? (await load(join(resolve(baselineDist), 'index.js'))).createSimulator : undefined;
  const bare = () => createSimulator({ journal: 0, controlRoutes: false });
  for (let i = 0; i < 200; i++) {
    createSimulator(); // warm up
    bare();
    earlier?.();
  }
  // Interleaved so that background load hits all alike: one baseline per COUNT / BASELINE_COUNT cached.
  const cached: number[] = [];
  const partsOff: number[] = [];
  const earlierBuild: number[] = [];
  const baseline: number[] = [];
  const every = Math.max(1, Math.floor(COUNT / BASELINE_COUNT));
  for (let i = 0; i < COUNT; i++) {
    // Which goes first alternates (a collection started by one lands on the next).
    if (i % 2 === 0) {
      cached.push(time(() => createSimulator()));
      partsOff.push(time(bare));
    } else {
      partsOff.push(time(bare));
      cached.push(time(() => createSimulator()));
    }
    if (earlier) earlierBuild.push(time(() => earlier()));
    if (i % every === 0) {
      const spec = structuredClone(loadSpec()); // a new document: nothing of the shared parts applies
      baseline.push(time(() => createSimulator({ spec })));
    }
  }
  const sim = createSimulator();
  const resets: number[] = [];
  for (let i = 0; i < COUNT; i++) resets.push(time(() => sim.control.reset()));

  const cachedMedian = median(cached);
  const baselineMedian = median(baseline);
  const offMedian = median(partsOff);
  console.log(
    `\ncreateSimulator(): ${COUNT} instances in one process (${COUNT} with the newer parts off${earlier ? `, ${COUNT} of the earlier build` : ''} and ${baseline.length} baseline ones interleaved), first instance in ${PROCESSES} fresh processes`,
  );
  console.log(`  first in a process (median)          ${fmt(median(firsts)).padStart(10)}  (${firsts.map(fmt).join(', ')})`);
  console.log(
    `  after the first (median)             ${fmt(cachedMedian).padStart(10)}  target < ${TARGET_MS} ms: ${mark(cachedMedian < TARGET_MS)}`,
  );
  const offRatio = cachedMedian / offMedian;
  console.log(
    `  newer parts off (median)             ${fmt(offMedian).padStart(10)}  ratio ${offRatio.toFixed(2)}x, target <= ${SAME_TARGET}x: ${mark(offRatio <= SAME_TARGET)}`,
  );
  if (earlier) {
    const earlierMedian = median(earlierBuild);
    const ratio = cachedMedian / earlierMedian;
    console.log(
      `  earlier build (median)               ${fmt(earlierMedian).padStart(10)}  ratio ${ratio.toFixed(2)}x, target <= ${SAME_TARGET}x: ${mark(ratio <= SAME_TARGET)}  (${baselineDist})`,
    );
  } else {
    console.log('  earlier build                        (set BENCH_BASELINE_DIST to the dist/ of an earlier build to compare with it)');
  }
  console.log(
    `  baseline, nothing shared (median)    ${fmt(baselineMedian).padStart(10)}  ratio ${(cachedMedian / baselineMedian).toFixed(3)} (${(baselineMedian / cachedMedian).toFixed(0)}x faster)`,
  );
  console.log(`  control.reset() (median)             ${fmt(median(resets)).padStart(10)}`);
}

if (process.argv.includes('--child')) await child();
else await main();
