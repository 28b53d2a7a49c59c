// createSimulator(): the in-memory, deterministic simulator of the whole service. Its fetch
// handler uses only web APIs (fetch, URL, WebCrypto), so it also runs in browsers and behind MSW.
// Serving it over node:http is the job of the `@x/mock/node` entry (src/node/).
import { createAuthenticator } from './authenticate.js';
import { createKeyAccess } from './key-access.js';
import { createLedger } from './chain/ledger.js';
import { createClock, DEFAULT_START, type ClockMode } from './clock.js';
import { DEFAULT_SETTINGS, type SimContext, type SimSettings } from './context.js';
import { createControl, type SimulatorControl } from './control.js';
import { CONTROL_PREFIX, handleControl } from './control-routes.js';
import { createFaults } from './faults.js';
import { HANDLERS } from './handlers.js';
import { createJwtSigner, jwtSecret } from './jwt.js';
import { createPipeline, type MaybePromise } from './pipeline.js';
import { createPrices } from './prices.js';
import { createRandom, hashString, type Random } from './random.js';
import { createRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { errorResponse, jsonResponse } from './respond.js';
import { createCors } from './cors.js';
import { ApiError } from './errors.js';
import { sharedParts } from './shared.js';
import { bundledSpec, type OpenApiDocument } from './spec.js';
import type { SimRequest, SimResponse, SimulatorOperation } from './types.js';
import { registerSimHandler } from './native-handler.js';
import { createWallets } from './wallets.js';
import { createSwapStore } from './swap/store.js';
import { createExpressStore } from './express/store.js';
import { createPortfolioStore } from './portfolio/store.js';
import { createTriggerV1Store } from './trigger-v1/store.js';
import { createTriggerV2Store } from './trigger-v2/store.js';
import { createPredictionStore } from './prediction/store.js';
import { createLendStore } from './lend/store.js';
import { marketHandlers } from './market/handlers.js';
import { localMarket, type MarketSource } from './market/source.js';
import { pollMarket } from './market/watch.js';
import type { Recording } from '../upstream/har.js';
import { createReplaySource, recordingStart } from '../upstream/replay.js';
import { attachDurable, DurableStoreError, type Durable } from './durable/attach.js';
import type { StateStore } from './durable/backend.js';
import { fromBase64, toBase64 } from './encoding.js';
import { createUpstreamSource, type UpstreamOptions } from '../upstream/source.js';
import { createJournal, DEFAULT_JOURNAL_SIZE } from './explore/journal.js';
import { createCoarseClock } from './explore/coarse-clock.js';
import { createValueHistory } from './explore/history.js';
import { presentedKey, sameKey } from './explore/control-key.js';
import { foreignControlRequest } from './explore/control-origin.js';
import { EXPLORER_HEADERS, EXPLORER_HTML } from './explore/page.js';

export interface SimulatorOptions {
  /** Seed of every id, address and catalogue entry. Default 1. */
  seed?: number;
  /** Start of simulated time (epoch ms, Date or ISO 8601). Default 2026-01-01T00:00:00Z. */
  now?: number | Date | string;
  /** `manual` (default): time moves only through the control API. `real`: it also follows the wall clock. */
  clock?: ClockMode;
  /** Accepted x-api-key values. Default: any non-empty key. Any other key is the gateway's 401 `{code, message}`. */
  apiKeys?: readonly string[];
  /**
   * Keys limited to some areas, as the service's key permissions do: API key → the areas it may
   * call (first path segments: `swap` (which covers `/tx/` too), `tokens`, `portfolio`, `trigger`,
   * `prediction`, `lend`). Any other area answers the gateway's 403 `{code, message}`. Keys not
   * listed may call every area. The control API's `setKeyAreas` changes it at run time.
   */
  keyAreas?: Readonly<Record<string, readonly string[]>>;
  rateLimit?: RateLimitOptions;
  settings?: Partial<SimSettings>;
  /**
   * HMAC secret of the trigger v2 JWTs (at least 32 bytes; a string is UTF-8). Default: random per
   * simulator, so no one can forge a token. Give one only when tokens must survive a restart.
   */
  jwtSecret?: string | Uint8Array;
  /** Serve the control API at /__control/* and the explorer page at /__explorer (default true). */
  controlRoutes?: boolean;
  /**
   * Require this key (header `x-control-key`, or `Authorization: Bearer <key>`) on every control
   * API request; a missing or wrong one answers 401 {error}. Default: the control API is open.
   */
  controlKey?: string;
  /**
   * Host names (besides localhost, 127.0.0.0/8 and ::1) by which a browser may reach the control
   * API and the explorer over HTTP when no `controlKey` is set. Requests over HTTP naming another
   * host, and requests from another origin, are refused (403): see the README's "The control API
   * in a browser".
   */
  controlHosts?: readonly string[];
  /** Requests the request journal keeps (GET /__control/journal); 0 turns it off. Default 200. */
  journal?: number;
  /** HTML served at GET /docs (the CLI passes the offline docs site). */
  docsHtml?: string;
  /** The OpenAPI document to simulate. Default: the bundled spec. */
  spec?: OpenApiDocument;
  /** Called with errors the simulator did not expect (they answer 500). Default: console.error. */
  onUnexpectedError?: (error: unknown, operationId: string) => void;
  /**
   * Paper trading: read market data (quotes, prediction, lend vaults, token eligibility, staked
   * amounts) from this live base URL, read-only and paced; wallets, orders and transactions stay
   * local. See the README's "Paper trading".
   */
  upstream?: UpstreamOptions;
  /** Serve the market data of a recording (`readRecording(dir)` of `@x/mock/node`) instead; offline. Wins over `upstream`. */
  replay?: Recording;
  /**
   * Keep the state in this durable store (`await openStore(dir)` of `@x/mock/node`): every change is
   * stored before its answer is sent, and a simulator made on the same store later finds the world
   * as it was (see the README's "Durable state"). The store's seed and start time are used (another
   * `seed` is refused); its token secret too, unless `jwtSecret` is given.
   */
  store?: StateStore;
}

export interface Simulator {
  /** WHATWG fetch handler (browsers, MSW, service workers, tests). Serve it over node:http with `listen` of `@x/mock/node`. */
  fetch(request: Request): Promise<Response>;
  control: SimulatorControl;
  /** The operations it answers, in the order of the spec. */
  readonly operations: readonly SimulatorOperation[];
  readonly seed: number;
  /** Stops background work (the market watch of an upstream simulator). */
  close(): void;
}

function toEpochMs(value: number | Date | string | undefined): number {
  if (value === undefined) return DEFAULT_START;
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`invalid start time: ${String(value)}`);
  return ms;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const store = options.store;
  const stored = store?.world;
  if (stored && options.seed !== undefined && options.seed !== stored.seed)
    throw new RangeError(
      `the store at ${store.location} holds a world of seed ${stored.seed}, not ${options.seed}: leave the seed out or use another store`,
    );
  const seed = stored?.seed ?? options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be an integer');
  const doc = options.spec ?? bundledSpec;
  const start =
    stored?.start ??
    (options.now === undefined && options.replay ? (recordingStart(options.replay) ?? DEFAULT_START) : toEpochMs(options.now));
  const settings: SimSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  // With a store, the wallets kept are bounded in memory only (durable/attach.ts): the stores keep them all.
  const keptWallets = store ? Number.MAX_SAFE_INTEGER : settings.maxWallets;
  const clock = createClock(start, options.clock ?? 'manual');
  const now = (): number => clock.now();

  // Operations, validators, router, error shapes: built once per document and process, shared by every instance.
  const shared = sharedParts(doc);

  const baseRandom = createRandom(seed);
  let requestIds: Random = baseRandom.fork('request-ids');
  const givenSecret = options.jwtSecret ?? (stored ? fromBase64(stored.jwtSecret) : undefined);
  // Without a store, a random secret is drawn on the first token signed or checked.
  const secret = givenSecret !== undefined || store ? jwtSecret(givenSecret) : undefined;
  if (store && !stored) store.create({ seed, start, jwtSecret: toBase64(secret as Uint8Array) });
  const jwt = createJwtSigner(secret ?? (() => jwtSecret()));
  // The market source, chosen once: a recording, a live upstream, or the simulator's own data.
  const market: MarketSource = options.replay
    ? createReplaySource(options.replay, { doc, clock, ...(options.upstream?.log ? { log: options.upstream.log } : {}) })
    : options.upstream
      ? createUpstreamSource(options.upstream, { doc, simNow: now })
      : localMarket;
  const sim: SimContext = {
    seed,
    clock,
    ledger: createLedger(clock, hashString('ledger', seed)),
    random: baseRandom.fork('state'),
    wallets: createWallets(keptWallets * 2),
    prices: createPrices(),
    market,
    jwt,
    settings,
    tradingActive: true,
    swap: createSwapStore({ now, ttlMs: settings.swapOrderTtlMs, maxSize: settings.maxSwapOrders }),
    express: createExpressStore({ now, ttlMs: 3_600_000 }),
    portfolio: createPortfolioStore(),
    triggerV1: createTriggerV1Store({ now, maxPerWallet: settings.maxOrdersPerWallet, maxWallets: keptWallets }),
    triggerV2: createTriggerV2Store({
      now,
      challengeTtlMs: settings.challengeTtlMs,
      maxPerWallet: settings.maxOrdersPerWallet,
      maxWallets: keptWallets,
    }),
    prediction: createPredictionStore(seed, start),
    lend: createLendStore(),
  };
  const journalSize = options.journal ?? DEFAULT_JOURNAL_SIZE;
  if (!Number.isSafeInteger(journalSize) || journalSize < 0 || journalSize > 100_000)
    throw new RangeError('journal must be an integer from 0 to 100000');
  const controlKey = options.controlKey;
  if (controlKey !== undefined && controlKey.length < 8) throw new RangeError('controlKey must be at least 8 characters');
  const journalClock = createCoarseClock();
  const journal =
    journalSize > 0
      ? createJournal(journalSize, shared.router, doc.info.version, undefined, { wall: journalClock.now, simulated: clock.now })
      : undefined;
  const history = createValueHistory(sim);
  const keyAccess = createKeyAccess(options.keyAreas ?? {}, shared.areas);
  const durable: Durable | undefined = store
    ? attachDurable(store, sim, { requestIds: () => requestIds }, { maxWallets: settings.maxWallets }, keyAccess.changes)
    : undefined;
  const faults = createFaults();
  const rateLimiter = createRateLimiter(options.rateLimit);
  const maxWatchedPairs = options.upstream?.maxWatchedPairs ?? 8;
  const rawControl = createControl(sim, {
    faults,
    rateLimiter,
    keyAccess,
    operationIds: shared.operationIds,
    start,
    maxWatchedPairs,
    ...(journal ? { journal } : {}),
    history,
    reseed() {
      sim.random = baseRandom.fork('state');
      requestIds = baseRandom.fork('request-ids');
    },
  });
  const control = durable ? durableControl(rawControl, durable) : rawControl;
  const report =
    options.onUnexpectedError ??
    ((error: unknown, operationId: string) => console.error(`x-mock: unexpected error in ${operationId}:`, error));
  const pipeline = createPipeline({
    doc,
    sim,
    router: shared.router,
    authenticator: createAuthenticator({
      ...(options.apiKeys ? { apiKeys: options.apiKeys } : {}),
      access: keyAccess,
      jwt,
      now,
      tokenTtlMs: settings.tokenTtlMs,
    }),
    validators: shared.validators,
    handlers: market === localMarket ? HANDLERS : marketHandlers(HANDLERS, shared.operations),
    rateLimiter,
    faults,
    errorShapes: shared.errorShapes,
    nextRequestId: () => requestIds.uuid(clock.now()),
    onUnexpectedError: (error, op) => report(error, op.operationId),
  });

  const controlRoutes = options.controlRoutes ?? true;
  const docsHtml = options.docsHtml;
  const controlOrigin = { keyed: controlKey !== undefined, hosts: new Set((options.controlHosts ?? []).map((h) => h.toLowerCase())) };
  const isControlPath = (path: string): boolean => controlRoutes && (path.startsWith(CONTROL_PREFIX) || path.startsWith('/__explorer'));

  const cors = createCors(doc, shared.operations);
  const handle = (request: SimRequest): MaybePromise<SimResponse> => {
    const response = durable ? routeDurably(durable, request) : route(request);
    // Browsers send Origin on cross-origin calls; other clients do not need the CORS headers. The
    // control API and the explorer allow no other origin.
    if (request.header('origin') === undefined || isControlPath(request.path)) return response;
    return response instanceof Promise ? response.then((r) => cors.apply(request, r)) : cors.apply(request, response);
  };

  // A server-level error (413, 431, 408, ...) in the error shape of the request's operation (or
  // of the operation nearest its path), made by the same respond stage as every other error.
  const reject = (request: SimRequest, status: number, message: string): SimResponse => {
    const match = shared.router.match(request.method, request.path);
    const shape =
      match.kind === 'operation'
        ? shared.errorShapes.forOperation(match.operation.operationId, status)
        : shared.errorShapes.forPath(request.path);
    const response = errorResponse(shape, new ApiError(status, message), requestIds.uuid(clock.now()));
    return isControlPath(request.path) ? response : cors.apply(request, response);
  };

  const route = (request: SimRequest): MaybePromise<SimResponse> => {
    const { method, path } = request;
    if (isControlPath(path)) {
      const refused = foreignControlRequest(request.header, controlOrigin);
      if (refused !== undefined) return jsonResponse(403, { error: refused });
    }
    // CORS preflight, so that web apps on another origin can call the simulator.
    if (method === 'OPTIONS' && !isControlPath(path)) return cors.preflight(request);
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/openapi.json')
        return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: shared.specJson(), raw: true };
      if (path === '/docs' || path === '/docs/') {
        if (docsHtml === undefined)
          return jsonResponse(404, { error: 'The docs site is not bundled with this server (build @x/docs, then the mock)' });
        return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: docsHtml, raw: true };
      }
      // The docs route on the hash (/docs#/swap/swapgetorder); a page path under /docs goes there.
      if (path.startsWith('/docs/') && docsHtml !== undefined)
        return { status: 302, headers: { location: `/docs#/${path.slice('/docs/'.length)}` }, body: '', raw: true };
      if (path === '/') {
        return jsonResponse(200, {
          name: `${doc.info.title} (x-mock simulator)`,
          version: doc.info.version,
          docs: '/docs',
          spec: '/openapi.json',
          control: controlRoutes ? '/__control/state' : null,
          explorer: controlRoutes ? '/__explorer' : null,
          seed,
        });
      }
    }
    if (controlRoutes && path.startsWith(CONTROL_PREFIX)) return guardedControl(request);
    if (controlRoutes && (path === '/__explorer' || path === '/__explorer/') && (method === 'GET' || method === 'HEAD'))
      return {
        status: 200,
        headers: { ...EXPLORER_HEADERS },
        body: EXPLORER_HTML,
        raw: true,
      };
    return answerApi(request);
  };

  // The control API behind its key (when one is set); an answered write adds a point to the value history.
  const guardedControl = (request: SimRequest): MaybePromise<SimResponse> => {
    if (controlKey !== undefined) {
      const given = presentedKey(request.header);
      if (given === undefined || !sameKey(given, controlKey))
        return jsonResponse(
          401,
          { error: `control key ${given === undefined ? 'missing' : 'wrong'}: send it in the x-control-key header` },
          { 'www-authenticate': 'Bearer realm="x-mock control"' },
        );
    }
    const response = handleControl(control, request);
    if (request.method !== 'POST') return response;
    const sample = (r: SimResponse): SimResponse => {
      if (r.status < 400) history.sample('charted');
      return r;
    };
    return response instanceof Promise ? response.then(sample) : sample(response);
  };

  // An API request through the pipeline, recorded in the journal (when on) with its duration; an
  // answered write adds a point to the value history. At most one clock read per request (the wall
  // time is a shared reading, see coarse-clock.ts): an answer made synchronously (no signature
  // check, no upstream call) takes microseconds and is recorded, stamped when it is made, with
  // duration 0; an answer that waits is stamped when it starts waiting and timed until it is ready.
  const touched = (request: SimRequest, response: SimResponse): SimResponse => {
    if (response.status < 400 && request.method !== 'GET' && request.method !== 'HEAD') history.sample('touched');
    return response;
  };
  const answerApi = (request: SimRequest): MaybePromise<SimResponse> => {
    const response = pipeline(request);
    if (!journal) {
      if (request.method === 'GET' || request.method === 'HEAD') return response;
      return response instanceof Promise ? response.then((r) => touched(request, r)) : touched(request, response);
    }
    if (!(response instanceof Promise)) return touched(request, journal.recordNow(request, response));
    const startedAt = journalClock.now();
    const simulatedAt = clock.now();
    const t0 = performance.now();
    return response.then((r) => touched(request, journal.record(request, r, startedAt, simulatedAt, performance.now() - t0)));
  };

  // With a store, a request's changes are stored before its answer is made; when that fails, the
  // answer is a 500 and every later request a 503 (memory now holds what the store does not).
  const storeFailed = (request: SimRequest, error: unknown): SimResponse => {
    if (!(error instanceof DurableStoreError)) throw error;
    report(error, 'durable store');
    return reject(request, error.earlier ? 503 : 500, error.message);
  };
  const routeDurably = (store: Durable, request: SimRequest): MaybePromise<SimResponse> => {
    let response: MaybePromise<SimResponse>;
    try {
      response = store.run(() => route(request), request.method === 'GET' || request.method === 'HEAD');
    } catch (error) {
      return storeFailed(request, error);
    }
    return response instanceof Promise ? response.catch((error: unknown) => storeFailed(request, error)) : response;
  };

  // A live upstream's market watch: trigger orders fill when the market's price crosses theirs.
  const watchMs = options.replay ? 0 : (options.upstream?.watchIntervalMs ?? 15_000);
  let watching = false;
  const watch =
    options.upstream && watchMs > 0
      ? setInterval(() => {
          if (watching) return;
          watching = true;
          (durable ? durable.run(() => pollMarket(sim, maxWatchedPairs)) : pollMarket(sim, maxWatchedPairs))
            .catch((error: unknown) => report(error, 'market watch'))
            .finally(() => {
              watching = false;
            });
        }, watchMs)
      : undefined;
  (watch as { unref?: () => void } | undefined)?.unref?.();

  const simulator: Simulator = {
    async fetch(request) {
      const url = new URL(request.url);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const bodyText = hasBody ? await request.text() : '';
      const contentType = request.headers.get('content-type') ?? undefined;
      const response = await handle({
        method: request.method.toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        header: (name) => request.headers.get(name) ?? undefined,
        bodyText,
        ...(contentType ? { contentType } : {}),
      });
      const text = response.raw ? String(response.body) : JSON.stringify(response.body);
      const empty = request.method === 'HEAD' || response.status === 204 || response.status === 304;
      return new Response(empty ? null : text, { status: response.status, headers: response.headers });
    },
    control,
    operations: shared.summaries,
    seed,
    close() {
      if (watch !== undefined) clearInterval(watch);
      market.close();
      durable?.flush();
    },
  };
  registerSimHandler(simulator, { handle, reject });
  return simulator;
}

/** The control API with each action's changes stored before it returns (or its promise settles). */
function durableControl(control: SimulatorControl, durable: Durable): SimulatorControl {
  const wrapped = { ...control };
  for (const [name, fn] of Object.entries(control) as Array<[string, (...args: unknown[]) => unknown]>)
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => durable.run(() => fn(...args));
  return wrapped;
}

export type { SimulatorControl } from './control.js';
export type { StateStore, StoredRow, StoredWorld, StoreBatch } from './durable/backend.js';
export { STORE_FORMAT } from './durable/backend.js';
export type { SimSettings } from './context.js';
export type { RateLimitOptions } from './rate-limit.js';
export type { ClockMode } from './clock.js';
export type { UpstreamOptions } from '../upstream/source.js';
export type { HarEntry, Recording, RecordSink } from '../upstream/har.js';
export type { MarketReport } from './market/source.js';
export type { WatchReport } from './market/watch.js';
export type { SimulatorOperation } from './types.js';
export { world, type TokenInfo, type TokenSymbol, type World } from './world.js';
