// Respond stage: JSON bodies, the rate-limit headers on every answer, and the bodies of injected
// faults (the spec's example for that status when there is one).
import { errorBody } from './error-body.js';
import type { ErrorShape } from './error-shapes.js';
import { ApiError, invalidApiKey, keyWithoutAccess, rateLimited } from './errors.js';
import type { OperationInfo } from './operations.js';
import { deref, type OpenApiDocument } from './spec.js';
import type { SimResponse } from './types.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): SimResponse {
  headers['content-type'] = JSON_TYPE;
  // `raw` declared from the start: serialising the answer in place (the journal) keeps its shape.
  return { status, headers, body, raw: false };
}

export function errorResponse(shape: ErrorShape, error: ApiError, requestId: string, headers: Record<string, string> = {}): SimResponse {
  if (error.options.headers) Object.assign(headers, error.options.headers);
  return jsonResponse(error.status, errorBody(shape, error, requestId), headers);
}

/** The first named example of an operation's response for `status` (or its `default`), if any. */
export function exampleBody(doc: OpenApiDocument, op: OperationInfo, status: number): unknown {
  const responses = op.operation.responses ?? {};
  const response = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
  if (!response) return undefined;
  const media = deref(doc, response).content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first ? deref(doc, first).value : undefined;
}

const GATEWAY: Record<number, () => ApiError> = { 401: invalidApiKey, 403: keyWithoutAccess, 429: rateLimited };

/** The answer of an injected fault. */
export function faultResponse(
  doc: OpenApiDocument,
  op: OperationInfo,
  shape: ErrorShape,
  status: number,
  requestId: string,
  headers: Record<string, string>,
): SimResponse {
  const example = exampleBody(doc, op, status);
  if (example !== undefined && example !== null && typeof example === 'object' && Object.keys(example).length > 0) {
    return jsonResponse(status, example, headers);
  }
  // Without an example: the gateway's own answers in its body, the rest in the area's shape.
  const gateway = GATEWAY[status];
  if (gateway) return errorResponse(shape, gateway(), requestId, headers);
  const message = status >= 500 ? 'Internal server error (injected fault)' : `Injected fault ${status}`;
  return errorResponse(shape, new ApiError(status, message, { code: status >= 500 ? -1 : -2 }), requestId, headers);
}
