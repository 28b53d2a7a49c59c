// Benchmark of createSimulator() (run by `pnpm --filter @x/mock run bench`, after a build): what a
// test suite that makes a fresh simulator per test pays for each one. Side by side in one run:
//   - the first simulator of a process (fresh child processes: import excluded, shared parts built);
//   - every later one (median; target < 1 ms): shared parts reused, only the instance's state made;
//   - the baseline: the same creation with nothing shared (each on its own copy of the document;
//     request validators compile on an operation's first request in both cases, so neither
//     figure includes them);
//   - control.reset() on an existing simulator, the other way to isolate tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COUNT = Number(process.env.BENCH_CREATE_COUNT ?? 2_000);
const BASELINE_COUNT = Number(process.env.BENCH_CREATE_BASELINE_COUNT ?? 100);
const PROCESSES = Number(process.env.BENCH_CREATE_PROCESSES ?? 5);
const TARGET_MS = 1;
const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface Mock {
  createSimulator(options?: { spec?: unknown }): { control: { reset(): void }; fetch(request: Request): Promise<Response> };
}

const load = async (): Promise<Mock> => (await import(distIndex)) as Mock;

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
  createSimulator();
  for (let i = 0; i < 200; i++) createSimulator(); // warm up
  // Interleaved so that background load hits both alike: one baseline per COUNT / BASELINE_COUNT cached.
  const cached: number[] = [];
  const baseline: number[] = [];
  const every = Math.max(1, Math.floor(COUNT / BASELINE_COUNT));
  for (let i = 0; i < COUNT; i++) {
    cached.push(time(() => createSimulator()));
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
  console.log(
    `\ncreateSimulator(): ${COUNT} instances in one process (${baseline.length} baseline ones interleaved), first instance in ${PROCESSES} fresh processes`,
  );
  console.log(`  first in a process (median)          ${fmt(median(firsts)).padStart(10)}  (${firsts.map(fmt).join(', ')})`);
  console.log(
    `  after the first (median)             ${fmt(cachedMedian).padStart(10)}  target < ${TARGET_MS} ms: ${mark(cachedMedian < TARGET_MS)}`,
  );
  console.log(
    `  baseline, nothing shared (median)    ${fmt(baselineMedian).padStart(10)}  ratio ${(cachedMedian / baselineMedian).toFixed(3)} (${(baselineMedian / cachedMedian).toFixed(0)}x faster)`,
  );
  console.log(`  control.reset() (median)             ${fmt(median(resets)).padStart(10)}`);
}

if (process.argv.includes('--child')) await child();
else await main();
