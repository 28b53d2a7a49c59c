// The live market source: reads market data from an upstream base URL, politely. Only the
// operations the spec says are read-only (GET, not `x-side-effects`) are ever sent, and only as
// GET; one limiter paces every call; answers are cached per kind of data and identical requests
// in flight share one call; a redirect is never followed; the only credential sent is the
// upstream key given for it; a failing upstream is left alone for a while (circuit); an answer is
// checked against the spec before it is served. When the upstream cannot answer, a cached answer
// is served if there is one, else 502/503/504, always within `timeoutMs`.
import {
  type CachedAnswer,
  createAnswerCache,
  createLimiter,
  takeTurn,
  DEFAULT_TTL_MS,
  type HeaderReader,
  KEYED_INTERVAL_MS,
  KEYLESS_INTERVAL_MS,
} from '@x/fetch-client/polite';
import { checkSpecOf } from '../check/spec-source.js';
import type { OpenApiDocument } from '../simulator/spec.js';
import {
  marketDataKind,
  LOCAL_ANSWER,
  type MarketAnswer,
  type MarketDataKind,
  type MarketQuery,
  type MarketSource,
} from '../simulator/market/source.js';
import { createActiveKeys } from './active-keys.js';
import { createCircuit } from './circuit.js';
import { createDriftLog } from './drift-log.js';
import { harEntry, publicBaseUrl, type RecordSink } from './har.js';
import { createInterpreter, readOnlyOperation } from './interpret.js';
import { requestTarget } from './target.js';

export interface UpstreamOptions {
  /** Base URL of the live service (a path prefix is kept). */
  baseUrl: string;
  /** The key sent upstream (in the header the spec's ApiKey scheme names). Never the simulator's clients' key. */
  apiKey?: string;
  /** Ms between two upstream requests. Default 4000 without a key (0.25 per second, half the keyless limit), 1000 with one. */
  intervalMs?: number;
  /** Cache lifetime per kind of data (the spec's `x-market-data`). Default quote 2000, live 5000, catalogue 60000. */
  ttlMs?: Partial<Record<MarketDataKind, number>>;
  /** Longest time a read may take, waiting for its turn included; then 504 (or a cached answer). Default 8000. */
  timeoutMs?: number;
  /** How old a cached answer may be and still be served while the upstream is down. Default 600000. */
  maxStaleMs?: number;
  /** Failed calls in a row that open the circuit (default 5), and for how long it stays open (default 30000 ms). */
  circuitFailures?: number;
  circuitOpenMs?: number;
  /** Ms between two polls of the trigger orders' prices (0: only `control.pollMarket()`). Default 15000. */
  watchIntervalMs?: number;
  /** Distinct token pairs priced per poll, at most. Default 8. */
  maxWatchedPairs?: number;
  /** Receives every exchange as a HAR entry (`recordTo(dir)` of `@x/mock/node`). */
  record?: RecordSink;
  fetch?: typeof fetch;
  /** Wall clock for pacing and cache ages. Default Date.now. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Drift and failure lines. Default console.warn. */
  log?: (line: string) => void;
}

export { DEFAULT_TTL_MS, KEYED_INTERVAL_MS, KEYLESS_INTERVAL_MS };

export interface UpstreamContext {
  doc: OpenApiDocument;
  /** Simulated time, written into each recorded exchange. */
  simNow: () => number;
}

function failureText(error: unknown): { message: string; timedOut: boolean } {
  const e = error as { name?: string; message?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return { message: 'timed out', timedOut: true };
  return { message: e.cause?.code ?? e.message ?? String(error), timedOut: false };
}

export function createUpstreamSource(options: UpstreamOptions, context: UpstreamContext): MarketSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = new URL(base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`upstream must be an http(s) URL: ${options.baseUrl}`);
  for (const [name, value] of Object.entries({
    intervalMs: options.intervalMs,
    timeoutMs: options.timeoutMs,
    maxStaleMs: options.maxStaleMs,
    circuitOpenMs: options.circuitOpenMs,
    ...options.ttlMs,
  })) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0))
      throw new RangeError(`upstream ${name} must be a number of ms >= 0`);
  }
  if (options.circuitFailures !== undefined && !(Number.isSafeInteger(options.circuitFailures) && options.circuitFailures >= 1))
    throw new RangeError('upstream circuitFailures must be an integer >= 1');
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((line: string) => console.warn(line));
  const timeoutMs = options.timeoutMs ?? 8_000;
  const ttl = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  const limiter = createLimiter({
    intervalMs: options.intervalMs ?? (options.apiKey ? KEYED_INTERVAL_MS : KEYLESS_INTERVAL_MS),
    now,
  });
  const cache = createAnswerCache({ now, maxEntries: 2_000, maxStaleMs: options.maxStaleMs ?? 600_000 });
  const circuit = createCircuit({ failures: options.circuitFailures ?? 5, openMs: options.circuitOpenMs ?? 30_000, now });
  const interpret = createInterpreter(context.doc);
  const drift = createDriftLog(log);
  const inflight = new Map<string, Promise<MarketAnswer>>();
  // The requests in use in the last minute share the limiter: none is refreshed more often than
  // once per (their count x the interval), so one request polled often cannot take every slot.
  const active = createActiveKeys(60_000, 2_000);
  let activeCount = 0;
  // The header of the spec's API key scheme (`x-api-key`), never hard-coded.
  const keyScheme = Object.values(checkSpecOf(context.doc).securitySchemes).find((s) => s.type === 'apiKey' && s.in === 'header');
  const requestHeaders: Record<string, string> = { accept: 'application/json', 'user-agent': 'x-mock-upstream' };
  if (options.apiKey !== undefined && keyScheme?.name) requestHeaders[keyScheme.name.toLowerCase()] = options.apiKey;

  const counters = { calls: 0, cacheHits: 0, coalesced: 0, staleServed: 0, unavailable: 0, refused: 0 };
  let byOperation: Record<string, number> = {};

  const served = (entry: CachedAnswer): MarketAnswer => ({ kind: 'market', status: entry.status, body: entry.body });

  /** A cached answer when there is one, else the unavailable answer (`retryAfterMs`: when the simulator will call the upstream again). */
  const fallback = (target: string, status: 502 | 503 | 504, message: string, retryAfterMs?: number): MarketAnswer => {
    const stale = cache.stale(target);
    if (stale) {
      counters.staleServed++;
      return served(stale);
    }
    counters.unavailable++;
    return { kind: 'unavailable', status, message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  };

  async function call(operationId: string, target: string): Promise<MarketAnswer> {
    if (!circuit.allow()) {
      const retryAfter = circuit.openUntil === undefined ? undefined : Math.max(0, circuit.openUntil - now());
      return fallback(target, 503, 'The upstream keeps failing; the simulator is not calling it for a while', retryAfter);
    }
    // The turn is checked again right before sending: a 429 answered to an earlier call while
    // this one waited pushes it past that wait, or gives up with a 503 saying when to come back.
    const queuedAt = now();
    if (!(await takeTurn(limiter, { maxWaitMs: timeoutMs / 2, sleep })))
      return fallback(target, 503, 'The upstream request budget is used up for now; try again later', limiter.waitMs);
    const wait = now() - queuedAt;
    counters.calls++;
    byOperation[operationId] = (byOperation[operationId] ?? 0) + 1;
    const started = now();
    let status = 0;
    let statusText = '';
    let headers: Array<[string, string]> = [];
    let bodyText = '';
    let failure: { message: string; timedOut: boolean } | undefined;
    try {
      const response = await doFetch(base + target, {
        method: 'GET',
        headers: requestHeaders,
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(1, timeoutMs - wait)),
      });
      status = response.status;
      statusText = response.statusText;
      headers = [...response.headers];
      bodyText = await response.text();
    } catch (error) {
      failure = failureText(error);
      status = 0;
    }
    options.record?.write(
      harEntry({
        operationId,
        baseUrl: base,
        target,
        startedAt: started,
        durationMs: now() - started,
        simulatedTime: context.simNow(),
        status,
        statusText,
        headers,
        bodyText,
        ...(failure ? { error: failure.message } : {}),
      }),
    );
    const header: HeaderReader = (name) => headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
    limiter.observe(status, header);
    if (failure) {
      circuit.failure();
      log(`x-mock upstream: ${operationId} ${failure.message}`);
      return fallback(target, failure.timedOut ? 504 : 502, failure.timedOut ? 'The upstream timed out' : 'The upstream did not answer');
    }
    const result = interpret(operationId, status, header, bodyText, now());
    drift.add(result.drift);
    if (result.failed) circuit.failure();
    else circuit.success();
    if (result.answer.kind === 'unavailable') {
      const { answer } = result;
      // A 503 says when to try again: the later of the upstream's own word and when this
      // simulator will next call it (its limiter has just read that word; an open circuit waits longer).
      const retryAfter =
        answer.status === 503
          ? Math.max(answer.retryAfterMs ?? 0, limiter.waitMs, circuit.openUntil === undefined ? 0 : circuit.openUntil - now())
          : undefined;
      return fallback(target, answer.status, answer.message, retryAfter);
    }
    if (result.cacheable && result.answer.kind === 'market') cache.put(target, result.answer.status, result.answer.body);
    return result.answer;
  }

  return {
    mode: 'upstream',
    read(query: MarketQuery) {
      const op = readOnlyOperation(context.doc, query.operationId);
      if (!op) {
        counters.refused++;
        return LOCAL_ANSWER;
      }
      const target = requestTarget(query);
      activeCount = active.touch(target, now());
      const lifetime = Math.max(ttl[marketDataKind(op.raw) ?? 'catalogue'], limiter.intervalMs * activeCount);
      const fresh = cache.fresh(target, lifetime);
      if (fresh) {
        counters.cacheHits++;
        return served(fresh);
      }
      const pending = inflight.get(target);
      if (pending) {
        counters.coalesced++;
        return pending;
      }
      const answer = call(query.operationId, target).finally(() => inflight.delete(target));
      inflight.set(target, answer);
      return answer;
    },
    report() {
      return {
        mode: 'upstream',
        baseUrl: publicBaseUrl(base),
        apiKey: options.apiKey !== undefined ? 'set (sent upstream)' : 'none (keyless pace)',
        ...counters,
        byOperation: { ...byOperation },
        cacheEntries: cache.size,
        limiter: { intervalMs: limiter.intervalMs, waitMs: limiter.waitMs, activeRequests: activeCount },
        circuit: {
          state: circuit.state,
          ...(circuit.openUntil !== undefined ? { openUntil: new Date(circuit.openUntil).toISOString() } : {}),
        },
        ttlMs: ttl,
        drift: drift.report(),
      };
    },
    // The limiter and the circuit outlive a reset: a reset must not buy a burst at the upstream.
    reset() {
      cache.clear();
      active.clear();
      drift.reset();
      for (const key of Object.keys(counters) as Array<keyof typeof counters>) counters[key] = 0;
      byOperation = {};
    },
    close() {},
  };
}
