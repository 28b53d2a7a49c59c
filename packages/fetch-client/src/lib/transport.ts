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
  ResponseValidationError,
  TimeoutError,
  apiErrorFor,
} from './errors.js';
import { type RateLimit, readRateLimit, requestedDelayMs } from './rate-limit.js';
import { readBody } from './read-body.js';
import { type Hop, nextHop } from './redirect.js';
import { backoffMs, isRepeatable, isRetryableStatus, retryDelayMs } from './retry.js';
import { attemptSignal, sleep } from './timeout.js';
import type { ClientConfig, Failure, RequestOptions, Success, Transport } from './types.js';
import { buildUrl } from './url.js';

/** What one call needs while it runs. */
interface Call {
  config: ClientConfig;
  operation: string;
  headers: Record<string, string>;
  caller: AbortSignal | undefined;
  timeoutMs: number;
}

interface Received {
  response: Response;
  text: string;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause.cause as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
}

const aborted = (operation: string, signal: AbortSignal) =>
  new AbortError(`${operation} was aborted`, operation, { cause: signal.reason });

const ignore = () => {};

/** One attempt: the request, the redirects it may follow, and its body, within one time limit. */
async function attemptOnce(call: Call, hop: Hop): Promise<Received> {
  const { config, operation, caller, timeoutMs } = call;
  const guard = attemptSignal(caller, timeoutMs);
  let headers = call.headers;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await (config.fetch ?? fetch)(hop.url, {
        method: hop.method,
        headers,
        body: hop.body,
        signal: guard.signal,
        redirect: 'manual',
      });
      const next = nextHop(response, hop);
      if (!next) {
        // The body is read inside the attempt, so a stalled body counts against the time limit.
        const maxBytes = config.maxResponseBytes ?? 10_485_760;
        const text = await readBody(response, maxBytes);
        if (text === undefined) throw new ResponseTooLargeError(operation, response.status, maxBytes);
        return { response, text };
      }
      response.body?.cancel().catch(ignore);
      const max = config.maxRedirects ?? 5;
      if ('refused' in next || redirects >= max) {
        const refused = 'refused' in next;
        throw new RedirectError(
          operation,
          response.status,
          refused ? next.origin : undefined,
          refused ? next.refused : `more than ${max} times`,
        );
      }
      if (next.body === undefined && hop.body !== undefined) {
        const { 'content-type': _, ...rest } = headers;
        headers = rest;
      }
      hop = next;
    }
  } catch (cause) {
    if (cause instanceof FetchClientError) throw cause;
    if (caller?.aborted) throw aborted(operation, caller);
    if (guard.timedOut()) throw new TimeoutError(operation, timeoutMs);
    throw new ConnectionError(`${operation} failed: ${describeCause(cause)}`, operation, { cause });
  } finally {
    guard.done();
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

async function sendOnce(config: ClientConfig, method: string, options: RequestOptions): Promise<Success<unknown>> {
  const operation = `${method} ${options.url}`;
  const caller = options.signal;

  // A plain object (lower-case names) is cheaper for fetch than a Headers instance.
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.apiKey) headers['x-api-key'] = config.apiKey;
  for (const source of [config.headers, options.headers]) {
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
  const hop: Hop = { url: buildUrl(config.baseUrl, options.url, options.path, options.query), method, body };

  const bearer = options.security?.some((s) => s.scheme === 'bearer') ? config.bearer : undefined;
  const authorize = async (refresh: boolean) => {
    try {
      headers.authorization = `Bearer ${await bearer!.getToken(refresh ? { refresh, signal: caller } : { signal: caller })}`;
    } catch (error) {
      throw caller?.aborted ? aborted(operation, caller) : error;
    }
  };
  if (bearer) await authorize(false);

  const call: Call = { config, operation, headers, caller, timeoutMs: options.timeoutMs ?? config.timeoutMs ?? 30_000 };
  const maxRetries = options.maxRetries ?? config.maxRetries ?? 2;
  const repeatable = isRepeatable(method, operation);
  const baseMs = config.retryBaseDelayMs ?? 500;
  const capMs = config.maxRetryDelayMs ?? 60_000;
  const wait = async (ms: number, reason: string) => {
    config.logger?.debug?.(`retrying ${operation} in ${ms} ms after ${reason}`, { operation, delayMs: ms, reason });
    await sleep(ms, caller).catch(() => {
      throw aborted(operation, caller!);
    });
  };

  let retries = 0;
  let reauthenticated = false;
  for (;;) {
    let received: Received;
    try {
      received = await attemptOnce(call, hop);
    } catch (error) {
      // Only a lost connection or a time-out is worth another try.
      if (!(error instanceof ConnectionError || error instanceof TimeoutError) || !repeatable || retries >= maxRetries) throw error;
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
      if (config.responseValidator) await validate(config, operation, status, parsed.value);
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
      text: parsed.ok ? undefined : text.slice(0, 500),
      headers: response.headers,
      rateLimit: readRateLimit(response.headers),
      retryAfterMs: requestedDelayMs(response.headers, status, Date.now()),
    });
  }
}

/** Breaking drift throws; additive drift (a new enum value or field) is only reported. */
async function validate(config: ClientConfig, operation: string, status: number, data: unknown): Promise<void> {
  const issues = (await config.responseValidator!({ operation, status, data })) ?? [];
  const breaking = issues.filter((issue) => issue.kind !== 'additive');
  if (breaking.length > 0) throw new ResponseValidationError(operation, status, breaking, data);
  if (issues.length > 0) {
    config.logger?.warn?.(`${operation} answered with values or fields the spec does not list yet`, { operation, status, issues });
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
export function createTransport(config: ClientConfig): Transport {
  if (!config?.baseUrl) throw new TypeError('createClient: `baseUrl` is required (the service base address)');
  const settings: ClientConfig = { ...config };
  const method = (name: string) => (options: RequestOptions) => send(settings, name, options);
  return {
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    request: (options: RequestOptions) => send(settings, (options.method ?? 'GET').toUpperCase(), options),
  } as unknown as Transport;
}

/** The sdk's default client: every call must name its client, so this one only explains that. */
export function createUnconfiguredTransport(_config?: unknown): Transport {
  const fail = () => Promise.reject(new TypeError('No client given: pass `client` (createTransport or createClient)'));
  return { get: fail, post: fail, put: fail, patch: fail, delete: fail, request: fail } as unknown as Transport;
}
