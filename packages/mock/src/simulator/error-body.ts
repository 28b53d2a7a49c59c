// The body of an error answer: the fields its error schema declares (error-shapes.ts), filled from
// the ApiError a stage or handler threw.
import type { ErrorShape } from './error-shapes.js';
import type { ApiError } from './errors.js';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** Machine-readable kinds of error schemas whose `code` is a string. */
const KINDS: Record<number, string> = {
  400: 'invalid_parameter',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  500: 'internal_error',
  503: 'service_unavailable',
};

/**
 * The body of an error answer in `shape`:
 * - `error` holds the message, except beside `cause` (then `error` is a short title and `cause` the
 *   message) or beside `message` (then `error` is the reason phrase);
 * - `requestId`/`request_id`, `status`, `param`, `details`, `doc_url` when the schema declares them;
 * - `code`: the error's code, else its kind (string codes) or its HTTP status (numeric codes).
 */
export function errorBody(shape: ErrorShape, error: ApiError, requestId: string): Record<string, unknown> {
  const { status, message, options } = error;
  if (options.body) return options.body;
  const has = (field: string): boolean => shape.fields.has(field);
  const kind = options.kind ?? KINDS[status] ?? 'invalid_request';
  const body: Record<string, unknown> = {};
  if (has('requestId')) body.requestId = requestId;
  if (has('cause')) {
    body.error = options.title ?? (status >= 500 ? 'internal error' : 'invalid request');
    body.cause = message;
  } else if (has('message')) {
    body.message = message;
    if (has('error')) body.error = reasonPhrase(status);
  } else {
    body.error = message;
  }
  if (shape.numericStatus) body.status = status;
  if (has('code') && !(shape.codeNamesCause && options.kind === undefined))
    body.code = shape.codeType === 'string' ? kind : (options.code ?? status);
  if (has('details') && options.details) body.details = options.details;
  if (has('request_id')) body.request_id = `req_${requestId.replace(/-/g, '').slice(-16)}`;
  if (has('param')) body.param = options.param ?? '';
  if (has('doc_url')) body.doc_url = `https://example.com/docs/prediction/errors/${kind}`;
  return options.extra ? { ...body, ...options.extra } : body;
}
