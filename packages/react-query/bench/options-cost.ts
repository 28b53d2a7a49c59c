// The cost of the options: building 10,000 `queryOptions` of swapGetOrder (each with other
// parameters) through @x/react-query, beside 10,000 option objects written by hand for the same
// client call. Interleaved rounds in one process; the median of each.
import { createClient } from '@x/fetch-client';
import { createQueries, readQueryOptions } from '../dist/index.js';

const COUNT = 10_000;
const ROUNDS = 31;
/** Builds of the 10,000 per timed run (one run is too short to time alone). */
const REPEAT = 10;

const x = createClient({ baseUrl: 'https://api.invalid', apiKey: 'k' });
const q = createQueries(x);
/** What the package's keys end with for this client: its service (an app's hand-written keys need it too, to tell clients apart). */
const service = { baseUrl: 'https://api.invalid' };
const params = Array.from({ length: COUNT }, (_, i) => ({ query: { inputMint: 'a', outputMint: 'b', amount: String(i + 1) } }));

// The options are kept (as an app keeps them in its query cache), so that the engine cannot drop them.
const kept: unknown[] = new Array(COUNT);
const ways = {
  'hand-written': () => {
    for (let i = 0; i < COUNT; i++) {
      const p = params[i]!;
      kept[i] = {
        queryKey: ['x', 'swapGetOrder', p, service] as const,
        queryFn: async ({ signal }: { signal: AbortSignal }) => (await x.swapGetOrder({ ...p, signal })).data,
        staleTime: 2000,
      };
    }
  },
  'readQueryOptions(client, id, params)': () => {
    for (let i = 0; i < COUNT; i++) kept[i] = readQueryOptions(x, 'swapGetOrder', params[i]!);
  },
  'createQueries(client).swapGetOrder.queryOptions(params)': () => {
    for (let i = 0; i < COUNT; i++) kept[i] = q.swapGetOrder.queryOptions(params[i]!);
  },
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function measureOptionsCost(): { count: number; rounds: number; msPerRun: Record<string, number> } {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (const run of Object.values(ways)) run(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(ways)) {
      const start = performance.now();
      for (let r = 0; r < REPEAT; r++) run();
      times[name]!.push((performance.now() - start) / REPEAT);
    }
  }
  if (kept.some((options) => options === undefined)) throw new Error('not every option was built');
  return { count: COUNT, rounds: ROUNDS, msPerRun: Object.fromEntries(Object.entries(times).map(([name, t]) => [name, median(t)])) };
}
