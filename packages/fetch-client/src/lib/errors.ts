// Typed errors. `ApiError` (and one subclass per status class) for answers with an error status;
// `ConnectionError`, `TimeoutError`, `AbortError` when no answer came; `ResponseParseError` and
// `ResponseValidationError` for a 2xx body that is not JSON or does not match the spec.
// Messages carry the method, the path and the server's message: never headers, never the key.
import type { RateLimit } from './rate-limit.js';
import type { ValidationIssue } from './types.js';

/** Base of every error this client throws or returns. */
export class FetchClientError extends Error {
  override name = 'FetchClientError';
  /** `METHOD /path` of the request (no query string, no host). */
  readonly operation: string;
  constructor(message: string, operation: string, options?: { cause?: unknown }) {
    super(message, options);
    this.operation = operation;
  }
}

interface ApiErrorInit<TBody> {
  operation: string;
  status: number;
  body: TBody | undefined;
  headers: Headers;
  rateLimit: RateLimit;
  /** Raw text of a body that was not JSON (first 500 characters). */
  text?: string;
}

const MAX_MESSAGE = 200;

function messageOf(body: unknown, text: string | undefined): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const parts = [b.error, b.message, b.cause].filter((p): p is string => typeof p === 'string' && p !== '');
    if (parts.length > 0) return [...new Set(parts)].join(': ').slice(0, MAX_MESSAGE);
  }
  return text ? text.slice(0, MAX_MESSAGE) : '';
}

function requestIdOf(body: unknown, headers: Headers): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    // Swap order bodies carry `requestId`, prediction bodies `request_id`.
    const id = b.requestId ?? b.request_id;
    if (typeof id === 'string') return id;
  }
  return headers.get('x-request-id') ?? undefined;
}

/** An answer with an error status. `body` is typed by the operation's documented error body. */
export class ApiError<TBody = unknown> extends FetchClientError {
  override name = 'ApiError';
  readonly status: number;
  /** The parsed error body; `undefined` when the body was empty or not JSON (see `text`). */
  readonly body: TBody | undefined;
  /** The raw body when it was not JSON (first 500 characters). */
  readonly text: string | undefined;
  readonly headers: Headers;
  /** The request id of the areas whose error body has one (swap order, prediction). */
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimit;
  constructor(init: ApiErrorInit<TBody>) {
    const detail = messageOf(init.body, init.text);
    super(`${init.status} ${init.operation}${detail ? `: ${detail}` : ''}`, init.operation);
    this.status = init.status;
    this.body = init.body;
    this.text = init.text;
    this.headers = init.headers;
    this.requestId = requestIdOf(init.body, init.headers);
    this.rateLimit = init.rateLimit;
  }
}

/** 400: the request was invalid (for trigger v2 cancel also "not ready yet, retry shortly"). */
export class BadRequestError<TBody = unknown> extends ApiError<TBody> {
  override name = 'BadRequestError';
}
/** 401: missing or invalid API key, or a missing, malformed or expired bearer token. */
export class AuthenticationError<TBody = unknown> extends ApiError<TBody> {
  override name = 'AuthenticationError';
}
/** 403: the authenticated wallet may not do this. */
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
  readonly retryAfterMs: number | undefined;
  constructor(init: ApiErrorInit<TBody> & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
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
  readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number) {
    super(`${operation} timed out after ${timeoutMs} ms`, operation);
    this.timeoutMs = timeoutMs;
  }
}
/** The caller aborted the call through its `signal`. `cause` is the signal's reason. */
export class AbortError extends FetchClientError {
  override name = 'AbortError';
}
/** A successful status whose body is not valid JSON. */
export class ResponseParseError extends FetchClientError {
  override name = 'ResponseParseError';
  readonly status: number;
  /** The raw body (first 500 characters). */
  readonly text: string;
  constructor(operation: string, status: number, text: string, cause: unknown) {
    super(`${status} ${operation}: the answer is not valid JSON`, operation, { cause });
    this.status = status;
    this.text = text.slice(0, 500);
  }
}
/** A successful body that does not match the spec (only with `validateResponses`). */
export class ResponseValidationError extends FetchClientError {
  override name = 'ResponseValidationError';
  readonly status: number;
  readonly issues: ReadonlyArray<ValidationIssue>;
  /** The body as received. */
  readonly data: unknown;
  constructor(operation: string, status: number, issues: ReadonlyArray<ValidationIssue>, data: unknown) {
    const first = issues[0];
    const where = first ? `${first.path || '(root)'}: ${first.message}` : 'invalid';
    const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
    super(`${status} ${operation}: the answer does not match the spec at ${where}${more}`, operation);
    this.status = status;
    this.issues = issues;
    this.data = data;
  }
}

/** The `ApiError` subclass for a status. */
export function apiErrorFor<TBody>(init: ApiErrorInit<TBody> & { retryAfterMs?: number | undefined }): ApiError<TBody> {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new InternalServerError(init);
  return new ApiError(init);
}
