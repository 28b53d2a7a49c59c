// The bundled OpenAPI document (src/gen/openapi.json, copied from the `spec` package's bundle) and
// the shapes of the parts of it the reader walks. Imported as JSON, so it also loads in browsers.
import bundled from './gen/openapi.json' with { type: 'json' };

export type JsonSchema = Record<string, unknown>;

export interface Reference {
  $ref: string;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  $ref?: string;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
  $ref?: string;
  [key: string]: unknown;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
}

export interface RequestBodyObject {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: SecurityRequirement[];
  deprecated?: boolean;
  [key: string]: unknown;
}

export type PathItemObject = Record<string, OperationObject | ParameterObject[] | unknown> & {
  $ref?: string;
  parameters?: ParameterObject[];
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    examples?: Record<string, ExampleObject>;
    [key: string]: unknown;
  };
  security?: SecurityRequirement[];
  tags?: Array<{ name: string; description?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

const document = bundled as unknown as OpenApiDocument;

/**
 * The bundled OpenAPI document, parsed once per process (every call returns the same object).
 * Treat it as read-only: every reader of the process shares it.
 */
export function loadSpec(): OpenApiDocument {
  return document;
}
