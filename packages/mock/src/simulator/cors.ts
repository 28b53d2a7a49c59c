// CORS as an API gateway does it, so that web apps on another origin can call the simulator: every
// answer to a browser (a request with Origin) allows any origin and exposes the response headers
// the spec declares (the rate-limit headers, Retry-After); a preflight allows the method and the
// headers the browser asks for.
import type { OperationInfo } from './operations.js';
import { deref, type OpenApiDocument } from './spec.js';
import type { SimRequest, SimResponse } from './types.js';

export interface Cors {
  /** Adds the CORS headers of an answer to a browser (no-op without Origin). */
  apply(request: SimRequest, response: SimResponse): SimResponse;
  /** The answer to a preflight (OPTIONS). */
  preflight(request: SimRequest): SimResponse;
}

/** Every response header name the spec declares, lower-cased, sorted. */
export function declaredResponseHeaders(doc: OpenApiDocument, operations: readonly OperationInfo[]): string[] {
  const names = new Set<string>();
  for (const op of operations) {
    for (const response of Object.values(op.operation.responses ?? {})) {
      const headers = (deref(doc, response) as { headers?: Record<string, unknown> }).headers ?? {};
      for (const name of Object.keys(headers)) names.add(name.toLowerCase());
    }
  }
  return [...names].sort();
}

/** A header list as a browser sends it in Access-Control-Request-Headers: tokens only, lower-cased. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
function requestedHeaders(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name.length <= 128 && TOKEN.test(name))
    .slice(0, 64);
}

/** Headers every browser caller needs beside whatever else it asks for. */
const BASE_ALLOWED = ['x-api-key', 'authorization', 'content-type'];

const byDocument = new WeakMap<OpenApiDocument, Cors>();

/** The CORS of a document (built once per document and process, like the router). */
export function createCors(doc: OpenApiDocument, operations: readonly OperationInfo[]): Cors {
  let cors = byDocument.get(doc);
  if (!cors) {
    cors = buildCors(doc, operations);
    byDocument.set(doc, cors);
  }
  return cors;
}

function buildCors(doc: OpenApiDocument, operations: readonly OperationInfo[]): Cors {
  const expose = declaredResponseHeaders(doc, operations).join(', ');
  const methods = [...new Set(operations.map((op) => op.method.toUpperCase())), 'OPTIONS'].join(', ');
  return {
    apply(request, response) {
      if (request.header('origin') === undefined) return response;
      response.headers['access-control-allow-origin'] = '*';
      if (expose) response.headers['access-control-expose-headers'] = expose;
      return response;
    },
    preflight(request) {
      const allowed = [...new Set([...BASE_ALLOWED, ...requestedHeaders(request.header('access-control-request-headers'))])];
      const headers: Record<string, string> = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': methods,
        'access-control-allow-headers': allowed.join(', '),
        'access-control-max-age': '600',
        vary: 'Access-Control-Request-Headers, Access-Control-Request-Method',
      };
      if (expose) headers['access-control-expose-headers'] = expose;
      return { status: 204, headers, body: '', raw: true };
    },
  };
}
