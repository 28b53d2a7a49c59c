// A small closed-loop HTTP load generator: `count` requests over `concurrency` keep-alive
// connections, per-request latency, requests per second and percentiles.
import http from 'node:http';

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  count: number;
  errors: number;
  /** Transport errors by code (ECONNRESET, ...). */
  errorCodes: Record<string, number>;
  /** Statuses seen, with counts. */
  statuses: Record<number, number>;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Every latency in ms, sorted ascending. */
  latencies: Float64Array;
}

/** Several results of the same target as one (rounds of an interleaved run). */
export function combine(results: readonly LoadResult[]): LoadResult {
  const count = results.reduce((n, r) => n + r.count, 0);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  const errorCodes: Record<string, number> = {};
  const statuses: Record<number, number> = {};
  for (const r of results) {
    for (const [k, v] of Object.entries(r.errorCodes)) errorCodes[k] = (errorCodes[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + v;
  }
  const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
  let offset = 0;
  for (const r of results) {
    latencies.set(r.latencies, offset);
    offset += r.latencies.length;
  }
  latencies.sort();
  return {
    count,
    errors,
    errorCodes,
    statuses,
    seconds,
    rps: (count - errors) / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    latencies,
  };
}

function once(agent: http.Agent, port: number, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: request.method, path: request.path, headers: request.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Sends `count` requests (cycling through `requests`), never more than `concurrency` at a time. */
export async function runLoad(
  port: number,
  requests: readonly LoadRequest[],
  { count, concurrency, deadlineMs = 120_000 }: { count: number; concurrency: number; deadlineMs?: number },
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('no requests to send');
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(count);
  const statuses: Record<number, number> = {};
  let next = 0;
  let done = 0;
  let errors = 0;
  const errorCodes: Record<string, number> = {};
  const start = performance.now();
  const deadline = start + deadlineMs;
  const worker = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      if (i >= count || performance.now() > deadline) return;
      const t0 = performance.now();
      try {
        const status = await once(agent, port, requests[i % requests.length]!);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch (error) {
        errors++;
        const code = (error as { code?: string }).code ?? (error as Error).message;
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      }
      latencies[done++] = performance.now() - t0;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.slice(0, done).sort();
  return {
    count: done,
    errors,
    errorCodes,
    statuses,
    seconds,
    rps: (done - errors) / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    latencies: sorted,
  };
}
