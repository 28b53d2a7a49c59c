// Call arguments for every operation, taken from the spec's own examples (through
// @x/openapi/reader): the required path and query parameters and the request body. Used by the
// contract tests and the type-check benchmark.
import { createRequire } from 'node:module';
import { loadSpec as loadDocument, operations, requestExample, type OpenApiDocument } from '@x/openapi/reader';

/** The bundled spec (parsed once per process), untyped for quick walks in benchmarks. */
export function loadSpec(): any {
  return loadDocument();
}

/** The bundled spec as a file (Prism reads it). */
export const specFile = createRequire(import.meta.url).resolve('@x/openapi/openapi.json');

export interface OperationCase {
  id: string;
  method: string;
  path: string;
  options: { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
}

const nonEmpty = (values: Record<string, unknown>): Record<string, unknown> | undefined =>
  Object.keys(values).length > 0 ? values : undefined;

export function operationCases(spec: OpenApiDocument = loadDocument()): OperationCase[] {
  return operations(spec).map((op) => {
    const example = requestExample(op, {}, spec);
    const options: OperationCase['options'] = {};
    const path = nonEmpty(example.path);
    const query = nonEmpty(example.query);
    if (path) options.path = path;
    if (query) options.query = query;
    if (example.body !== undefined) options.body = example.body;
    return { id: op.operationId, method: op.method, path: op.path, options };
  });
}
