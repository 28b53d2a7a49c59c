// The one place `x-mock check` reads the spec from: the operations, their parameters and
// responses, `$ref` resolution and a schema compiler. Everything else in src/check/ goes through
// this module, so moving to another spec reader changes this file only.
import { createSchemaCompiler, describeError, type SchemaCompiler } from '../simulator/schemas.js';
import { bundledSpec, deref as derefIn, type JsonSchema, type OpenApiDocument, type OperationObject, type ParameterObject, type ResponseObject } from '../simulator/spec.js';

export type { JsonSchema, OpenApiDocument };
/** A one-line reading of an ajv error of a schema compiled by `compile`. */
export { describeError };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface HeaderObject {
  required?: boolean;
  schema?: JsonSchema;
}

export interface SpecResponse {
  content?: Record<string, { schema?: JsonSchema }>;
  headers?: Record<string, HeaderObject>;
}

export interface SpecParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  /** The parameter's own example (`example`, or the first of `examples`). */
  example?: unknown;
  /** The schema's example, default or first enum value: a fallback for required parameters. */
  fallback?: unknown;
}

export interface SpecOperation {
  operationId: string;
  /** Upper case, e.g. `GET`. */
  method: string;
  path: string;
  parameters: SpecParameter[];
  /** Names of the security schemes the operation asks for (e.g. ApiKey, TriggerJwt). */
  securitySchemes: string[];
  /** Status key (`200`, `4XX`, `default`) to the resolved response. */
  responses: Record<string, SpecResponse>;
  /** The operation's `x-` extensions and other raw fields. */
  raw: Record<string, unknown>;
}

export interface CheckSpec {
  operations: SpecOperation[];
  /** Security schemes by name, resolved (`type`, `scheme`, `in`, `name`). */
  securitySchemes: Record<string, { type?: string; scheme?: string; in?: string; name?: string }>;
  deref<T>(node: T): T;
  compile: SchemaCompiler['compile'];
}

function firstExample(node: { example?: unknown; examples?: unknown }, doc: OpenApiDocument): unknown {
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.examples)) return node.examples[0];
  if (node.examples && typeof node.examples === 'object') {
    const first = Object.values(node.examples as Record<string, unknown>)[0];
    return first === undefined ? undefined : derefIn(doc, first as { value?: unknown }).value;
  }
  return undefined;
}

function toParameter(doc: OpenApiDocument, p: ParameterObject & { example?: unknown; examples?: unknown }): SpecParameter {
  const schema = p.schema ? derefIn(doc, p.schema) : {};
  const fromSchema = firstExample(schema as { example?: unknown; examples?: unknown }, doc);
  const fallback = fromSchema ?? schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  const example = firstExample(p, doc);
  return {
    name: p.name,
    in: p.in,
    required: p.required === true || p.in === 'path',
    ...(example !== undefined ? { example } : {}),
    ...(fallback !== undefined ? { fallback } : {}),
  };
}

function load(doc: OpenApiDocument): CheckSpec {
  const operations: SpecOperation[] = [];
  const rootSecurity = doc.security ?? [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []).map((p) => derefIn(doc, p));
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op?.operationId) continue;
      const byKey = new Map<string, ParameterObject>();
      for (const p of [...shared, ...(op.parameters ?? []).map((p) => derefIn(doc, p))]) byKey.set(`${p.in}:${p.name}`, p);
      const responses: Record<string, SpecResponse> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const resolved = derefIn(doc, response as ResponseObject & { headers?: Record<string, HeaderObject> });
        const headers: Record<string, HeaderObject> = {};
        for (const [name, header] of Object.entries(resolved.headers ?? {})) headers[name.toLowerCase()] = derefIn(doc, header);
        responses[status] = { ...(resolved.content ? { content: resolved.content } : {}), headers };
      }
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...byKey.values()].map((p) => toParameter(doc, p)),
        securitySchemes: [...new Set((op.security ?? rootSecurity).flatMap((requirement) => Object.keys(requirement)))],
        responses,
        raw: op,
      });
    }
  }
  const compiler = createSchemaCompiler(doc);
  const schemes = (doc.components?.securitySchemes ?? {}) as CheckSpec['securitySchemes'];
  return {
    operations,
    securitySchemes: Object.fromEntries(Object.entries(schemes).map(([name, scheme]) => [name, derefIn(doc, scheme)])),
    deref: (node) => derefIn(doc, node),
    compile: (schema) => compiler.compile(schema),
  };
}

let cached: CheckSpec | undefined;

/** The bundled spec `@x/mock` serves, read once per process. */
export function loadCheckSpec(): CheckSpec {
  cached ??= load(bundledSpec);
  return cached;
}

/** The bundled document itself (read-only: copy it before changing it). */
export function bundledDocument(): OpenApiDocument {
  return bundledSpec;
}

/** The same reading over any OpenAPI 3.1 document (tests use it for small hand-made specs). */
export function checkSpecOf(doc: OpenApiDocument): CheckSpec {
  return load(doc);
}
