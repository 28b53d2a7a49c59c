// JSON Schema 2020-12 validators (ajv 8 + ajv-formats) over the bundled spec. The whole document
// is registered once; schemas taken out of it have their local `$ref`s rebased onto it.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema, OpenApiDocument } from './spec.js';

const SPEC_ID = 'x-mock-openapi.json';

export interface SchemaCompiler {
  compile(schema: JsonSchema): ValidateFunction;
}

function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${SPEC_ID}${value}` : rebase(value);
  }
  return out;
}

type AjvClass = typeof Ajv2020.default;
type AddFormats = typeof addFormats.default;

export function createSchemaCompiler(doc: OpenApiDocument): SchemaCompiler {
  const AjvCtor = ((Ajv2020 as unknown as { default?: AjvClass }).default ?? Ajv2020) as AjvClass;
  const ajv = new AjvCtor({ strict: false, allErrors: false, validateFormats: true, logger: false, validateSchema: false });
  const formats = ((addFormats as unknown as { default?: AddFormats }).default ?? addFormats) as AddFormats;
  formats(ajv);
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addSchema({ $id: SPEC_ID, components: doc.components ?? {} }, SPEC_ID);
  const cache = new WeakMap<object, ValidateFunction>();
  return {
    compile(schema) {
      let fn = cache.get(schema);
      if (!fn) {
        fn = ajv.compile(rebase(schema) as object);
        cache.set(schema, fn);
      }
      return fn;
    },
  };
}

/** A one-line reading of an ajv error, e.g. `/params/makingAmount must match pattern "^[0-9]+$"`. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath || '';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    return `${where ? `${where}/` : ''}${missing} is required`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return `${where ? `${where}/` : ''}${extra} is not allowed`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return `${where || 'value'} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${where || 'value'} ${error.message ?? 'is invalid'}`;
}
