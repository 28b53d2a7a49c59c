// Benchmark of the request journal (run by `pnpm --filter @x/mock run bench`, after a build): what
// recording each request costs. Side by side in one run, taking turns round after round so that
// background load hits both alike: the same requests through the simulator's own request handler
// (no HTTP), with the journal on (its default, 200 entries) and off (`journal: 0`). Two requests:
// a small GET (trading status) and a large one (a page of prediction events, tens of KiB of JSON,
// which the journal serialises once in place of the adapter). The figure is the median of the
// per-round ratios of time per request; target: at most 1.10x.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_JOURNAL_ROUNDS ?? 21);
const PER_ROUND = Number(process.env.BENCH_JOURNAL_PER_ROUND ?? 20_000);
const TARGET = 1.1;
const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const distHandler = fileURLToPath(new URL('../dist/simulator/native-handler.js', import.meta.url));

interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  header(name: string): string | undefined;
  bodyText: string;
}
interface Handler {
  handle(request: SimRequest): unknown;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const serialise = (r: { raw?: boolean; body: unknown }): string => (r.raw ? String(r.body) : JSON.stringify(r.body));

async function main(): Promise<void> {
  if (!existsSync(distIndex)) throw new Error('dist/index.js is missing: build the package first (pnpm --filter @x/mock run build)');
  const { createSimulator } = (await import(distIndex)) as { createSimulator(o?: object): object };
  const { simHandlerOf } = (await import(distHandler)) as { simHandlerOf(s: object): Handler };
  const targets = { on: simHandlerOf(createSimulator()), off: simHandlerOf(createSimulator({ journal: 0 })) };
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
    const run = (handler: Handler, count: number): number => {
      const start = performance.now();
      for (let i = 0; i < count; i++) serialise(handler.handle(req) as { raw?: boolean; body: unknown });
      return (performance.now() - start) / count;
    };
    run(targets.on, 1_000);
    run(targets.off, 1_000);
    const ratios: number[] = [];
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? 'on' : 'off';
      const a = run(targets[first], PER_ROUND);
      const b = run(targets[first === 'on' ? 'off' : 'on'], PER_ROUND);
      const [withJournal, without] = first === 'on' ? [a, b] : [b, a];
      on.push(withJournal);
      off.push(without);
      ratios.push(withJournal / without);
    }
    const ratio = median(ratios);
    console.log(
      `journal, ${name}: ${(median(on) * 1000).toFixed(1)} µs/request on, ${(median(off) * 1000).toFixed(1)} µs off; ` +
        `${ratio.toFixed(3)}x (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}), target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'}`,
    );
  }
}

await main();
