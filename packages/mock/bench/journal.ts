// Benchmark of the request journal (run by `pnpm --filter @x/mock run bench`, after a build): what
// recording each request costs. Side by side in one run: the same requests through the simulator's
// own request handler (no HTTP), with the journal on (its default, 200 entries) and off
// (`journal: 0`). Two requests: a small GET (trading status) and a large one (a page of prediction
// events, tens of KiB of JSON, which the journal serialises once in place of the adapter).
// Robust on a shared machine: each round alternates short blocks of the two (on, off, off, on,
// ...), a block sized to take about BLOCK_MS (well above the timer's resolution); a round's
// figure for each is its fastest block (background load and preemption only ever add time, so the
// fastest block is the least disturbed), and the figure is the median of the per-round ratios of
// those; target: at most 1.10x.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SimRequest } from '../src/simulator/types.ts';

const ROUNDS = Number(process.env.BENCH_JOURNAL_ROUNDS ?? 21);
/** Blocks of each target per round (alternating, in ABBA order). */
const BLOCKS = Number(process.env.BENCH_JOURNAL_BLOCKS ?? 8);
/** Time one block aims to take (ms): its request count is calibrated to this. */
const BLOCK_MS = Number(process.env.BENCH_JOURNAL_BLOCK_MS ?? 10);
const TARGET = 1.1;
const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const distHandler = fileURLToPath(new URL('../dist/simulator/native-handler.js', import.meta.url));

interface Handler {
  handle(request: SimRequest): unknown;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const serialise = (r: { raw?: boolean; body: unknown }): string => (r.raw ? String(r.body) : JSON.stringify(r.body));

async function main(): Promise<void> {
  if (!existsSync(distIndex)) throw new Error('dist/index.js is missing: build the package first (pnpm --filter @x/mock run build)');
  const { createSimulator } = (await import(distIndex)) as { createSimulator(o?: object): object };
  const { simHandlerOf } = (await import(distHandler)) as { simHandlerOf(s: object): Handler };
  // A rate limit no run reaches (the default, a million a minute of simulated time that stands
  // still, would turn the later blocks into 429s).
  const rateLimit = { limit: 1_000_000_000 };
  const targets = { on: simHandlerOf(createSimulator({ rateLimit })), off: simHandlerOf(createSimulator({ journal: 0, rateLimit })) };
  const headers: Record<string, string> = { 'x-api-key': 'bench-key' };
  const request = (path: string, query = ''): SimRequest => ({
    method: 'GET',
    path,
    query: new URLSearchParams(query),
    header: (name) => headers[name],
    bodyText: '',
  });
  const cases = [
    { name: 'small GET (trading status)', request: request('/prediction/v1/trading-status') },
    { name: 'large GET (events page)', request: request('/prediction/v1/events', 'category=sports&includeMarkets=true') },
  ];
  for (const { name, request: req } of cases) {
    // What a server does with an answer: serialise it (the journal's answers come serialised).
    // Returns the total time of `count` requests (ms).
    const run = (handler: Handler, count: number): number => {
      const start = performance.now();
      let status = 0;
      for (let i = 0; i < count; i++) {
        const response = handler.handle(req) as { status: number; raw?: boolean; body: unknown };
        serialise(response);
        status = response.status;
      }
      const elapsed = performance.now() - start;
      if (status !== 200) throw new Error(`${name} answered ${status}: the bench measures 200s only`);
      return elapsed;
    };
    // Warm-up (both optimised), then a block size that takes about BLOCK_MS.
    let perRequest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      run(targets.on, 2_000);
      perRequest = Math.min(perRequest, run(targets.off, 2_000) / 2_000);
    }
    const block = Math.max(100, Math.ceil(BLOCK_MS / perRequest));
    const ratios: number[] = [];
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let withJournal = Number.POSITIVE_INFINITY;
      let without = Number.POSITIVE_INFINITY;
      for (let b = 0; b < BLOCKS; b++) {
        // ABBA: on first in even pairs, off first in odd ones.
        if ((b & 1) === (round & 1)) {
          withJournal = Math.min(withJournal, run(targets.on, block));
          without = Math.min(without, run(targets.off, block));
        } else {
          without = Math.min(without, run(targets.off, block));
          withJournal = Math.min(withJournal, run(targets.on, block));
        }
      }
      on.push(withJournal / block);
      off.push(without / block);
      ratios.push(withJournal / without);
    }
    const ratio = median(ratios);
    console.log(
      `journal, ${name}: ${(median(on) * 1000).toFixed(2)} µs/request on, ${(median(off) * 1000).toFixed(2)} µs off (fastest of ${BLOCKS} alternating blocks of ${block} requests, median of ${ROUNDS} rounds); ` +
        `${ratio.toFixed(3)}x (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}), target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'}`,
    );
  }
}

await main();
