// JSON Schema 2020-12 validation of values against schemas of the bundled spec: the one ajv setup
// of @x/openapi/reader (compiled validators cached per process).
import { runValidator, schemaValidator } from '@x/openapi/reader';
import type { Json } from './bundled-spec.ts';

/** Returns the validation errors of `value` against `schema` (a schema of the bundled spec), or []. */
export function validate(schema: Json, value: unknown): string[] {
  const { errors } = runValidator(schemaValidator(schema), value);
  return errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
