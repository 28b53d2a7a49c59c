// The types of the client runtime: what the generated sdk (src/gen/sdk.gen.ts) calls, what a
// call accepts and what it returns. The generated sdk imports them through src/gen/client/.
import type {
  AbortError,
  ApiError,
  ConnectionError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import type { BearerTokenProvider } from '@x/types';
import type { Operations } from '../gen/operations.gen.js';
import type { HookError } from './errors.js';
import type { RateLimit } from './rate-limit.js';

export type { ValidationIssue } from './errors.js';

/** A security requirement of an operation, as the generated sdk passes it. */
export interface Auth {
  type: 'apiKey' | 'http';
  name?: string;
  scheme?: 'basic' | 'bearer';
  in?: 'header' | 'query' | 'cookie';
}

/**
 * Supplies the bearer token of trigger v2 operations (`Authorization: Bearer <token>`); defined in
 * `@x/types`, shared with `@x/signing`, whose auth session implements it. On a 401 from such an
 * operation the client calls `getToken({ refresh: true })` once and repeats the request once.
 */
export type { BearerTokenProvider };

/** How much the client logs: `off`, `error`, `warn` (default), `info`, `debug`. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/**
 * Where the client's log lines go: any object with `debug`, `info`, `warn`, `error` (console,
 * pino, winston; a missing method drops its level). Never receives the API key, a bearer token,
 * a challenge signature or a signed transaction.
 */
export interface Logger {
  debug?(message: string, details?: Record<string, unknown>): void;
  info?(message: string, details?: Record<string, unknown>): void;
  warn?(message: string, details?: Record<string, unknown>): void;
  error?(message: string, details?: Record<string, unknown>): void;
}

/**
 * Checks a successful response body before the call resolves. It rejects the answer by throwing
 * (a `ResponseValidationError` is the typed way) and reports what it tolerates to `logger`.
 * `responseValidator` of `@x/fetch-client/validate` is one generated from the spec: breaking
 * drift (a wrong type, a missing required field) throws, additive drift (a new enum value or
 * field) goes to `logger.warn`.
 */
export type ResponseValidator = (response: {
  /** `METHOD /path/template`, e.g. `GET /swap/v2/order`. */
  operation: string;
  status: number;
  data: unknown;
  /** The client's logger, if it has one. */
  logger?: Logger | undefined;
}) => void | Promise<void>;

/** Options of `createClient()` (and of `createTransport()`). */
export interface ClientConfig<ThrowOnError extends boolean = boolean> {
  /** Base address of the service (the spec's `{base_url}`), e.g. `http://localhost:4010`. */
  baseUrl: string;
  /** Sent as `x-api-key` on every request. Never logged and never put into an error message. */
  apiKey?: string;
  /** A fetch implementation. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Time limit of each attempt, in ms, including reading the body. Default 30 000. `0` disables it. */
  timeoutMs?: number;
  /** Retries after the first attempt, for requests that are safe to repeat. Default 2. */
  maxRetries?: number;
  /** First backoff delay in ms (doubled per retry, with jitter, at most 8 s). Default 500. */
  retryBaseDelayMs?: number;
  /**
   * Longest wait the client accepts from `Retry-After` or `x-ratelimit-reset`, in ms. A longer
   * requested wait ends retrying: the error is returned (thrown) at once. Default 60 000.
   */
  maxRetryDelayMs?: number;
  /** Bearer tokens for trigger v2 operations. */
  bearer?: BearerTokenProvider;
  /**
   * Throw typed errors (default, `true`) or resolve to `{ data, error }` (`false`).
   * A call can override it with its own `throwOnError`.
   */
  throwOnError?: ThrowOnError;
  /**
   * Checks every successful response body. None by default; pass `responseValidator` from
   * `@x/fetch-client/validate` to catch drift of the beta APIs: breaking drift throws a
   * `ResponseValidationError`, additive drift goes to `logger.warn`.
   */
  responseValidator?: ResponseValidator | undefined;
  /** Largest answer read, in bytes; past it the call fails with `ResponseTooLargeError`. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Where log lines go. Default `console`. */
  logger?: Logger;
  /**
   * `off`, `error` (a hook that threw), `warn` (default: also refused waits, additive drift),
   * `info` (also one line per request and per failed call), `debug` (also retries, token renewals,
   * redacted headers and bodies). Without it, the `X_LOG` environment variable sets it where the runtime has one.
   */
  logLevel?: LogLevel;
  /** Hooks run around every call (more with `client.use(hooks)`). */
  hooks?: Hooks;
}

/** What every call may add to its operation's parameters. */
export interface RequestOverrides<ThrowOnError extends boolean = boolean> {
  /** Throw typed errors (`true`) or resolve to `{ data, error }` (`false`). */
  throwOnError?: ThrowOnError;
  /** Abort the call (all attempts and waits). Ends in an `AbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string | undefined>;
}

/** The shape of an operation's request data, as the generated types describe it. */
export interface TDataShape {
  body?: unknown;
  headers?: unknown;
  path?: unknown;
  query?: unknown;
  url: string;
}

/** Extra values passed through an sdk call; augment it to type them. */
// biome-ignore lint/suspicious/noEmptyInterface: users augment it (declaration merging), which a type alias cannot take.
export interface ClientMeta {}

/** Options of one operation call: its parameters plus the per-call overrides. */
export type Options<
  TData extends TDataShape = TDataShape,
  ThrowOnError extends boolean = boolean,
  // Unused here; the generated sdk passes it (hey-api's signature of Options).
  _TResponse = unknown,
> = RequestOverrides<ThrowOnError> & ([TData] extends [never] ? unknown : Omit<TData, 'url' | 'headers'>);

/** What the generated sdk passes to the client's method functions. */
export interface RequestOptions<ThrowOnError extends boolean = boolean> extends RequestOverrides<ThrowOnError> {
  url: string;
  method?: string;
  body?: unknown;
  path?: unknown;
  query?: unknown;
  security?: ReadonlyArray<Auth>;
  client?: Transport;
  meta?: unknown;
  /** The spec's operationId (the generated sdk and `createClient()` pass it), for logs and hooks. */
  operationId?: string;
}

type Values<T> = T[keyof T];
/** The union of the bodies of a status map (`{ 200: A; 201: B }` → `A | B`). */
export type BodyOf<TMap> = [TMap] extends [never] ? never : keyof TMap extends never ? unknown : Values<TMap>;

/** The error of an operation: one `ApiError` per documented status, typed by its body. */
export type ApiErrorOf<TErrors> = [TErrors] extends [never]
  ? ApiError<unknown>
  : Values<{ [K in keyof TErrors]: ApiError<TErrors[K]> & { readonly status: K extends number ? K : number } }>;

/** Everything a call can fail with, when it does not throw. */
export type CallError<TErrors> =
  | ApiErrorOf<TErrors>
  | ConnectionError
  | TimeoutError
  | AbortError
  | RedirectError
  | ResponseTooLargeError
  | ResponseParseError
  | ResponseValidationError
  | HookError;

/** A successful answer. */
export interface Success<TData> {
  data: TData;
  error?: undefined;
  status: number;
  headers: Headers;
  /** `x-ratelimit-*` headers of the answer. */
  rateLimit: RateLimit;
  response: Response;
}

/** A failed call, when `throwOnError` is `false`. */
export interface Failure<TError> {
  data?: undefined;
  error: TError;
  status?: number;
  headers?: Headers;
  rateLimit?: RateLimit;
  response?: Response;
}

/** The result of a call: the answer, or (with `throwOnError: false`) the answer or the error. */
export type RequestResult<TResponses = unknown, TErrors = unknown, ThrowOnError extends boolean = boolean> = Promise<
  ThrowOnError extends true ? Success<BodyOf<TResponses>> : Success<BodyOf<TResponses>> | Failure<CallError<TErrors>>
>;

type MethodFn = <TResponses = unknown, TErrors = unknown, ThrowOnError extends boolean = boolean>(
  options: RequestOptions<ThrowOnError>,
) => RequestResult<TResponses, TErrors, ThrowOnError>;

/** The transport the generated sdk functions call (`options.client.get(...)`). */
export interface Transport {
  /** The base address it calls (`ClientConfig.baseUrl`, as given): what tells two clients' cached answers apart. */
  readonly baseUrl: string;
  get: MethodFn;
  post: MethodFn;
  put: MethodFn;
  patch: MethodFn;
  delete: MethodFn;
  request: MethodFn;
  /** Adds hooks that run around every later call, after the ones given before. */
  use(hooks: Hooks): Transport;
}

// Hooks: code of the user's that runs around every call (see hooks.ts).
type OperationId = keyof Operations;

/** What every hook is told about the call. */
export interface HookCall<K extends OperationId = OperationId> {
  /** The spec's operationId (`swapGetOrder`). */
  operationId: K;
  /** `METHOD /path/template`, e.g. `GET /swap/v2/order`. */
  operation: string;
  method: string;
  /** The full URL, query included (it never holds a credential). */
  url: string;
  /** One object per call, the same in each hook of that call: keep there what a later hook needs (a span). */
  context: Record<string, unknown>;
}

/** `beforeRequest`: `headers` (lower-case names) may be changed; the API key and the token are added after. */
export interface BeforeRequest<K extends OperationId = OperationId> extends HookCall<K> {
  headers: Record<string, string>;
}

/** `afterResponse`: a successful answer, `data` typed by the operation (narrow on `operationId`). */
export type AfterResponse<K extends OperationId = OperationId> = {
  [Id in K]: HookCall<Id> & {
    status: number;
    headers: Headers;
    /** From the first attempt's start to the answer read, in ms. */
    durationMs: number;
    /** 1 for the first attempt. */
    attempt: number;
    data: BodyOf<Operations[Id]['responses']>;
  };
}[K];

/** `onError`: the typed error the call ends with (thrown, or returned with `throwOnError: false`). */
export type ErrorEvent<K extends OperationId = OperationId> = {
  [Id in K]: HookCall<Id> & { error: CallError<Operations[Id]['errors']>; durationMs: number; attempt: number };
}[K];

/** `onRetry`: the call will be sent again after `delayMs`; `reason` is the status or the error's name. */
export interface RetryEvent<K extends OperationId = OperationId> extends HookCall<K> {
  attempt: number;
  delayMs: number;
  reason: string;
}

/** Hooks for every call; each may be async (the call waits for it). */
export interface Hooks {
  beforeRequest?(request: BeforeRequest): void | Promise<void>;
  afterResponse?(response: AfterResponse): void | Promise<void>;
  onError?(event: ErrorEvent): void | Promise<void>;
  onRetry?(event: RetryEvent): void | Promise<void>;
}

export type HookName = keyof Hooks;
