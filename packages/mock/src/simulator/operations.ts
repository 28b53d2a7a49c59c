// The operation table, built once from the bundled spec: method, path template, parameters,
// body schema and security of every operation.
import { deref, type JsonSchema, type OpenApiDocument, type OperationObject, type ParameterObject } from './spec.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  parameters: ParameterObject[];
  /** JSON pointer of the application/json request body schema, if the operation has a body. */
  bodyPointer?: string;
  bodyRequired: boolean;
  /** True when the operation's security asks for the trigger v2 bearer token. */
  requiresJwt: boolean;
  /** True when the operation asks for the API key (every operation of this service). */
  requiresApiKey: boolean;
  operation: OperationObject;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every operation of the spec, in document order. Fails loudly on what it does not support. */
export function buildOperations(doc: OpenApiDocument): OperationInfo[] {
  const operations: OperationInfo[] = [];
  const rootSecurity = doc.security ?? [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []).map((p) => deref(doc, p));
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = (operation.parameters ?? []).map((p) => deref(doc, p));
      const byKey = new Map<string, ParameterObject>();
      for (const p of [...shared, ...own]) byKey.set(`${p.in}:${p.name}`, p);
      const requestBody = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
      const content = requestBody?.content ?? {};
      const mediaTypes = Object.keys(content);
      if (mediaTypes.length > 0 && !content['application/json']) {
        throw new Error(`${operation.operationId}: only application/json request bodies are supported`);
      }
      const base = `#/paths/${escapePointer(path)}/${method}`;
      const bodyPointer = content['application/json']?.schema
        ? operation.requestBody?.$ref
          ? `${operation.requestBody.$ref}/content/application~1json/schema`
          : `${base}/requestBody/content/application~1json/schema`
        : undefined;
      const security = operation.security ?? rootSecurity;
      const schemes = new Set(security.flatMap((requirement) => Object.keys(requirement)));
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...byKey.values()],
        ...(bodyPointer ? { bodyPointer } : {}),
        bodyRequired: requestBody?.required === true,
        requiresJwt: schemes.has('TriggerJwt'),
        requiresApiKey: schemes.has('ApiKey') || schemes.size === 0,
        operation,
      });
    }
  }
  return operations;
}

/** The schema of a parameter, resolved. */
export function parameterSchema(doc: OpenApiDocument, parameter: ParameterObject): JsonSchema {
  return parameter.schema ? deref(doc, parameter.schema) : {};
}
