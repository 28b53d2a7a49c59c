// The one place `x-mock check` reads the spec from: the operations, their parameters and
// responses, `$ref` resolution and a schema compiler, all through @x/openapi's one reader.
// Everything else in src/check/ goes through this module.
import {
  deref as derefIn,
  describeError,
  loadSpec,
  namedExamples,
  operations as operationsOf,
  schemaExample,
  schemaValidator,
  type JsonSchema,
  type ErrorObject,
  type OpenApiDocument,
  type ParameterObject,
  type ValidateFunction,
} from '@x/openapi/reader';

export type { ErrorObject, JsonSchema, OpenApiDocument };
/** A one-line reading of an ajv error of a schema compiled by `compile`. */
export { describeError };

export interface HeaderObject {
  required?: boolean;
  schema?: JsonSchema;
}

export interface SpecResponse {
  content?: Record<string, { schema?: JsonSchema }>;
  /** Documented headers by lower-case name, resolved. */
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
  compile(schema: JsonSchema): ValidateFunction;
}

function toParameter(doc: OpenApiDocument, p: ParameterObject): SpecParameter {
  const example = namedExamples(p, doc)[0]?.value;
  const fallback = schemaExample(p.schema, doc);
  return {
    name: p.name,
    in: p.in,
    required: p.required === true || p.in === 'path',
    ...(example !== undefined ? { example } : {}),
    ...(fallback !== undefined ? { fallback } : {}),
  };
}

function load(doc: OpenApiDocument): CheckSpec {
  const operations = operationsOf(doc).map((op): SpecOperation => {
    const responses: Record<string, SpecResponse> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const headers: Record<string, HeaderObject> = {};
      for (const [name, header] of Object.entries(response.headers)) headers[name.toLowerCase()] = derefIn(header as HeaderObject, doc);
      responses[status] = { ...(response.schema ? { content: { 'application/json': { schema: response.schema } } } : {}), headers };
    }
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      parameters: op.parameters.map((p) => toParameter(doc, p)),
      securitySchemes: [...new Set(op.security.flatMap((requirement) => Object.keys(requirement)))],
      responses,
      raw: op.operation,
    };
  });
  const schemes = (doc.components?.securitySchemes ?? {}) as CheckSpec['securitySchemes'];
  return {
    operations,
    securitySchemes: Object.fromEntries(Object.entries(schemes).map(([name, scheme]) => [name, derefIn(scheme, doc)])),
    deref: (node) => derefIn(node, doc),
    compile: (schema) => schemaValidator(schema, doc),
  };
}

let cached: CheckSpec | undefined;

/** The bundled spec (`@x/openapi`, the document `@x/mock` serves), read once per process. */
export function loadCheckSpec(): CheckSpec {
  cached ??= load(loadSpec());
  return cached;
}

/** The same reading over any OpenAPI 3.1 document (tests use it for small hand-made specs). */
export function checkSpecOf(doc: OpenApiDocument): CheckSpec {
  return load(doc);
}
