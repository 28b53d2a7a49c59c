// The bundled spec (src/gen/openapi.json, copied from spec/dist by tools/copy-spec.ts). The
// simulator derives its routes and request validation from it, so every operation is known.
import bundled from '../gen/openapi.json' with { type: 'json' };

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  $ref?: string;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject>; $ref?: string };
  responses?: Record<string, ResponseObject>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

export type PathItemObject = Record<string, OperationObject | ParameterObject[] | unknown> & {
  parameters?: ParameterObject[];
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    [key: string]: unknown;
  };
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

/** The bundled OpenAPI document the simulator was built from. */
export const bundledSpec = bundled as unknown as OpenApiDocument;

/** Resolves a local `#/...` reference inside `doc`. Anything else fails loudly. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref (only local refs): ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`unresolved $ref: ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref`s until a non-reference object is reached. */
export function deref<T>(doc: OpenApiDocument, node: T): T {
  let current: unknown = node;
  for (let hops = 0; hops < 16; hops++) {
    if (current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
      current = resolvePointer(doc, (current as { $ref: string }).$ref);
    } else return current as T;
  }
  throw new Error('too many $ref hops');
}
