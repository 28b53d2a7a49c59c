// Benchmark of paper trading (run by `pnpm --filter @x/mock run bench`, after a build). Side by
// side in one run, against an upstream that is a second simulator on 127.0.0.1:
//   1. the upstream call budget: a bot polling three quotes, prediction events and the trading
//      status at 10 requests per second for 10 simulated minutes, on the default keyless pace and
//      on the keyed one: upstream calls per simulated request, the rate they come to, and how the
//      requests were answered. The wall clock is fake and moves 100 ms per request whatever the
//      limiter says (an open-loop bot: a request that would wait is answered as if its wait were
//      over, and one that would wait past its time limit gets a cached answer or 503), so the run
//      takes seconds;
//   2. the added latency of a read served from the upstream cache, beside the same read answered
//      by a local simulator, interleaved (median per request, in-process fetch handler), and of a
//      read that goes to the upstream over HTTP.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const distIndex = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const distNode = fileURLToPath(new URL('../dist/node/index.js', import.meta.url));
const BOT_SECONDS = Number(process.env.BENCH_UPSTREAM_SECONDS ?? 600);
const BOT_RATE = 10;
const LATENCY_COUNT = Number(process.env.BENCH_UPSTREAM_COUNT ?? 5_000);

interface Sim {
  fetch(request: Request): Promise<Response>;
  control: { upstream(): Record<string, unknown>; setPrice(mint: string, usd: number): void };
  close(): void;
}
interface Mock {
  createSimulator(options?: Record<string, unknown>): Sim;
  world: { tokens: Record<string, { mint: string }> };
}
interface Node {
  listen(sim: Sim, options: Record<string, unknown>): Promise<{ url: string; close(): Promise<void> }>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
const fmt = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

async function main(): Promise<void> {
  if (!existsSync(distIndex)) throw new Error('dist/index.js is missing: build the package first (pnpm --filter @x/mock run build)');
  const { createSimulator, world } = (await import(distIndex)) as Mock;
  const { listen } = (await import(distNode)) as Node;
  const upstreamSim = createSimulator({ seed: 2 });
  let received = 0;
  const upstream = await listen(upstreamSim, { port: 0, host: '127.0.0.1', onRequest: () => received++ });
  const NATIVE = world.tokens.NATIVE_COIN!.mint;
  const USD = world.tokens.STABLECOIN_USD!.mint;
  const PLATFORM = world.tokens.PLATFORM_TOKEN!.mint;
  const get = (sim: Sim, path: string) => sim.fetch(new Request(`http://localhost${path}`, { headers: { 'x-api-key': 'bench' } }));
  const workload = [
    `/swap/v2/order?inputMint=${NATIVE}&outputMint=${USD}&amount=1000000000`,
    `/swap/v2/order?inputMint=${PLATFORM}&outputMint=${USD}&amount=100000000`,
    '/prediction/v1/events?category=sports',
    `/swap/v2/order?inputMint=${USD}&outputMint=${NATIVE}&amount=100000000`,
    '/prediction/v1/trading-status',
  ];

  try {
    // 1. The call budget on a fake wall clock: requests every 100 ms; the limiter's waits take no time.
    console.log(
      `\npaper trading: upstream call budget (a bot at ${BOT_RATE} requests/s for ${BOT_SECONDS} simulated s, default cache lifetimes)`,
    );
    // The upstream simulator wants a key; the keyless pace (4 s) is set explicitly for the first run.
    for (const [label, extra] of [
      ['keyless pace (4 s)', { apiKey: 'bench-key', intervalMs: 4_000 }],
      ['keyed pace (1 s)', { apiKey: 'bench-key' }],
    ] as const) {
      const clock = { t: 0 };
      const sim = createSimulator({
        upstream: {
          baseUrl: upstream.url,
          watchIntervalMs: 0,
          now: () => clock.t,
          sleep: async () => {},
          log: () => {},
          ...extra,
        },
      });
      const statuses = new Map<number, number>();
      const total = BOT_SECONDS * BOT_RATE;
      for (let i = 0; i < total; i++) {
        clock.t = i * (1000 / BOT_RATE);
        const res = await get(sim, workload[i % workload.length]!);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      const report = sim.control.upstream() as {
        calls: number;
        cacheHits: number;
        coalesced: number;
        staleServed: number;
        unavailable: number;
      };
      const seconds = BOT_SECONDS;
      console.log(
        `  ${label.padEnd(20)} ${(report.calls / total).toFixed(3)} upstream calls per request: ${report.calls} for ${total} requests in ${seconds.toFixed(0)} simulated s (${(report.calls / seconds).toFixed(3)} per s)`,
      );
      console.log(
        `  ${''.padEnd(20)} served from the cache ${report.cacheHits}, coalesced ${report.coalesced}, stale ${report.staleServed}, 503 ${report.unavailable}; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
      sim.close();
    }

    // 2. Latency, interleaved: a local read, the same read from the upstream cache, and an uncached one.
    const local = createSimulator();
    const paper = createSimulator({
      upstream: {
        baseUrl: upstream.url,
        apiKey: 'bench-key',
        intervalMs: 0,
        ttlMs: { live: 3_600_000 },
        watchIntervalMs: 0,
        log: () => {},
      },
    });
    const fresh = createSimulator({
      upstream: { baseUrl: upstream.url, apiKey: 'bench-key', intervalMs: 0, ttlMs: { live: 0 }, watchIntervalMs: 0, log: () => {} },
    });
    const path = '/prediction/v1/trading-status';
    for (let i = 0; i < 500; i++) {
      await (await get(local, path)).arrayBuffer();
      await (await get(paper, path)).arrayBuffer();
    }
    const localTimes: number[] = [];
    const cachedTimes: number[] = [];
    const uncachedTimes: number[] = [];
    const before = received;
    for (let i = 0; i < LATENCY_COUNT; i++) {
      let start = performance.now();
      await (await get(local, path)).arrayBuffer();
      localTimes.push(performance.now() - start);
      start = performance.now();
      await (await get(paper, path)).arrayBuffer();
      cachedTimes.push(performance.now() - start);
      if (i % 10 === 0) {
        start = performance.now();
        await (await get(fresh, path)).arrayBuffer();
        uncachedTimes.push(performance.now() - start);
      }
    }
    const l = median(localTimes);
    const c = median(cachedTimes);
    console.log(`\npaper trading: latency of GET ${path} (${LATENCY_COUNT} each, interleaved; median)`);
    console.log(`  local simulator                 ${fmt(l).padStart(10)}`);
    console.log(`  from the upstream cache         ${fmt(c).padStart(10)}  added ${fmt(Math.max(0, c - l))} (ratio ${(c / l).toFixed(2)})`);
    console.log(
      `  through to the upstream (HTTP)  ${fmt(median(uncachedTimes)).padStart(10)}  (${uncachedTimes.length} reads; ${received - before} upstream requests in this part)`,
    );
    paper.close();
    fresh.close();
  } finally {
    await upstream.close();
  }
}

await main();
