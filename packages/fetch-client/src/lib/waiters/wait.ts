// The loop behind every waiter of `@x/fetch-client/waiters`: ask the operation again until the
// state field of its answer is final (by the spec's `x-waiter`), within a deadline, with backoff
// between polls, each poll taking its turn on the shared polite limiter when one is given, and
// the caller's AbortSignal ending it. Returns the final record; a deadline passed throws a
// `WaitTimeoutError` carrying the last record seen. A poll that fails the way the client retries
// (a lost connection, a time-out, 408, 429, 5xx), after the client's own retries, does not end the
// wait: the outcome may still come (a swap execute answering 500 may have landed), so the next poll
// follows the pause, at least the `Retry-After` it was told; a deadline passed after such a poll
// carries its error as the timeout's `cause`. Any other error of a poll is thrown as it is.
// A record held in an array (`record`) is the item whose key field is the one the request asks for:
// another record in the answer never ends the wait.
// An operation that only lists records (`match`) is asked for the listing where the record is
// still going, then, when it is not there, for the one where it is finished: found there, it is.
// A paged listing (`x-pagination`) is read page by page until the record is found or the pages
// end, at most `maxPages` pages of each listing per poll, each page on its own limiter turn.
import type { Operations } from '../../gen/operations.gen.js';
import { AbortError, ApiError, ConnectionError, FetchClientError, TimeoutError } from '../errors.js';
import { pagedOperation } from '../pagination.js';
import { takeTurn, type UpstreamLimiter } from '../polite/limiter.js';
import { isRetryableStatus } from '../retry.js';
import { deadline as limitOf, sleep as sleepFor } from '../timeout.js';
import type { BodyOf, Options } from '../types.js';

type Init<P> = P extends readonly [...infer I, unknown] ? I : [];
type Walk<T, P> = P extends readonly [infer H, ...infer R]
  ? Walk<H extends number ? (NonNullable<T> extends ReadonlyArray<infer I> ? I : never) : NonNullable<T>[H & keyof NonNullable<T>], R>
  : T;

/** The most pages of each paged listing one poll reads, unless `maxPages` says otherwise. */
export const DEFAULT_MAX_PAGES = 20;

/** The record a waiter returns: the object holding the state field in the operation's 200 body. */
export type WaiterRecord<Id extends keyof Operations, StatePath> = Walk<BodyOf<Operations[Id]['responses']>, Init<StatePath>>;
/** What a waiter asks its operation with: the operation's parameters and per-call options. */
export type WaiterRequest<Id extends keyof Operations> = Omit<Options<Operations[Id]['data'], true>, 'throwOnError' | 'signal'>;

/** A waiter's rule, from the spec's `x-waiter` (see waiters.gen.ts). */
export interface WaiterRule {
  readonly operationId: string;
  /** Path of the state field in the 200 body (`['orders', 0, 'orderState']`). */
  readonly state: ReadonlyArray<string | number>;
  /** The values that end the wait (any other keeps it going)… */
  readonly final?: ReadonlyArray<unknown>;
  /** …or the values that keep it going (any other ends it). */
  readonly pending?: ReadonlyArray<unknown>;
  /**
   * The record is the item of `items` whose `by` field is the request's query parameter `param`
   * (`state` is then a path inside it); an answer without it has no state yet.
   */
  readonly record?: { readonly items: ReadonlyArray<string>; readonly by: string; readonly param: string };
  /**
   * A listing (`state` is then a path inside its item): the item of `items` whose `by` field is the
   * waiter's key is asked with the `pending` query (its progress), then with the `final` one (found
   * there, the wait ends).
   */
  readonly match?: {
    readonly items: ReadonlyArray<string>;
    readonly by: string;
    readonly pending?: Readonly<Record<string, unknown>>;
    readonly final: Readonly<Record<string, unknown>>;
    /** The listing's `x-pagination` (its items are `items`): each listing is walked page by page. */
    readonly pagination?: { readonly style: 'page-number' | 'start-end' | 'offset-limit'; readonly items: string };
  };
}

export interface WaitOptions {
  /** How long to keep asking, in ms. Default 60 000. */
  timeoutMs?: number;
  /** Ends the wait with an `AbortError`. */
  signal?: AbortSignal;
  /** First pause between two polls, in ms. Default 1000; each next one 1.5 times longer… */
  intervalMs?: number;
  /** …up to this. Default 10 000. */
  maxIntervalMs?: number;
  /**
   * A shared limiter (`politeFetch(...).limiter` or `createLimiter()` of `@x/fetch-client/polite`):
   * each poll waits its turn on it, and never lands inside a `Retry-After` it was told. Leave it
   * out when the client's own `fetch` is that `politeFetch` (its requests take their turn already).
   */
  limiter?: UpstreamLimiter;
  /**
   * A paged listing (trigger v1): the most pages of each listing one poll reads, from page 1, until
   * the record is found or the pages end (so a poll makes at most twice this many requests).
   * Default `DEFAULT_MAX_PAGES` (20). A record listed behind them is not seen: the wait goes on
   * and ends at its deadline.
   */
  maxPages?: number;
  /** Called with each record seen (progress). */
  onPoll?: (record: unknown, attempt: number) => void;
  /** Clock and pause, for tests and simulators (default `Date.now` and a timer). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A waiter's deadline passed before a final state: `last` is the last record seen (undefined when
 * none was); `cause` is the error of the last poll when that poll failed in passing (a lost
 * connection, a time-out, 408, 429, 5xx).
 */
export class WaitTimeoutError<TRecord = unknown> extends FetchClientError {
  override name = 'WaitTimeoutError';
  declare readonly operationId: string;
  declare readonly last: TRecord | undefined;
  declare readonly lastState: unknown;
  declare readonly timeoutMs: number;
  declare readonly attempts: number;
}

/** Any client with the operation as a method (`createClient()`'s, whatever its `throwOnError`). */
export type WaitClient<Id extends string> = { readonly [K in Id]: (...args: never[]) => Promise<unknown> };

/** The value at `path` of `body`. */
const at = (body: unknown, path: ReadonlyArray<string | number>): unknown =>
  path.reduce<unknown>((node, step) => (node as Record<string | number, unknown> | null | undefined)?.[step], body);

/**
 * Whether `state` ends the wait by `rule` (no state yet, e.g. an order not listed yet, does not;
 * nor does any state of a `match` rule, which ends by the listing its record is found in).
 */
export const isFinal = (rule: WaiterRule, state: unknown): boolean =>
  state !== undefined && !rule.match && (rule.final ? rule.final.includes(state) : !rule.pending!.includes(state));

/** A poll whose limiter turn did not come before the deadline. */
const late = Symbol('late');

/**
 * An error a poll gets past: one the client itself retries (a lost connection, a time-out, 408,
 * 429, 5xx), so the outcome may still come and polling goes on. Any other (a 4xx such as 401 or
 * 403, a `PaginationError`, a `TypeError`) will not heal by asking again: polling stops.
 */
export const isTransientError = (error: unknown): error is FetchClientError =>
  error instanceof ApiError ? isRetryableStatus(error.status) : error instanceof ConnectionError || error instanceof TimeoutError;

export async function waitFor(
  client: WaitClient<string>,
  rule: WaiterRule,
  request: object | undefined,
  options: WaitOptions = {},
  key?: unknown,
): Promise<unknown> {
  const { signal, limiter } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pause = options.sleep ?? ((ms: number) => sleepFor(ms, signal));
  const deadline = now() + timeoutMs;
  const call = client[rule.operationId] as unknown as (options: object) => Promise<{ data: unknown }>;
  const { match } = rule;
  let interval = options.intervalMs ?? 1_000;
  let last: unknown;
  let lastState: unknown;
  const aborted = () => new AbortError(`waiting on ${rule.operationId} was aborted`, rule.operationId, {}, { cause: signal?.reason });
  /** One request of a poll, on its limiter turn; `query` is merged into the caller's. */
  const ask = async (query?: object): Promise<unknown> => {
    if (signal?.aborted) throw aborted();
    const turn = limiter && takeTurn(limiter, { maxWaitMs: Math.max(0, deadline - now()), sleep: pause });
    if (turn && !(await turn.catch(() => Promise.reject(aborted())))) throw late;
    const asked = query ? { ...request, query: { ...(request as { query?: object } | undefined)?.query, ...query } } : request;
    // The deadline bounds the poll in flight too (the poll at the deadline gets one first interval).
    const limit = limitOf(signal, Math.max(deadline - now(), options.intervalMs ?? 1_000));
    try {
      return (await call({ ...asked, signal: limit.signal, throwOnError: true })).data;
    } catch (error) {
      throw limit.timedOut_ ? late : error;
    } finally {
      limit.done_();
    }
  };
  const { record: picked } = rule;
  const wanted = picked ? (request as { query?: Record<string, unknown> } | undefined)?.query?.[picked.param] : undefined;
  if (picked && (wanted === undefined || wanted === null || wanted === ''))
    throw new TypeError(`waiting on ${rule.operationId} needs query.${picked.param}: the record to wait for`);
  /** The item of `items` of `data` whose `by` field is `value`. */
  const pick = (data: unknown, { items, by } = match ?? picked!, value = match ? key : wanted): unknown =>
    (at(data, items) as unknown[] | undefined)?.find((item) => (item as Record<string, unknown> | null)?.[by] === value);
  /** The caller's record in one listing: its answer, or each page of a paged one (bounded; none past the deadline). */
  const find = async (query: Readonly<Record<string, unknown>>): Promise<unknown> => {
    if (!match!.pagination) return pick(await ask(query));
    let read = 0;
    const { style, items } = match!.pagination;
    for await (const page of pagedOperation(style, items, ask as (query: object) => Promise<never>, query, rule.operationId).byPage()) {
      const found = pick(page);
      if (found !== undefined || ++read >= (options.maxPages ?? DEFAULT_MAX_PAGES) || now() > deadline) return found;
    }
    return undefined;
  };
  /** One poll: the record seen (undefined when none) and whether it is final. */
  const poll = async (): Promise<[unknown, boolean]> => {
    if (!match) {
      const data = await ask();
      if (picked) {
        const record = pick(data);
        return [record, isFinal(rule, at(record, rule.state))];
      }
      return [at(data, rule.state.slice(0, -1)), isFinal(rule, at(data, rule.state))];
    }
    const going = match.pending && (await find(match.pending));
    if (going !== undefined) return [going, false];
    const done = await find(match.final);
    return [done, done !== undefined];
  };
  // The error of the last poll when it failed in passing (see `isTransientError`), else undefined.
  let failure: FetchClientError | undefined;
  const timedOut = (attempts: number) => timeout(rule, last, lastState, timeoutMs, attempts, failure);
  for (let attempt = 1; ; attempt++) {
    let polled: [unknown, boolean] | undefined;
    try {
      polled = await poll();
    } catch (error) {
      if (error === late) throw timedOut(attempt - 1);
      if (!isTransientError(error)) throw error;
      failure = error;
    }
    if (polled) {
      const [record, final] = polled;
      failure = undefined;
      lastState = at(record, match || picked ? rule.state : rule.state.slice(-1));
      if (record !== undefined) last = record;
      options.onPoll?.(record, attempt);
      if (final) return record;
    }
    // The poll after the last pause lands at the deadline: a final state there still counts. A
    // `Retry-After` reaching past the deadline leaves no poll to make.
    const left = deadline - now();
    const asked = (failure as { retryAfterMs?: number } | undefined)?.retryAfterMs ?? 0;
    if (left <= 0 || asked >= left) throw timedOut(attempt);
    await pause(Math.min(Math.max(interval, asked), left)).catch(() => Promise.reject(aborted()));
    interval = Math.min(interval * 1.5, options.maxIntervalMs ?? 10_000);
  }
}

const timeout = (rule: WaiterRule, last: unknown, lastState: unknown, timeoutMs: number, attempts: number, cause?: Error) =>
  new WaitTimeoutError(
    `${rule.operationId}: no final state within ${timeoutMs} ms (last: ${lastState === undefined ? 'none' : JSON.stringify(lastState)}${cause ? `; the last poll failed: ${cause.message}` : ''})`,
    rule.operationId,
    { operationId: rule.operationId, last, lastState, timeoutMs, attempts },
    { cause },
  );
