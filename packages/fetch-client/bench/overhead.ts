// Per-request overhead: raw fetch, this client and openapi-fetch against the same local server,
// interleaved in rounds so that drift of the machine hits all three alike.
import createOpenapiFetch from 'openapi-fetch';
import { median } from '../../../tools/bench-support/cold-start.ts';
import { createClient } from '../dist/index.js';

export interface OverheadResult {
  rounds: number;
  perRound: number;
  usPerRequest: Record<string, number>;
  /** Median per-round ratios against each baseline: `ratioTo[baseline][name]`. */
  ratioTo: Record<Baseline, Record<string, number>>;
}

/** The hand-written calls the clients are compared with, from bare to what a safe client cannot skip. */
export const baselines = ['raw fetch', 'raw + time limit', 'raw + limit + size cap'] as const;
export type Baseline = (typeof baselines)[number];

/** The size cap of the client's default (10 MiB), checked the way the client checks it. */
const MAX_BYTES = 10_485_760;

export async function measureOverhead(
  baseUrl: string,
  query: Record<string, string>,
  rounds = 301,
  perRound = 20,
): Promise<OverheadResult> {
  const apiKey = 'bench-key';
  const x = createClient({ baseUrl, apiKey });
  // Logging at its default level (warn, writing nothing on success) and one hook, as issue 27 costs them.
  let seen = 0;
  const hooked = createClient({ baseUrl, apiKey, logLevel: 'warn', hooks: { afterResponse: () => void seen++ } });
  const openapiFetch = createOpenapiFetch<any>({ baseUrl, headers: { 'x-api-key': apiKey } });

  /** The raw request under a time limit; `read` reads the answer within it. */
  const limited = async (read: (response: Response) => Promise<unknown>) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await fetch(`${baseUrl}/swap/v2/order?${new URLSearchParams(query)}`, {
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(String(response.status));
      return await read(response);
    } finally {
      clearTimeout(timer);
    }
  };

  const runners: Record<string, () => Promise<unknown>> = {
    // What a hand-written call does: build the URL, send the key, parse JSON (no timeout, no retry).
    'raw fetch': async () => {
      const response = await fetch(`${baseUrl}/swap/v2/order?${new URLSearchParams(query)}`, {
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
      });
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    },
    // The same with the one thing a safe client cannot skip: a time limit that aborts the request
    // (an AbortController and a timer per request, as the client's attempts have).
    'raw + time limit': () => limited((response) => response.json()),
    // The same with the size cap's check on an answer that declares its length: within the cap,
    // not compressed (fetch would inflate it past the declared length), then read whole.
    'raw + limit + size cap': () =>
      limited(async (response) => {
        const { headers } = response;
        const declared = Number(headers.get('content-length') ?? NaN);
        if (!(declared <= MAX_BYTES) || response.type === 'cors' || headers.has('content-encoding')) throw new Error('not capped');
        return JSON.parse(await response.text());
      }),
    '@x/fetch-client': async () => (await x.swapGetOrder({ query: query as never })).data,
    '@x/fetch-client + hook': async () => (await hooked.swapGetOrder({ query: query as never })).data,
    'openapi-fetch': async () => {
      const { data, error } = await openapiFetch.GET('/swap/v2/order', { params: { query } });
      if (error) throw new Error('openapi-fetch error');
      return data;
    },
  };
  const names = Object.keys(runners);

  for (const name of names) for (let i = 0; i < 200; i++) await runners[name]!();

  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const ratios = Object.fromEntries(baselines.map((base) => [base, Object.fromEntries(names.map((n) => [n, [] as number[]]))])) as Record<
    Baseline,
    Record<string, number[]>
  >;
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    const perName: Record<string, number> = {};
    for (const name of order) {
      const start = performance.now();
      for (let i = 0; i < perRound; i++) await runners[name]!();
      perName[name] = ((performance.now() - start) * 1000) / perRound;
      samples[name]!.push(perName[name]!);
    }
    for (const base of baselines) for (const name of names) ratios[base][name]!.push(perName[name]! / perName[base]!);
  }
  if (seen === 0) throw new Error('the hook did not run');
  return {
    rounds,
    perRound,
    usPerRequest: Object.fromEntries(names.map((n) => [n, median(samples[n]!)])),
    ratioTo: Object.fromEntries(
      baselines.map((base) => [base, Object.fromEntries(names.map((n) => [n, median(ratios[base][n]!)]))]),
    ) as Record<Baseline, Record<string, number>>,
  };
}
