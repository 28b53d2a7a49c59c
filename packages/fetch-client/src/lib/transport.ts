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
  apiErrorFor,
} from './errors.js';
import { type RateLimit, readRateLimit, requestedDelayMs } from './rate-limit.js';
import { readBody } from './read-body.js';
import { type Hop, nextHop } from './redirect.js';
import { backoffMs, isRepeatable, isRetryableStatus, retryDelayMs } from './retry.js';
import { Deadline, sleep } from './timeout.js';
import type { Auth, BearerTokenProvider, ClientConfig, Failure, RequestOptions, Success, Transport } from './types.js';
import { buildUrl } from './url.js';

/** The message of a network error, with the system's code (`ECONNRESET`) when there is one. */
const describe = (cause: unknown) => {
  const error = cause as { message?: unknown; code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = error?.cause?.code ?? error?.code;
  return `${error?.message ?? cause}${typeof code === 'string' ? ` (${code})` : ''}`;
};

/** The client's configuration, with what every call would otherwise compute again. */
interface Settings extends ClientConfig {
  /** `accept`, `x-api-key` and the configured headers, lower-cased. */
  fixedHeaders: Record<string, string>;
}

/** Copies `source`'s headers (names lower-cased, undefined values left out) into `target`. */
function addHeaders(target: Record<string, string>, source: Record<string, string | undefined> | undefined): void {
  for (const name in source) if (source[name] !== undefined) target[name.toLowerCase()] = source[name];
}

/** Whether an operation's security asks for the bearer token. */
const isBearer = (auth: Auth) => auth.scheme === 'bearer';

/** What every attempt of one call shares (one object per call, instead of closures). */
interface Call {
  config: ClientConfig;
  operation: string;
  caller: AbortSignal | undefined;
  timeoutMs: number;
  headers: Record<string, string>;
  first: Hop;
}

const aborted = (call: Call) => new AbortError(`${call.operation} was aborted`, call.operation, {}, { cause: call.caller!.reason });

/** One attempt: the request, the redirects it may follow, and its body, within one time limit. */
async function attempt(call: Call): Promise<[Response, string]> {
  const { config, operation } = call;
  const deadline = new Deadline(call.caller, call.timeoutMs);
  let hop = call.first;
  let headers = call.headers;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await (config.fetch ?? fetch)(hop.url, {
        method: hop.method,
        body: hop.body,
        headers,
        signal: deadline.signal,
        redirect: 'manual',
      });
      const next = nextHop(response, hop);
      if (!next) {
        // The body is read inside the attempt, so a stalled body counts against the time limit.
        const maxBytes = config.maxResponseBytes ?? 10_485_760;
        const text = await readBody(response, maxBytes);
        if (text === undefined) {
          throw new ResponseTooLargeError(`${response.status} ${operation}: the answer is larger than ${maxBytes} bytes`, operation, {
            status: response.status,
            maxBytes,
          });
        }
        return [response, text];
      }
      response.body?.cancel().catch(() => {});
      const max = config.maxRedirects ?? 5;
      if ('refused' in next || redirects >= max) {
        const { origin, refused = `more than ${max} times` } = next as { origin?: string; refused?: string };
        throw new RedirectError(`${operation} was redirected ${refused}: not followed`, operation, {
          status: response.status,
          targetOrigin: origin,
        });
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
      : call.caller?.aborted
        ? aborted(call)
        : deadline.timedOut
          ? new TimeoutError(`${operation} timed out after ${call.timeoutMs} ms`, operation, { timeoutMs: call.timeoutMs })
          : new ConnectionError(`${operation} failed: ${describe(cause)}`, operation, {}, { cause });
  } finally {
    deadline.done();
  }
}

/** Sets the bearer token (a fresh one when `refresh`) on the call's headers. */
async function authorize(call: Call, bearer: BearerTokenProvider, refresh?: boolean): Promise<void> {
  try {
    call.headers.authorization = `Bearer ${await bearer.getToken({ refresh, signal: call.caller })}`;
  } catch (error) {
    throw call.caller?.aborted ? aborted(call) : error;
  }
}

/** Waits before the next attempt; the caller's abort ends the call. */
async function wait(call: Call, delayMs: number, reason: string): Promise<void> {
  const { operation } = call;
  call.config.logger?.debug?.(`retrying ${operation} in ${delayMs} ms after ${reason}`, { operation, delayMs, reason });
  await sleep(delayMs, call.caller).catch(() => {
    throw aborted(call);
  });
}

/** The call's success: the rate-limit fields are read on first use (reading them costs). */
function success(data: unknown, response: Response): Success<unknown> {
  let rateLimit: RateLimit | undefined;
  const { status, headers } = response;
  return {
    data,
    status,
    response,
    headers,
    get rateLimit() {
      rateLimit ??= readRateLimit(headers);
      return rateLimit;
    },
  };
}

async function sendOnce(config: Settings, method: string, options: RequestOptions): Promise<Success<unknown>> {
  const operation = `${method} ${options.url}`;
  const { logger } = config;

  // A plain object (lower-case names) is cheaper for fetch than a Headers instance.
  const headers = { ...config.fixedHeaders };
  addHeaders(headers, options.headers);
  let { body } = options;
  if (body !== undefined) {
    if (typeof body !== 'string') body = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const call: Call = {
    config,
    operation,
    caller: options.signal,
    timeoutMs: options.timeoutMs ?? config.timeoutMs ?? 30_000,
    headers,
    first: { url: buildUrl(config.baseUrl, options.url, options.path, options.query), method, body: body as string | undefined },
  };

  const bearer = options.security?.some(isBearer) ? config.bearer : undefined;
  if (bearer) await authorize(call, bearer);

  const maxRetries = options.maxRetries ?? config.maxRetries ?? 2;
  const repeatable = isRepeatable(method, operation);
  const baseMs = config.retryBaseDelayMs ?? 500;
  const capMs = config.maxRetryDelayMs ?? 60_000;

  for (let retries = 0, reauthenticated = false; ; ) {
    let response: Response;
    let text: string;
    try {
      [response, text] = await attempt(call);
    } catch (error) {
      // Only a lost connection or a time-out is worth another try.
      if (!(error instanceof ConnectionError || error instanceof TimeoutError) || !repeatable || retries >= maxRetries) throw error;
      await wait(call, backoffMs(retries++, baseMs), error.name);
      continue;
    }

    const { status, headers: answer } = response;
    if (status === 401 && bearer && !reauthenticated) {
      // The token may have expired: renew it once and repeat the request once.
      reauthenticated = true;
      await authorize(call, bearer, true);
      continue;
    }

    let data: unknown;
    let parseError: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch (error) {
      parseError = error;
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
      if (config.responseValidator) await config.responseValidator({ operation, status, data, logger });
      return success(data, response);
    }

    if (repeatable && isRetryableStatus(status) && retries < maxRetries) {
      const delay = retryDelayMs(retries, status, answer, { baseMs, capMs });
      if (delay !== undefined) {
        retries++;
        await wait(call, delay, `${status}`);
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

/** The call's result; with `throwOnError: false`, the client's own errors come back as `{ error }`. */
function send(config: Settings, method: string, options: RequestOptions): Promise<Success<unknown> | Failure<FetchClientError>> {
  const sent = sendOnce(config, method, options);
  if (options.throwOnError ?? config.throwOnError ?? true) return sent;
  return sent.catch((error: unknown) => {
    if (!(error instanceof FetchClientError)) throw error;
    return error instanceof ApiError ? { error, status: error.status, headers: error.headers, rateLimit: error.rateLimit } : { error };
  });
}

/**
 * The transport the generated sdk functions call. `createClient()` wraps it with one method per
 * operation; use it directly with the standalone functions of `@x/fetch-client/sdk`.
 */
export function createTransport(config: ClientConfig): Transport {
  if (!config?.baseUrl) throw new TypeError('createClient: `baseUrl` is required');
  const fixedHeaders: Record<string, string> = { accept: 'application/json' };
  if (config.apiKey) fixedHeaders['x-api-key'] = config.apiKey;
  addHeaders(fixedHeaders, config.headers);
  const settings: Settings = { ...config, fixedHeaders };
  const transport: Record<string, unknown> = {};
  // `request` takes the method from its options; the others are named after theirs.
  for (const name of ['get', 'post', 'put', 'patch', 'delete', 'request']) {
    transport[name] = (options: RequestOptions) =>
      send(settings, (name === 'request' ? (options.method ?? 'GET') : name).toUpperCase(), options);
  }
  return transport as unknown as Transport;
}

/** The sdk's default client: every call must name its client, so this one only explains that. */
export const createUnconfiguredTransport = (_config?: unknown): Transport =>
  new Proxy({}, { get: () => () => Promise.reject(new TypeError('No client given: pass `client`')) }) as Transport;
