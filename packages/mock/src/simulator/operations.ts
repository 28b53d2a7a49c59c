// The simulator's operation table: each operation of the spec (read by @x/openapi/reader) with what
// the pipeline needs (body schema, security). Built once per document and process, frozen,
// and shared by every simulator instance.
import { operations as specOperations, type Operation } from '@x/openapi/reader';
import { requiresApiKey } from '../credential-rules.js';
import type { OpenApiDocument, OperationObject, ParameterObject } from './spec.js';

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  parameters: readonly ParameterObject[];
  /** JSON pointer of the application/json request body schema, if the operation has a body. */
  bodyPointer?: string;
  bodyRequired: boolean;
  /** True when the operation's security asks for the trigger v2 bearer token. */
  requiresJwt: boolean;
  /** True when the operation asks for the API key (every operation of this service). */
  requiresApiKey: boolean;
  operation: OperationObject;
}

/**
 * Whether a security list asks for the API key: when it names it, or names nothing (every call of
 * this service needs the key). Also the gateway's rule for a path no operation serves, from the
 * document's own `security`.
 */
export function requiresApiKeyOf(security: ReadonlyArray<Record<string, unknown>> | undefined): boolean {
  return requiresApiKey((security ?? []).flatMap((requirement) => Object.keys(requirement)));
}

function infoOf(op: Operation): OperationInfo {
  const body = op.requestBody;
  if (body && body.mediaTypes.length > 0 && !body.json) {
    throw new Error(`${op.operationId}: only application/json request bodies are supported`);
  }
  const schemes = new Set(op.security.flatMap((requirement) => Object.keys(requirement)));
  return Object.freeze({
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    parameters: op.parameters,
    ...(body?.pointer ? { bodyPointer: body.pointer } : {}),
    bodyRequired: body?.required === true,
    requiresJwt: schemes.has('TriggerJwt'),
    requiresApiKey: requiresApiKey([...schemes]),
    operation: op.operation,
  });
}

const tables = new WeakMap<OpenApiDocument, readonly OperationInfo[]>();

/** Every operation of the spec, in document order (once per document and process). */
export function buildOperations(doc: OpenApiDocument): readonly OperationInfo[] {
  let table = tables.get(doc);
  if (!table) {
    table = Object.freeze(specOperations(doc).map(infoOf));
    tables.set(doc, table);
  }
  return table;
}
