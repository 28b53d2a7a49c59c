// The error body shape of each area, derived from the spec: the schema of the error responses an
// operation documents, 401, 403 and 429 aside (the API gateway answers those in its own shape in
// every area). An area's catch-all `default` response wins, else its lowest documented 4xx, else
// its lowest 5xx; an operation with none falls back to its 401 body.
import { deref, operationById, pointerViolations, responseKeyFor, responseViolations } from '../contract/support/spec-validator.js';
import type { HttpAnswer } from '../contract/support/http.js';

const SHARED = new Set(['401', '403', '429']);
const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function rank(key: string): number {
  if (key === 'default') return 0;
  const status = Number(key.replace(/XX$/i, '00'));
  return status >= 400 && status < 500 ? status : status + 1_000;
}

/** JSON pointer of the schema an answer of this response key has. */
function schemaPointer(operationId: string, key: string): string | undefined {
  const op = operationById.get(operationId)!;
  const response = op.operation.responses[key];
  const schema = deref(response).content?.['application/json']?.schema;
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return schema.$ref;
  const base = typeof response.$ref === 'string' ? response.$ref : `${op.pointer}/responses/${escapePointer(key)}`;
  return `${base}/content/application~1json/schema`;
}

const cache = new Map<string, string>();

/** JSON pointer of the schema of `operationId`'s area errors. */
export function areaErrorSchemaPointer(operationId: string): string {
  const known = cache.get(operationId);
  if (known) return known;
  const op = operationById.get(operationId);
  if (!op) throw new Error(`unknown operationId ${operationId}`);
  const keys = Object.keys(op.operation.responses ?? {}).filter((key) => key === 'default' || /^[45]/.test(key));
  const own = keys.filter((key) => !SHARED.has(key)).sort((a, b) => rank(a) - rank(b));
  for (const key of [...own, ...keys.filter((key) => key === '401')]) {
    const pointer = schemaPointer(operationId, key);
    if (pointer) {
      cache.set(operationId, pointer);
      return pointer;
    }
  }
  throw new Error(`${operationId} documents no error body`);
}

/** A short name of the area error schema, for messages (`SwapOrderError`). */
export function areaErrorSchema(operationId: string): string {
  return areaErrorSchemaPointer(operationId).split('/').pop()!;
}

/**
 * What is wrong with `answer` for `operationId`: a documented status must match its documented
 * schema; an undocumented error status (404 for a bad path, 408, 413, 415, 431, ...) must still
 * carry the area's error body.
 */
export function answerShapeViolations(operationId: string, answer: Pick<HttpAnswer, 'status' | 'contentType' | 'text'>): string[] {
  const key = responseKeyFor(operationId, answer.status);
  const documentedExactly = key !== undefined && key !== 'default';
  if (documentedExactly || answer.status < 400) return responseViolations(operationId, answer);
  if (!answer.contentType || !/json/.test(answer.contentType)) return [`error with content-type ${answer.contentType ?? '(none)'}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`error body is not JSON: ${answer.text.slice(0, 80)}`];
  }
  return pointerViolations(areaErrorSchemaPointer(operationId), body).map((v) => `${areaErrorSchema(operationId)}: ${v}`);
}
