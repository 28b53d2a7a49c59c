// Validates answers against the bundled spec, through @x/openapi/reader's one ajv setup: the status
// must be documented for the operation, and the JSON body must match that response's schema.
import { createRequire } from 'node:module';
import {
  deref as derefIn,
  escapePointer,
  loadSpec,
  operation as specOperation,
  operations,
  responseFor,
  runValidator,
  validateResponse,
  validatorAt,
  type ErrorObject,
} from '@x/openapi/reader';

type Obj = Record<string, any>;

/** The bundled spec as a file (Prism reads it). */
export const specPath = createRequire(import.meta.url).resolve('@x/openapi/openapi.json');
export const spec: Obj = loadSpec();

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** JSON pointer (with `#`) of the operation inside the spec. */
  pointer: string;
  operation: Obj;
  pathItem: Obj;
}

export const specOperations: SpecOperation[] = operations().map((op) => ({
  operationId: op.operationId,
  method: op.method,
  path: op.path,
  pointer: op.pointer,
  operation: op.operation,
  pathItem: derefIn(spec.paths[op.path]),
}));
export const operationById = new Map(specOperations.map((op) => [op.operationId, op]));

export function deref<T = Obj>(node: any): T {
  return derefIn<T>(node);
}

/** The documented response key for a status: the exact code, then its range (`4XX`), then `default`. */
export function responseKeyFor(operationId: string, status: number): string | undefined {
  return responseFor(specOperation(operationId), status)?.status;
}

export interface Answer {
  status: number;
  contentType: string | null;
  /** Raw body text. */
  text: string;
}

const line = (e: ErrorObject): string => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`;

/** Every way `answer` breaks the spec for `operationId` (empty when it conforms). */
export function responseViolations(operationId: string, answer: Answer): string[] {
  if (!operationById.has(operationId)) return [`unknown operationId ${operationId}`];
  const op = specOperation(operationId);
  const response = responseFor(op, answer.status);
  if (!response) return [`status ${answer.status} is not documented for ${operationId}`];
  if (response.mediaTypes.length === 0) {
    return answer.text.length === 0 ? [] : [`status ${answer.status} documents no body, got ${answer.text.slice(0, 80)}`];
  }
  if (!response.schema) return [];
  if (!answer.contentType || !/application\/json/.test(answer.contentType)) {
    return [`content-type ${answer.contentType ?? '(none)'} is not application/json`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`body is not JSON: ${answer.text.slice(0, 80)}`];
  }
  return validateResponse(op, { status: answer.status, body }).details.map(line);
}

/** Validates `value` against the schema at a JSON pointer of the spec (`#/components/schemas/X`, ...). */
export function pointerViolations(pointer: string, value: unknown): string[] {
  const { errors } = runValidator(validatorAt(pointer), value);
  return errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}

/** Validates `value` against a named component schema, e.g. `TriggerV2Error`. */
export function schemaViolations(schemaName: string, value: unknown): string[] {
  if (!spec.components?.schemas?.[schemaName]) return [`no schema named ${schemaName}`];
  const { errors } = runValidator(validatorAt(`#/components/schemas/${escapePointer(schemaName)}`), value);
  return errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}
