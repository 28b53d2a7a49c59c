// The request pipeline behind every operation, written once: URL and headers, the API key and
// the bearer token, one attempt per try with its time limit, retries with backoff for requests
// that are safe to repeat, one re-authentication on 401, typed errors, optional validation.
import {
  AbortError,
  ApiError,
  ConnectionError,
  FetchClientError,
  ResponseParseError,
  ResponseValidationError,
  TimeoutError,
  apiErrorFor,
} from './errors.js';
import { type RateLimit, readRateLimit, requestedDelayMs } from './rate-limit.js';
import { backoffMs, isRepeatable, isRetryableStatus, retryDelayMs } from './retry.js';
import { attemptSignal, sleep } from './timeout.js';
import type { Client, ClientConfig, Failure, RequestOptions, Success } from './types.js';
import { buildUrl } from './url.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_MS = 500;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

interface Received {
  response: Response;
  text: string;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause.cause as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
}

function aborted(operation: string, signal: AbortSignal): AbortError {
  return new AbortError(`${operation} was aborted`, operation, { cause: signal.reason });
}

async function attemptOnce(
  fetchImpl: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  caller: AbortSignal | undefined,
  timeoutMs: number,
  operation: string,
): Promise<Received> {
  const guard = attemptSignal(caller, timeoutMs);
  try {
    const response = await fetchImpl(url, { method: init.method, headers: init.headers, body: init.body, signal: guard.signal });
    // The body is read inside the attempt, so a stalled body counts against the time limit.
    const text = await response.text();
    return { response, text };
  } catch (cause) {
    if (caller?.aborted) throw aborted(operation, caller);
    if (guard.timedOut()) throw new TimeoutError(operation, timeoutMs);
    throw new ConnectionError(`${operation} failed: ${describeCause(cause)}`, operation, { cause });
  } finally {
    guard.done();
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

async function sendOnce(config: ClientConfig, method: string, options: RequestOptions): Promise<Success<unknown>> {
  const operation = `${method} ${options.url}`;
  const url = buildUrl(config.baseUrl, options.url, options.path, options.query);
  const caller = options.signal;

  // A plain object (lower-case names) is cheaper for fetch than a Headers instance.
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.apiKey) headers['x-api-key'] = config.apiKey;
  for (const source of [config.headers, options.headers]) {
    if (!source) continue;
    for (const name in source) {
      const value = source[name];
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }

  const bearer = options.security?.some((s) => s.type === 'http' && s.scheme === 'bearer') ? config.bearer : undefined;
  const authorize = async (refresh: boolean) => {
    if (!bearer) return;
    try {
      headers.authorization = `Bearer ${await bearer.getToken(refresh ? { refresh, signal: caller } : { signal: caller })}`;
    } catch (error) {
      if (caller?.aborted) throw aborted(operation, caller);
      throw error;
    }
  };
  if (bearer) await authorize(false);

  const fetchImpl = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const init = { method, headers, body };
  const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? config.maxRetries ?? DEFAULT_MAX_RETRIES;
  const repeatable = isRepeatable(method, `${method} ${options.url}`);
  const baseMs = config.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_MS;
  const capMs = config.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const wait = async (ms: number, reason: string) => {
    config.logger?.debug?.(`retrying ${operation} in ${ms} ms after ${reason}`, { operation, delayMs: ms, reason });
    try {
      await sleep(ms, caller);
    } catch {
      throw aborted(operation, caller!);
    }
  };

  let retries = 0;
  let reauthenticated = false;
  for (;;) {
    let received: Received;
    try {
      received = await attemptOnce(fetchImpl, url, init, caller, timeoutMs, operation);
    } catch (error) {
      if (error instanceof AbortError || !repeatable || retries >= maxRetries) throw error;
      await wait(backoffMs(retries++, baseMs), (error as Error).name);
      continue;
    }

    const { response, text } = received;
    const { status } = response;
    if (status === 401 && bearer && !reauthenticated) {
      reauthenticated = true;
      config.logger?.debug?.(`${operation} answered 401: renewing the bearer token once`, { operation });
      await authorize(true);
      continue;
    }

    const parsed = parseJson(text);
    if (status >= 200 && status < 300) {
      if (!parsed.ok) throw new ResponseParseError(operation, status, text, parsed.error);
      if (config.validateResponses) {
        const issues = await config.validateResponses({ operation, status, data: parsed.value });
        if (issues && issues.length > 0) throw new ResponseValidationError(operation, status, issues, parsed.value);
      }
      return success(parsed.value, response);
    }

    if (repeatable && isRetryableStatus(status) && retries < maxRetries) {
      const delay = retryDelayMs(retries, status, response.headers, { baseMs, capMs });
      if (delay !== undefined) {
        retries++;
        await wait(delay, String(status));
        continue;
      }
      config.logger?.warn?.(`${operation} answered ${status} with a requested wait above ${capMs} ms: not retrying`, {
        operation,
        status,
      });
    }
    throw apiErrorFor({
      operation,
      status,
      body: parsed.ok ? parsed.value : undefined,
      ...(parsed.ok || text === '' ? {} : { text: text.slice(0, 500) }),
      headers: response.headers,
      rateLimit: readRateLimit(response.headers),
      retryAfterMs: requestedDelayMs(response.headers, status, Date.now()),
    });
  }
}

/** A success whose headers and rate-limit fields are read on first use (reading them costs). */
function success(data: unknown, response: Response): Success<unknown> {
  let rateLimit: RateLimit | undefined;
  return {
    data,
    status: response.status,
    response,
    get headers() {
      return response.headers;
    },
    get rateLimit() {
      return (rateLimit ??= readRateLimit(response.headers));
    },
  };
}

function toFailure(error: FetchClientError): Failure<FetchClientError> {
  if (error instanceof ApiError) {
    return { error, status: error.status, headers: error.headers, rateLimit: error.rateLimit };
  }
  return { error };
}

async function send(config: ClientConfig, method: string, options: RequestOptions) {
  try {
    return await sendOnce(config, method, options);
  } catch (error) {
    const throwOnError = options.throwOnError ?? config.throwOnError ?? true;
    if (throwOnError || !(error instanceof FetchClientError)) throw error;
    return toFailure(error);
  }
}

/**
 * The transport the generated sdk functions call. `createClient()` wraps it with one method per
 * operation; use it directly with the standalone functions of `@x/fetch-client/sdk`.
 */
export function createTransport(config: ClientConfig): Client {
  if (!config || typeof config.baseUrl !== 'string' || config.baseUrl === '') {
    throw new TypeError('createClient: `baseUrl` is required (the service base address)');
  }
  const settings: ClientConfig = { ...config };
  const method = (name: string) => (options: RequestOptions) => send(settings, name, options);
  return {
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    request: (options: RequestOptions) => send(settings, (options.method ?? 'GET').toUpperCase(), options),
  } as unknown as Client;
}

/** The sdk's default client: every call must name its client, so this one only explains that. */
export function createUnconfiguredTransport(_config?: unknown): Client {
  const fail = () =>
    Promise.reject(
      new TypeError('No client given: create one with createClient({ baseUrl, apiKey }) and pass it as `client`'),
    );
  return { get: fail, post: fail, put: fail, patch: fail, delete: fail, request: fail } as unknown as Client;
}
