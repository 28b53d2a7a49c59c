// A `fetch` that is polite to the service behind it: one limiter paces every request it sends
// (GET or not), the service's `Retry-After` and `x-ratelimit-*` answers push the next request
// back, successful GET answers are kept for their kind's time to live, and identical GETs in
// flight share one request (never across API keys or bearer tokens); a GET that changes state is only paced. Give it as `fetch` to `createClient`; use one per API key (the limit is per key).
import { readBody } from '../read-body.js';
import { createAnswerCache } from './answer-cache.js';
import { createLimiter, takeTurn, type UpstreamLimiter } from './limiter.js';

/** The values of the spec's `x-market-data` mark (its extension test checks the spec uses only these). */
export const MARKET_DATA_KINDS = ['quote', 'live', 'catalogue'] as const;
/** The spec's `x-market-data` mark: how fast an operation's answer goes stale. */
export type MarketDataKind = (typeof MARKET_DATA_KINDS)[number];

/** The operation's `x-market-data` mark, when it is one of the known kinds. */
export const marketDataKindOf = (mark: unknown): MarketDataKind | undefined =>
  MARKET_DATA_KINDS.includes(mark as MarketDataKind) ? (mark as MarketDataKind) : undefined;

/** Cache lifetimes (ms) per kind of market data. */
export const DEFAULT_TTL_MS: Readonly<Record<MarketDataKind, number>> = { quote: 2_000, live: 5_000, catalogue: 60_000 };
/** Ms between two requests without a key: 0.25 per second, half the keyless limit of 0.5. */
export const KEYLESS_INTERVAL_MS = 4_000;
/** Ms between two requests with a key. */
export const KEYED_INTERVAL_MS = 1_000;

export interface PoliteFetchOptions {
  /** The fetch that sends (default the global one). */
  fetch?: typeof fetch;
  /** Whether requests carry a key: picks the default interval. */
  keyed?: boolean;
  /** Ms between the starts of two requests. Default 4000 keyless, 1000 keyed. */
  intervalMs?: number;
  /** Which kind of market data a GET answers (from the spec's `x-market-data`); undefined: not market data. */
  kindOf?: (url: URL) => MarketDataKind | undefined;
  /** A GET that changes state (the spec's `x-side-effects`): paced, never cached nor shared. */
  changesState?: (url: URL) => boolean;
  /** Cache lifetime per kind. Default quote 2000, live 5000, catalogue 60000. */
  ttlMs?: Partial<Record<MarketDataKind, number>>;
  /** Cache lifetime of a GET that is not market data. Default 0: not cached (still coalesced). */
  otherTtlMs?: number;
  /** The most bytes of a GET answer read to share or cache it (a `ResponseTooLargeError` past it). Default 10 MiB, as the client. */
  maxResponseBytes?: number;
  /** Answers kept at most. Default 500. */
  maxEntries?: number;
  /** Wall clock (ms) and sleep, for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface PoliteFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Requests sent, GETs answered from the cache, GETs that joined one in flight. */
  readonly stats: { readonly sent: number; readonly cacheHits: number; readonly coalesced: number };
  readonly limiter: UpstreamLimiter;
}

interface StoredAnswer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
}

const answerOf = (stored: StoredAnswer): Response =>
  new Response(stored.status === 204 || stored.status === 304 ? null : stored.body, {
    status: stored.status,
    statusText: stored.statusText,
    headers: stored.headers,
  });

/** The longest delay a timer holds (2^31 - 1 ms, about 24.8 days): a longer one fires after 1 ms (browsers, Node, Deno, Bun). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

function waitFor(ms: number, sleep: ((ms: number) => Promise<void>) | undefined, signal: AbortSignal | null | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  if (sleep) return sleep(ms);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    // A wait longer than a timer holds (a Retry-After of weeks) is taken in pieces.
    const until = Date.now() + ms;
    let timer: ReturnType<typeof setTimeout>;
    const arm = (left: number) => {
      timer = setTimeout(() => (left > MAX_TIMER_MS ? arm(until - Date.now()) : done()), Math.min(left, MAX_TIMER_MS));
    };
    arm(ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

function checkMs(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0))
    throw new RangeError(`politeFetch ${name} must be a number of ms >= 0`);
}

/** A fetch that paces, honours the service's waits, caches and coalesces GETs. */
export function politeFetch(options: PoliteFetchOptions = {}): PoliteFetch {
  for (const [name, value] of Object.entries({
    intervalMs: options.intervalMs,
    otherTtlMs: options.otherTtlMs,
    ...options.ttlMs,
  }))
    checkMs(name, value);
  const { maxResponseBytes } = options;
  if (maxResponseBytes !== undefined && !(Number.isInteger(maxResponseBytes) && maxResponseBytes > 0))
    throw new RangeError('politeFetch maxResponseBytes must be a whole number of bytes > 0');
  const send = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  const ttl = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  const limiter = createLimiter({ intervalMs: options.intervalMs ?? (options.keyed ? KEYED_INTERVAL_MS : KEYLESS_INTERVAL_MS), now });
  // The stale side of the cache is not used here: an answer older than its lifetime is refetched.
  const cache = createAnswerCache({ now, maxEntries: options.maxEntries ?? 500, maxStaleMs: 0 });
  // A GET in flight: the shared request, cancelled once every caller waiting for it has aborted.
  const inflight = new Map<string, { answer: Promise<StoredAnswer>; cancel: AbortController; waiting: number }>();
  const stats = { sent: 0, cacheHits: 0, coalesced: 0 };

  async function paced(
    input: string | URL | Request,
    init: RequestInit | undefined,
    signal: AbortSignal | null | undefined,
  ): Promise<Response> {
    // Checked again right before sending: a 429 answered meanwhile pushes this request past its wait.
    await takeTurn(limiter, { sleep: (ms) => waitFor(ms, options.sleep, signal) });
    stats.sent++;
    const response = await send(input, init);
    limiter.observe(response.status, (name) => response.headers.get(name));
    return response;
  }

  async function stored(
    input: string | URL | Request,
    init: RequestInit | undefined,
    signal: AbortSignal | null | undefined,
    path: string,
  ): Promise<StoredAnswer> {
    const response = await paced(input, init, signal);
    const body = await readBody(response, maxResponseBytes, `GET ${path}`);
    return { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
  }

  const polite = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const signal = init?.signal ?? request?.signal;
    if (method !== 'GET') return paced(input, init, signal);
    const url = new URL(request ? request.url : String(input));
    if (options.changesState?.(url)) return paced(input, init, signal);
    const kind = options.kindOf?.(url);
    const lifetime = kind ? ttl[kind] : (options.otherTtlMs ?? 0);
    // Keyed by the credentials too: an answer never goes to a request made with another key or token.
    const sent = new Headers(init?.headers ?? request?.headers);
    const key = `${url.href} ${sent.get('x-api-key')} ${sent.get('authorization')}`;
    const fresh = lifetime > 0 ? cache.fresh(key, lifetime) : undefined;
    if (fresh) {
      stats.cacheHits++;
      return Promise.resolve(answerOf(fresh.body as StoredAnswer));
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    let shared = inflight.get(key);
    if (shared) stats.coalesced++;
    else {
      // Sent with its own signal, not the first caller's: one caller's abort ends only its own wait.
      const cancel = new AbortController();
      const answer = stored(input, { ...init, signal: cancel.signal }, cancel.signal, url.pathname)
        .then((answer) => {
          if (lifetime > 0 && answer.status >= 200 && answer.status < 300) cache.put(key, answer.status, answer);
          return answer;
        })
        .finally(() => inflight.get(key) === shared && inflight.delete(key));
      shared = { answer, cancel, waiting: 0 };
      inflight.set(key, shared);
    }
    return joined(key, shared, signal).then(answerOf);
  };

  /** The shared answer for one caller: its abort rejects its call, and the last caller's cancels the request. */
  function joined(
    key: string,
    shared: { answer: Promise<StoredAnswer>; cancel: AbortController; waiting: number },
    signal: AbortSignal | null | undefined,
  ): Promise<StoredAnswer> {
    if (!signal) {
      shared.waiting = Infinity;
      return shared.answer;
    }
    shared.waiting++;
    return new Promise((resolve, reject) => {
      const abort = () => {
        reject(signal.reason);
        if (--shared.waiting === 0) {
          if (inflight.get(key) === shared) inflight.delete(key);
          shared.cancel.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', abort, { once: true });
      shared.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }
  return Object.assign(polite, { stats, limiter });
}
