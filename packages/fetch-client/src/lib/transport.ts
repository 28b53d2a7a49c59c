// The request pipeline behind every operation, written once: URL and headers, the user's hooks,
// the API key and the bearer token (added after the hooks), one attempt per try with its time
// limit, redirects refused (nothing is sent where they point), a cap on the answer's size,
// retries with backoff for requests that are safe to repeat, one re-authentication on 401, typed
// errors, optional validation, and a redacted log line per request at `info`.
import {
  AbortError,
  ApiError,
  ConnectionError,
  FetchClientError,
  HookError,
  isGatewayBody,
  requestIdOf,
  ResponseParseError,
  TimeoutError,
} from './errors.js';
import { apiErrorFor } from './error-for-status.js';
import { runHooks } from './hooks.js';
import { hookSecrets, levelOf, redact, write } from './log.js';
import { type RateLimit, readRateLimit, requestedDelayMs } from './rate-limit.js';
import { readBody } from './read-body.js';
import { refuseRedirect } from './redirect.js';
import { backoffMs, isRepeatable, isRetryableStatus } from './retry.js';
import { DEFAULT_TIMEOUT_MS, deadline, sleep } from './timeout.js';
import type { ClientConfig, Failure, HookCall, Hooks, Logger, RequestOptions, Success, Transport } from './types.js';
import { buildUrl } from './url.js';

/** What an attempt sends (besides its signal). */
interface Sent {
  method: string;
  body: string | undefined;
  headers: Record<string, string>;
}

/** What a failed fetch may reject with. */
type NetworkError = { message?: unknown; code?: unknown; cause?: { code?: unknown } } | null | undefined;

/** Copies `source`'s headers (names lower-cased, undefined and null values left out) into `target`; returns `target`. */
function addHeaders(target: Record<string, string>, source: Record<string, string | undefined> | undefined): Record<string, string> {
  for (const name in source) {
    const value = source[name];
    if (value != null) target[name.toLowerCase()] = value;
  }
  return target;
}

/**
 * A successful call. A class rather than an object literal with a getter: V8 builds such a
 * literal through its runtime on every call. The rate-limit fields are read when asked for (each
 * time: three header reads), not on every call: a plain literal that read the three headers on
 * every call is smaller, but the reads cost 2.5-3.4 µs per call (undici's Headers), about 0.5 %
 * of a local request.
 */
class Answer implements Success<unknown> {
  declare data: unknown;
  declare status: number;
  declare response: Response;
  declare headers: Headers;
  constructor(data: unknown, status: number, response: Response, headers: Headers) {
    this.data = data;
    this.status = status;
    this.response = response;
    this.headers = headers;
  }
  get rateLimit(): RateLimit {
    return readRateLimit(this.headers);
  }
}

/**
 * A failed call as `{ error }` (`throwOnError: false`), with the status, headers and rate limit of
 * an error answer (the fields the error has); what is not the client's own error is thrown.
 */
function toFailure(error: unknown): Failure<FetchClientError> {
  if (!(error instanceof FetchClientError)) throw error;
  return {
    error,
    status: (error as Partial<ApiError>).status,
    headers: (error as Partial<ApiError>).headers,
    rateLimit: (error as Partial<ApiError>).rateLimit,
  };
}

/** The caller aborted the call. */
const abortError = (operation: string, caller: AbortSignal | undefined) =>
  new AbortError(`${operation} was aborted`, operation, {}, { cause: caller!.reason });

/** The client's settings (a copy: later changes to the caller's object do not reach the client) and what every call shares. */
interface Context extends ClientConfig {
  logger: Logger;
  /** The log level as a number (0 off .. 4 debug). */
  level_: number;
  hooks_: Hooks[];
  /** The headers of every call (lower-case names). */
  fixed_: Record<string, string>;
}

// A call is one module function with plain arguments, not closures made per call: async closures
// made on every request measurably slow the client down. What a call does only when it logs lives
// in the function below, not in `call`: Bun compiles a function on its first run, and an async
// function's code costs it about twice as much as a plain one's (`pnpm run bench:cold --runtime
// bun`). The retry and the failed call's ending stay in `call`: as functions of their own they
// cost 41 B gz for a cold-start gain the target does not need (Bun 1.03 of openapi-fetch either way).

/** At `info`, an attempt's line, and at `debug` its headers and bodies; nothing secret in either. */
function logAttempt(
  ctx: Context,
  info: HookCall,
  outcome: string | number,
  answer: Headers | undefined,
  durationMs: number,
  tries: number,
  data: unknown,
  sent: Sent,
): void {
  // The line says what a reader scans for; the details carry every fact (request id, rate limit).
  write(ctx, 3, `${info.operationId} ${info.operation} ${outcome} ${durationMs}ms attempt ${tries}`, {
    ...info,
    context: undefined,
    status: outcome,
    durationMs,
    attempt: tries,
    requestId: answer && requestIdOf(data, answer),
    rateLimitRemaining: answer?.get('x-ratelimit-remaining'),
  });
  if (ctx.level_ > 3) {
    let sentBody: unknown;
    try {
      sentBody = JSON.parse(sent.body!);
    } catch {
      // No body (undefined is not JSON), or one that is not JSON.
      sentBody = sent.body && '(not JSON)';
    }
    write(
      ctx,
      4,
      `${info.operation} headers and bodies`,
      redact({
        request: { headers: sent.headers, body: sentBody },
        answer: answer && { headers: Object.fromEntries(answer), body: data },
      }) as object,
    );
  }
}

/** One call: hooks, credentials, attempts, retries, the answer or a typed error. */
async function call(ctx: Context, method: string, options: RequestOptions): Promise<Success<unknown>> {
  const operation = `${method} ${options.url}`;
  const caller = options.signal;
  const timeoutMs = options.timeoutMs ?? ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = Date.now();
  let tries = 0;
  // A plain object (lower-case names) is cheaper for fetch than a Headers instance.
  let headers = addHeaders({ ...ctx.fixed_ }, options.headers);
  let body = options.body as string | undefined;
  if (body !== undefined) {
    if (typeof body !== 'string') body = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const info: HookCall = {
    operationId: (options.operationId ?? operation) as HookCall['operationId'],
    operation,
    method,
    url: buildUrl(ctx.baseUrl, options.url, options.path, options.query),
    context: {},
  };

  try {
    // The hooks run before the credentials are added: they never see them (nor a key or token
    // given as a header, put back after them).
    const given = { 'x-api-key': headers['x-api-key'], authorization: headers.authorization };
    delete headers['x-api-key'];
    delete headers.authorization;
    // Hooks that return no promise are not awaited (see runHooks): no extra microtask turn.
    let pending = runHooks(ctx.hooks_, 'beforeRequest', { ...info, headers });
    if (pending) await pending;
    // The credentials go into a copy (those not given are left out): a hook that kept its event
    // never finds them in its headers.
    headers = addHeaders({ ...headers }, given);
    if (ctx.apiKey) headers['x-api-key'] = ctx.apiKey;
    // The bearer token: 1 fetch one, 2 held, 3 fetch a fresh one (after a 401), 4 held.
    let auth = ctx.bearer && options.security?.some((scheme) => scheme.scheme === 'bearer') ? 1 : 0;
    // Retries left for a request that is safe to repeat; none for one that is not.
    const maxRetries = isRepeatable(method, operation) ? (options.maxRetries ?? ctx.maxRetries ?? 2) : 0;

    for (let retries = 0; ; ) {
      if (auth & 1) {
        headers.authorization = `Bearer ${await ctx.bearer!.getToken({ refresh: auth > 1, signal: caller })}`;
        auth++;
      }
      const attemptAt = Date.now();
      tries++;

      // One attempt: the request (a redirect ends it, see redirect.ts) and the body, within one
      // time limit. It ends with the answer's text or with `failure`.
      let failure: FetchClientError | undefined;
      let response: Response | undefined;
      let text = '';
      const guard = deadline(caller, timeoutMs);
      const sent: Sent & RequestInit = { method, body, headers, signal: guard.signal, redirect: 'manual' };
      try {
        response = await (ctx.fetch ?? fetch)(info.url, sent);
        refuseRedirect(response, info.url, operation);
        // The body is read inside the attempt, so a stalled body counts against the time limit.
        text = await readBody(response, ctx.maxResponseBytes, operation);
      } catch (cause) {
        // A network error's message, with the system's code (`ECONNRESET`) when there is one.
        const code = (cause as NetworkError)?.cause?.code ?? (cause as NetworkError)?.code;
        failure =
          cause instanceof FetchClientError
            ? cause
            : caller?.aborted
              ? abortError(operation, caller)
              : guard.timedOut_
                ? new TimeoutError(`${operation} timed out after ${timeoutMs} ms`, operation, { timeoutMs })
                : new ConnectionError(
                    `${operation} failed: ${(cause as NetworkError)?.message ?? cause}${typeof code === 'string' ? ` (${code})` : ''}`,
                    operation,
                    {},
                    { cause },
                  );
      } finally {
        guard.done_();
      }

      const answer = failure ? undefined : response!.headers;
      const status = response?.status as number;
      const outcome = failure?.name ?? status;
      let data: unknown;
      let parseError: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch (error) {
        parseError = error;
      }
      // A body that is not JSON is kept as text (its first 500 characters).
      const raw = parseError ? text.slice(0, 500) : undefined;

      // At `info` and above, one line per request (see logAttempt); below `info` no logging work at all.
      if (ctx.level_ > 2) logAttempt(ctx, info, outcome, answer, Date.now() - attemptAt, tries, data, sent);

      if (!failure) {
        if (status === 401 && auth === 2 && !isGatewayBody(data)) {
          // The token may have expired: renew it once and repeat the request once (not when the
          // gateway refused the API key: a new token would not help).
          auth = 3;
          write(ctx, 4, `${operation} 401: renewing the token`);
          continue;
        }
        if (response!.ok) {
          if (parseError)
            throw new ResponseParseError(
              `${status} ${operation}: answer is not JSON`,
              operation,
              { status, text: raw },
              { cause: parseError },
            );
          // No validator, no await: awaiting `undefined` would still cost a turn of the microtask queue.
          if (ctx.responseValidator)
            await ctx.responseValidator({ operation, status, data, logger: ctx.level_ > 1 ? ctx.logger : undefined });
          if (ctx.hooks_.length)
            pending = runHooks(ctx.hooks_, 'afterResponse', {
              ...info,
              status,
              headers: answer,
              durationMs: Date.now() - startedAt,
              attempt: tries,
              // A token in the answer (auth verify) is not the hooks' to see.
              data: hookSecrets.some((name) => text.includes(`"${name}"`)) ? redact(data as object, hookSecrets) : data,
            });
          if (pending) await pending;
          return new Answer(data, status, response!, answer!);
        }
        failure = apiErrorFor({
          operation,
          status,
          body: data,
          text: raw,
          headers: answer!,
          rateLimit: readRateLimit(answer!),
          retryAfterMs: requestedDelayMs(answer!, status, Date.now()),
        });
      }
      // Another try only for a request that is safe to repeat with retries left, after a lost
      // connection, a time-out, or 408, 429 and 5xx.
      if (
        retries >= maxRetries ||
        !(failure instanceof ApiError
          ? isRetryableStatus(failure.status)
          : failure instanceof ConnectionError || failure instanceof TimeoutError)
      )
        throw failure;
      // What the server asked for, else the backoff; a wait longer than the cap ends retrying.
      let delay = (failure as { retryAfterMs?: number }).retryAfterMs;
      const capMs = ctx.maxRetryDelayMs ?? 60_000;
      if (delay! > capMs) {
        write(ctx, 2, `${operation} ${outcome}: wait over ${capMs} ms, not retrying`);
        throw failure;
      }
      delay ??= backoffMs(retries, ctx.retryBaseDelayMs ?? 500);
      write(ctx, 4, `retrying ${operation} in ${delay} ms after ${outcome}`);
      await runHooks(ctx.hooks_, 'onRetry', { ...info, attempt: tries, delayMs: delay, reason: `${outcome}` });
      await sleep(delay, caller);
      retries++;
    }
  } catch (cause) {
    // The caller gets the error (thrown or returned). What failed while the caller's signal was
    // aborted (the token, the wait) is the caller's abort. The line is information, except a hook
    // that threw, a bug in the program's own code, which is also an error line; the `onError`
    // hooks run (not after a hook that threw).
    const error = cause instanceof FetchClientError || !caller?.aborted ? (cause as Error) : abortError(operation, caller);
    write(ctx, error instanceof HookError ? 1 : 3, `${operation} failed: ${error.message}`);
    if (!(error instanceof HookError))
      await runHooks(ctx.hooks_, 'onError', { ...info, error, durationMs: Date.now() - startedAt, attempt: tries });
    throw error;
  }
}

/**
 * The transport the generated sdk functions call. `createClient()` wraps it with one method per
 * operation; use it directly with the standalone functions of `@x/fetch-client/sdk`.
 */
export function createTransport(config: ClientConfig): Transport {
  if (!config?.baseUrl) throw new TypeError('createClient: `baseUrl` is required');
  // A copy of the settings; the calls' shared state stays in this closure: nothing of it (the key)
  // shows on the transport.
  const ctx: Context = {
    ...config,
    logger: config.logger ?? console,
    level_: levelOf(config.logLevel, config.logger ?? console),
    hooks_: config.hooks ? [config.hooks] : [],
    fixed_: addHeaders({ accept: 'application/json' }, config.headers),
  };
  const transport: Record<string, unknown> = {
    baseUrl: config.baseUrl,
    use(hooks: Hooks) {
      ctx.hooks_.push(hooks);
      return transport;
    },
  };
  // `request` takes the method from its options; the others are named after theirs.
  for (const name of ['get', 'post', 'put', 'patch', 'delete', 'request']) {
    transport[name] = (options: RequestOptions) => {
      const result = call(ctx, (name === 'request' ? (options.method ?? 'GET') : name).toUpperCase(), options);
      return (options.throwOnError ?? ctx.throwOnError ?? true) ? result : result.catch(toFailure);
    };
  }
  return transport as unknown as Transport;
}
