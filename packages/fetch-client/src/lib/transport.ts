// The request pipeline behind every operation, written once: URL and headers, the API key and
// the bearer token, one attempt per try with its time limit, redirects kept on the configured
// origin, a cap on the answer's size, retries with backoff for requests that are safe to repeat,
// one re-authentication on 401, typed errors, optional validation.
import {
  AbortError,
  ApiError,
  ConnectionError,
  FetchClientError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from './errors.js';
import { isGatewayBody } from './gateway-body.js';
import { apiErrorFor } from './error-for-status.js';
import { type RateLimit, readRateLimit, requestedDelayMs } from './rate-limit.js';
import { readBody } from './read-body.js';
import { type Hop, nextHop } from './redirect.js';
import { backoffMs, isRepeatable, isRetryableStatus, retryDelayMs } from './retry.js';
import { deadline, sleep } from './timeout.js';
import type { BearerTokenProvider, ClientConfig, Failure, Logger, RequestOptions, Success, Transport } from './types.js';
import { buildUrl } from './url.js';

/** The message of a network error, with the system's code (`ECONNRESET`) when there is one. */
const describe = (cause: unknown) => {
  const error = cause as { message?: unknown; code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = error?.cause?.code ?? error?.code;
  return `${error?.message ?? cause}${typeof code === 'string' ? ` (${code})` : ''}`;
};

/** Copies `source`'s headers (names lower-cased, undefined values left out) into `target`. */
function addHeaders(target: Record<string, string>, source: Record<string, string | undefined> | undefined): void {
  for (const name in source) if (source[name] !== undefined) target[name.toLowerCase()] = source[name];
}

/**
 * A successful call. A class rather than an object literal with a getter: V8 builds such a
 * literal through its runtime on every call. The rate-limit fields are read on first use.
 */
class Answer implements Success<unknown> {
  #rateLimit: RateLimit | undefined;
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
    this.#rateLimit ??= readRateLimit(this.headers);
    return this.#rateLimit;
  }
}

/** A failed call as `{ error }` (`throwOnError: false`); what is not the client's own error is thrown. */
function toFailure(error: unknown): Failure<FetchClientError> {
  if (!(error instanceof FetchClientError)) throw error;
  return error instanceof ApiError ? { error, status: error.status, headers: error.headers, rateLimit: error.rateLimit } : { error };
}

/** The caller aborted the call. */
const abortError = (operation: string, caller: AbortSignal | undefined) =>
  new AbortError(`${operation} was aborted`, operation, {}, { cause: caller!.reason });

// The steps of a call are module functions with plain arguments, not closures made per call:
// async closures made on every request measurably slow the client down.

/** One attempt: the request, the redirects it may follow, and its body, within one time limit. */
async function attempt(
  config: ClientConfig,
  operation: string,
  first: Hop,
  headers: Record<string, string>,
  caller: AbortSignal | undefined,
  timeoutMs: number,
): Promise<[Response, string]> {
  const guard = deadline(caller, timeoutMs);
  let hop = first;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await (config.fetch ?? fetch)(hop.url, {
        method: hop.method,
        body: hop.body,
        headers,
        signal: guard.signal,
        redirect: 'manual',
      });
      const next = nextHop(response, hop);
      const { status } = response;
      if (!next) {
        // The body is read inside the attempt, so a stalled body counts against the time limit.
        const maxBytes = config.maxResponseBytes ?? 10_485_760;
        const text = await readBody(response, maxBytes);
        if (text !== undefined) return [response, text];
        throw new ResponseTooLargeError(`${status} ${operation}: the answer is larger than ${maxBytes} bytes`, operation, {
          status,
          maxBytes,
        });
      }
      response.body?.cancel().catch(() => {});
      const max = config.maxRedirects ?? 5;
      if ('refused' in next || redirects >= max) {
        const { origin, refused = `more than ${max} times` } = next as { origin?: string; refused?: string };
        throw new RedirectError(`${operation} was redirected ${refused}: not followed`, operation, { status, targetOrigin: origin });
      }
      if (!next.body) {
        const { 'content-type': _, ...rest } = headers;
        headers = rest;
      }
      hop = next;
    }
  } catch (cause) {
    throw cause instanceof FetchClientError
      ? cause
      : caller?.aborted
        ? abortError(operation, caller)
        : guard.timedOut
          ? new TimeoutError(`${operation} timed out after ${timeoutMs} ms`, operation, { timeoutMs })
          : new ConnectionError(`${operation} failed: ${describe(cause)}`, operation, {}, { cause });
  } finally {
    guard.done();
  }
}

/** Sets the bearer token (a fresh one when `refresh`) on `headers`. */
async function authorize(
  headers: Record<string, string>,
  bearer: BearerTokenProvider,
  operation: string,
  caller: AbortSignal | undefined,
  refresh?: boolean,
): Promise<void> {
  try {
    headers.authorization = `Bearer ${await bearer.getToken({ refresh, signal: caller })}`;
  } catch (error) {
    throw caller?.aborted ? abortError(operation, caller) : error;
  }
}

/** Waits before the next attempt; the caller's abort ends the call. */
async function wait(logger: Logger | undefined, operation: string, caller: AbortSignal | undefined, delayMs: number, reason: string) {
  logger?.debug?.(`retrying ${operation} in ${delayMs} ms after ${reason}`, { operation, delayMs, reason });
  await sleep(delayMs, caller).catch(() => {
    throw abortError(operation, caller);
  });
}

/**
 * One call: `fixed` holds the headers of every call (`accept`, `x-api-key`, the configured ones),
 * merged once per client.
 */
async function call(
  config: ClientConfig,
  fixed: Record<string, string>,
  method: string,
  options: RequestOptions,
): Promise<Success<unknown>> {
  const operation = `${method} ${options.url}`;
  const { logger, bearer } = config;
  const caller = options.signal;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? 30_000;

  // A plain object (lower-case names) is cheaper for fetch than a Headers instance.
  const headers = { ...fixed };
  addHeaders(headers, options.headers);
  let { body } = options;
  if (body !== undefined) {
    if (typeof body !== 'string') body = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const first: Hop = { url: buildUrl(config.baseUrl, options.url, options.path, options.query), method, body: body as string | undefined };

  const useBearer = bearer && options.security?.some((auth) => auth.scheme === 'bearer');
  if (useBearer) await authorize(headers, bearer, operation, caller);

  const maxRetries = options.maxRetries ?? config.maxRetries ?? 2;
  const repeatable = isRepeatable(method, operation);
  const baseMs = config.retryBaseDelayMs ?? 500;
  const capMs = config.maxRetryDelayMs ?? 60_000;

  for (let retries = 0, reauthenticated = false; ; ) {
    let response: Response;
    let text: string;
    try {
      [response, text] = await attempt(config, operation, first, headers, caller, timeoutMs);
    } catch (error) {
      // Only a lost connection or a time-out is worth another try.
      if (!(error instanceof ConnectionError || error instanceof TimeoutError) || !repeatable || retries >= maxRetries) throw error;
      await wait(logger, operation, caller, backoffMs(retries++, baseMs), error.name);
      continue;
    }

    const { status, headers: answer } = response;
    let data: unknown;
    let parseError: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch (error) {
      parseError = error;
    }
    // The token may have expired: renew it once and repeat the request once (not when the gateway
    // refused the API key: a new token would not help).
    if (status === 401 && useBearer && !reauthenticated && !isGatewayBody(data)) {
      reauthenticated = true;
      await authorize(headers, bearer, operation, caller, true);
      continue;
    }
    if (status > 199 && status < 300) {
      if (parseError) {
        throw new ResponseParseError(
          `${status} ${operation}: the answer is not valid JSON`,
          operation,
          { status, text: text.slice(0, 500) },
          { cause: parseError },
        );
      }
      // No validator, no await: awaiting `undefined` would still cost a turn of the microtask queue.
      if (config.responseValidator) await config.responseValidator({ operation, status, data, logger });
      return new Answer(data, status, response, answer);
    }

    if (repeatable && isRetryableStatus(status) && retries < maxRetries) {
      const delay = retryDelayMs(retries, status, answer, baseMs, capMs);
      if (delay !== undefined) {
        retries++;
        await wait(logger, operation, caller, delay, `${status}`);
        continue;
      }
      logger?.warn?.(`${operation} answered ${status} asking to wait over ${capMs} ms: not retrying`, { operation, status });
    }
    throw apiErrorFor({
      operation,
      status,
      body: data,
      text: parseError ? text.slice(0, 500) : undefined,
      headers: answer,
      rateLimit: readRateLimit(answer),
      retryAfterMs: requestedDelayMs(answer, status, Date.now()),
    });
  }
}

/**
 * The transport the generated sdk functions call. `createClient()` wraps it with one method per
 * operation; use it directly with the standalone functions of `@x/fetch-client/sdk`.
 */
export function createTransport(config: ClientConfig): Transport {
  if (!config?.baseUrl) throw new TypeError('createClient: `baseUrl` is required');
  // Later changes to the caller's object do not reach the client.
  const settings = { ...config };
  const fixed: Record<string, string> = { accept: 'application/json' };
  if (config.apiKey) fixed['x-api-key'] = config.apiKey;
  addHeaders(fixed, config.headers);
  const transport: Record<string, unknown> = {};
  // `request` takes the method from its options; the others are named after theirs.
  for (const name of ['get', 'post', 'put', 'patch', 'delete', 'request']) {
    transport[name] = (options: RequestOptions) => {
      const result = call(settings, fixed, (name === 'request' ? (options.method ?? 'GET') : name).toUpperCase(), options);
      return (options.throwOnError ?? settings.throwOnError ?? true) ? result : result.catch(toFailure);
    };
  }
  return transport as unknown as Transport;
}

/** The sdk's default client: every call must name its client, so this one only explains that. */
export const createUnconfiguredTransport = (_config?: unknown): Transport =>
  new Proxy({}, { get: () => () => Promise.reject(new TypeError('No client given: pass `client`')) }) as Transport;
