// The simulator's JSON Schema validators: the one ajv setup of @x/openapi/reader (compiled once per
// schema and process, whatever the number of simulators), seen through a small interface.
import { describeError, schemaValidator, type ValidateFunction } from '@x/openapi/reader';
import type { JsonSchema, OpenApiDocument } from './spec.js';

export { describeError };

export interface SchemaCompiler {
  compile(schema: JsonSchema): ValidateFunction;
}

export function createSchemaCompiler(doc: OpenApiDocument): SchemaCompiler {
  return { compile: (schema) => schemaValidator(schema, doc) };
}
