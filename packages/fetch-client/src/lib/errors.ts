// Typed errors. `ApiError` (and one subclass per status class) for answers with an error status;
// `ConnectionError`, `TimeoutError`, `AbortError` when no answer came; `RedirectError` for a
// redirect (the client follows none); `ResponseTooLargeError` for an answer over the size cap;
// `ResponseParseError` and `ResponseValidationError` for a 2xx body that is not JSON or does not
// match the spec. Messages carry the method, the path and the server's message: never headers,
// never the key.
import { requestIdFields } from '../gen/error-shapes.gen.js';
import { isGatewayBody } from './gateway-body.js';

// Re-exported: the other entries import the rule from the index (one copy in a bundle).
export { isGatewayBody };
import type { RateLimit } from './rate-limit.js';

/** One problem found by response validation. */
export interface ValidationIssue {
  /** Dotted path into the response body (`data.0.status`), empty for the root. */
  path: string;
  message: string;
  /**
   * `breaking` (default): a wrong type or a missing required field, the body cannot be trusted.
   * `additive`: an enum value or a field the spec does not know yet; reported, never thrown.
   */
  kind?: 'breaking' | 'additive';
}

/**
 * Base of every error this client throws or returns. The subclasses without their own constructor
 * take the same arguments: the message, the operation, their typed fields, and the cause.
 */
export class FetchClientError extends Error {
  override name = 'FetchClientError';
  /** `METHOD /path` of the request (no query string, no host). */
  declare readonly operation: string;
  /** `fields` become the error's own properties (the subclasses' typed fields). */
  constructor(message: string, operation: string, fields?: object, options?: { cause?: unknown }) {
    super(message, options);
    Object.assign(this, fields, { operation });
  }
}

export interface ApiErrorInit<TBody> {
  operation: string;
  status: number;
  body: TBody | undefined;
  headers: Headers;
  rateLimit: RateLimit;
  /** Raw text of a body that was not JSON (first 500 characters). */
  text?: string | undefined;
  retryAfterMs?: number | undefined;
}

/** `error`, `message` and `cause` of an error body (each once), else the raw text; 200 characters at most. */
function messageOf(fields: Record<string, unknown> | null | undefined, text: string | undefined): string {
  const parts = [...new Set([fields?.error, fields?.message, fields?.cause])].filter((p) => p && typeof p === 'string');
  return (parts.join(': ') || text || '').slice(0, 200);
}

/** The request id of an answer: its body's, by the field names the spec's error schemas use, else the `x-request-id` header. */
export function requestIdOf(body: unknown, headers: Headers): string | undefined {
  const id = requestIdFields
    .map((field) => (body as Record<string, unknown> | null | undefined)?.[field])
    .find((value) => typeof value === 'string');
  return id ?? headers.get('x-request-id') ?? undefined;
}

/**
 * An answer with an error status. `body` is typed by the operation's documented error body.
 *
 * Two sources answer errors: the API gateway in front of every area (401 invalid key, 403 key
 * without access, 429 rate limit; body `{ code, message }`, the spec's `GatewayError`) and the
 * area itself (its own body). `source` tells them apart; `code` and `serverMessage` read both the
 * same way, so one `catch` handles every error.
 */
export class ApiError<TBody = unknown> extends FetchClientError {
  override name = 'ApiError';
  declare readonly status: number;
  /**
   * `gateway` for a body of the gateway's shape (an integer `code`, a string `message`, no
   * `error`), `area` for any other answer (an area's body, an empty or non-JSON body).
   */
  declare readonly source: 'gateway' | 'area';
  /** The body's `code`, when it has one: the gateway's status, or an area's code (number or string). */
  declare readonly code: number | string | undefined;
  /** What the server said: the body's `error`, `message` and `cause` (each once), else the raw text; 200 characters at most. */
  declare readonly serverMessage: string;
  /** The parsed error body; `undefined` when the body was empty or not JSON (see `text`). */
  declare readonly body: TBody | undefined;
  /** The raw body when it was not JSON (first 500 characters). */
  declare readonly text: string | undefined;
  declare readonly headers: Headers;
  /** The request id of the areas whose error body has one (swap order, prediction). */
  declare readonly requestId: string | undefined;
  declare readonly rateLimit: RateLimit;
  constructor(init: ApiErrorInit<TBody>) {
    const body = init.body as Record<string, unknown> | null | undefined;
    const detail = messageOf(body, init.text);
    const code = body?.code;
    super(`${init.status} ${init.operation}${detail && `: ${detail}`}`, init.operation, {
      ...init,
      requestId: requestIdOf(body, init.headers),
      source: isGatewayBody(body) ? 'gateway' : 'area',
      code: typeof code === 'number' || typeof code === 'string' ? code : undefined,
      serverMessage: detail,
    });
  }
}

/** Whether `error` is an answer of the API gateway (`{ code, message }`), not of the area. */
export const isGatewayError = (error: unknown): error is ApiError<{ code: number; message: string }> & { code: number } =>
  error instanceof ApiError && error.source === 'gateway';

/** 400: the request was invalid (for trigger v2 cancel also "not ready yet, retry shortly"). */
export class BadRequestError<TBody = unknown> extends ApiError<TBody> {
  override name = 'BadRequestError';
}
/** 401: an invalid or unknown API key (the gateway), or a missing, malformed or expired trigger v2 bearer token (the area). */
export class AuthenticationError<TBody = unknown> extends ApiError<TBody> {
  override name = 'AuthenticationError';
}
/** 403: a key without access to the endpoint (the gateway), or a wallet that may not do this (trigger v2). */
export class PermissionDeniedError<TBody = unknown> extends ApiError<TBody> {
  override name = 'PermissionDeniedError';
}
/** 404. */
export class NotFoundError<TBody = unknown> extends ApiError<TBody> {
  override name = 'NotFoundError';
}
/** 409 (for instance a vault that is already registered). */
export class ConflictError<TBody = unknown> extends ApiError<TBody> {
  override name = 'ConflictError';
}
/** 429: the rate-limit window is exhausted. `retryAfterMs` says when to come back, if known. */
export class RateLimitError<TBody = unknown> extends ApiError<TBody> {
  override name = 'RateLimitError';
  declare readonly retryAfterMs: number | undefined;
}
/** 5xx. */
export class InternalServerError<TBody = unknown> extends ApiError<TBody> {
  override name = 'InternalServerError';
}

/** The request could not be sent or the connection broke before an answer was read. */
export class ConnectionError extends FetchClientError {
  override name = 'ConnectionError';
}
/** An attempt took longer than `timeoutMs`. */
export class TimeoutError extends FetchClientError {
  override name = 'TimeoutError';
  declare readonly timeoutMs: number;
}
/** The caller aborted the call through its `signal`. `cause` is the signal's reason. */
export class AbortError extends FetchClientError {
  override name = 'AbortError';
}
/**
 * A redirect: the client follows none (the API key, the bearer token and the body stay with the
 * configured origin; the service documents no redirect, so one most likely means a wrong `baseUrl`).
 */
export class RedirectError extends FetchClientError {
  override name = 'RedirectError';
  /** The redirect status (0 in a browser, which hides it). */
  declare readonly status: number;
  /** Origin of the redirect target (`https://host:port`); `undefined` when the browser hides it. */
  declare readonly targetOrigin: string | undefined;
}
/** An answer larger than `maxResponseBytes`; reading stopped at the limit. */
export class ResponseTooLargeError extends FetchClientError {
  override name = 'ResponseTooLargeError';
  declare readonly status: number;
  declare readonly maxBytes: number;
}
/** A successful status whose body is not valid JSON. */
export class ResponseParseError extends FetchClientError {
  override name = 'ResponseParseError';
  declare readonly status: number;
  /** The raw body (first 500 characters). */
  declare readonly text: string;
}
/** A successful body with breaking drift from the spec (only with a `responseValidator`). */
export class ResponseValidationError extends FetchClientError {
  override name = 'ResponseValidationError';
  declare readonly status: number;
  /** The breaking issues (additive ones go to `logger.warn`). */
  declare readonly issues: ReadonlyArray<ValidationIssue>;
  /** The body as received. */
  declare readonly data: unknown;
  constructor(operation: string, status: number, issues: ReadonlyArray<ValidationIssue>, data: unknown) {
    const first = issues[0]!;
    super(
      `${status} ${operation}: the answer does not match the spec at ${first.path || '(root)'}: ${first.message}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`,
      operation,
      { status, issues, data },
    );
  }
}

/**
 * A paged list cannot go on from a page of its answer: the page has no list of items where the
 * spec puts them, is at another position than the one asked, or gives no next position past it (a
 * service that ignores the paging would otherwise be asked for the same page forever). `page` is
 * that answer body.
 */
export class PaginationError extends FetchClientError {
  override name = 'PaginationError';
  declare readonly page: unknown;
}

/** A hook threw: the call ended there (`cause` is what the hook threw; see hooks.ts). */
export class HookError extends FetchClientError {
  override name = 'HookError';
  /** Which hook threw. */
  declare readonly hook: 'beforeRequest' | 'afterResponse' | 'onError' | 'onRetry';
}
