// The error a stage or handler throws; the respond stage turns it into the body shape of the
// operation's error schema for its status (error-shapes.ts, error-body.ts).

export interface ApiErrorOptions {
  /** Numeric code for areas whose error body carries one (swap execute, trigger v1). */
  code?: number;
  /** Machine-readable code for the prediction area (`invalid_parameter`, `not_found`, ...). */
  kind?: string;
  /** Offending parameter (prediction error bodies). */
  param?: string;
  /** Extra details (trigger v2 error bodies). */
  details?: Record<string, unknown>;
  /** Short error title for trigger v1 (`error`), whose `cause` then holds the message. */
  title?: string;
  /** Extra fields merged into the body as is. */
  extra?: Record<string, unknown>;
  /** The whole body, bypassing the area's shape (the gateway's `{code, message}`, trigger v2's bearer 401). */
  body?: Record<string, unknown>;
  /** Headers of the answer (lower-case names), e.g. `retry-after` on a 503. */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly options: ApiErrorOptions;

  constructor(status: number, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.options = options;
  }
}

export const badRequest = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(400, message, options);
export const forbidden = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(403, message, options);
export const notFound = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(404, message, options);
export const conflict = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(409, message, options);

/**
 * An answer of the API gateway in front of every area, in its own body `{code, message}` (the
 * spec's `GatewayError`), whatever the area's error shape. The messages are the service's.
 */
const gatewayError = (status: number, message: string): ApiError => new ApiError(status, message, { body: { code: status, message } });
/** 401 of the gateway: an invalid, unknown (or missing) API key. */
export const invalidApiKey = (): ApiError => gatewayError(401, 'Unauthorized');
/** 403 of the gateway: the key's area list does not cover the endpoint. */
export const keyWithoutAccess = (): ApiError => gatewayError(403, 'API key does not have access to this endpoint');
/** 429 of the gateway: the key's window is exhausted. */
export const rateLimited = (): ApiError => gatewayError(429, '[API Gateway] Too many requests');
/** Trigger v2's own 401, for a missing, malformed or expired bearer token: the area's `{error}`. */
export const bearerUnauthorized = (): ApiError => new ApiError(401, 'Unauthorized', { body: { error: 'Unauthorized' } });

const U64_MAX = (1n << 64n) - 1n;
const I64_MAX = (1n << 63n) - 1n;

/** An integer amount from the request that must fit the chain's u64 (i64 when signed); 400 otherwise. */
export function parseAmount(text: string, name: string, signed = false): bigint {
  let value: bigint;
  try {
    value = BigInt(text);
  } catch {
    throw new ApiError(400, `${name} must be an integer string`, { param: name });
  }
  const ok = signed ? value >= -I64_MAX - 1n && value <= I64_MAX : value >= 0n && value <= U64_MAX;
  if (!ok) throw new ApiError(400, `${name} is out of range`, { param: name });
  return value;
}
