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
// BENCH_JOURNAL_BASE=<a dist directory of another build of this package> (e.g. main's, copied
// beside this package so that its imports resolve) runs that build's on and off in the same
// rounds, in the same alternation, and prints its figures and the ratios of this build to it:
// a change of a few per cent shows only side by side.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimRequest } from '../src/simulator/types.ts';

const ROUNDS = Number(process.env.BENCH_JOURNAL_ROUNDS ?? 21);
/** Blocks of each target per round (alternating, in ABBA order). */
const BLOCKS = Number(process.env.BENCH_JOURNAL_BLOCKS ?? 8);
/** Time one block aims to take (ms): its request count is calibrated to this. */
const BLOCK_MS = Number(process.env.BENCH_JOURNAL_BLOCK_MS ?? 10);
const TARGET = 1.1;
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const baseDir = process.env.BENCH_JOURNAL_BASE;

interface Handler {
  handle(request: SimRequest): unknown;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const serialise = (r: { raw?: boolean; body: unknown }): string => (r.raw ? String(r.body) : JSON.stringify(r.body));

/** A build's handlers with the journal on and off. */
async function targetsOf(dir: string): Promise<{ on: Handler; off: Handler }> {
  const index = join(dir, 'index.js');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the package first (pnpm --filter @x/mock run build)`);
  const { createSimulator } = (await import(index)) as { createSimulator(o?: object): object };
  const { simHandlerOf } = (await import(join(dir, 'simulator/native-handler.js'))) as { simHandlerOf(s: object): Handler };
  // A rate limit no run reaches (the default, a million a minute of simulated time that stands
  // still, would turn the later blocks into 429s).
  const rateLimit = { limit: 1_000_000_000 };
  return { on: simHandlerOf(createSimulator({ rateLimit })), off: simHandlerOf(createSimulator({ journal: 0, rateLimit })) };
}

async function main(): Promise<void> {
  const builds = [{ name: 'this build', ...(await targetsOf(distDir)) }];
  if (baseDir) builds.push({ name: 'base build', ...(await targetsOf(resolve(baseDir))) });
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
    // Each target runs in a loop of its own, compiled from this source apart (new Function), so
    // that its call of `handle` sees one target only: one loop shared by the targets of two
    // builds would be a polymorphic call site, slower for all and not as a server calls it.
    // A loop returns the total time of `count` requests (ms).
    const loopOf = (handler: Handler): ((count: number) => number) =>
      new Function(
        'handler',
        'req',
        'serialise',
        'name',
        `return (count) => {
          const start = performance.now();
          let status = 0;
          for (let i = 0; i < count; i++) {
            const response = handler.handle(req);
            serialise(response);
            status = response.status;
          }
          const elapsed = performance.now() - start;
          if (status !== 200) throw new Error(name + ' answered ' + status + ': the bench measures 200s only');
          return elapsed;
        };`,
      )(handler, req, serialise, name) as (count: number) => number;
    const loops = builds.map((build) => ({ on: loopOf(build.on), off: loopOf(build.off) }));
    // Warm-up (every target optimised), then a block size that takes about BLOCK_MS.
    let perRequest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      for (const loop of loops) {
        loop.on(2_000);
        perRequest = Math.min(perRequest, loop.off(2_000) / 2_000);
      }
    }
    const block = Math.max(100, Math.ceil(BLOCK_MS / perRequest));
    // Per build: the fastest block's time per request of on and off in each round, and their ratio.
    const figures = builds.map(() => ({ on: [] as number[], off: [] as number[], ratios: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      const fastest = builds.map(() => ({ on: Number.POSITIVE_INFINITY, off: Number.POSITIVE_INFINITY }));
      for (let b = 0; b < BLOCKS; b++) {
        // ABBA: on first in even pairs, off first in odd ones; the builds' order flips likewise.
        const order = (b & 1) === (round & 1) ? (['on', 'off'] as const) : (['off', 'on'] as const);
        const buildOrder = (b & 2) === 0 ? builds.keys() : [...builds.keys()].reverse();
        for (const i of buildOrder) for (const which of order) fastest[i]![which] = Math.min(fastest[i]![which], loops[i]![which](block));
      }
      fastest.forEach(({ on, off }, i) => {
        figures[i]!.on.push(on / block);
        figures[i]!.off.push(off / block);
        figures[i]!.ratios.push(on / off);
      });
    }
    const spread = (values: number[]): string => `${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)}`;
    builds.forEach((build, i) => {
      const { on, off, ratios } = figures[i]!;
      const ratio = median(ratios);
      const label = builds.length > 1 ? ` [${build.name}]` : '';
      console.log(
        `journal, ${name}${label}: ${(median(on) * 1000).toFixed(2)} µs/request on, ${(median(off) * 1000).toFixed(2)} µs off (fastest of ${BLOCKS} alternating blocks of ${block} requests, median of ${ROUNDS} rounds); ` +
          `${ratio.toFixed(3)}x (rounds ${spread(ratios)}), target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'}`,
      );
    });
    if (builds.length > 1) {
      const [mine, base] = figures as [(typeof figures)[0], (typeof figures)[0]];
      for (const which of ['on', 'off'] as const) {
        const ratios = mine[which].map((t, r) => t / base[which][r]!);
        console.log(
          `journal, ${name}: this build / base build, journal ${which}: ${median(ratios).toFixed(3)}x (rounds ${spread(ratios)})`,
        );
      }
    }
  }
}

await main();
