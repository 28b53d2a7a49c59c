// JSON Schema 2020-12 validation of values against schemas of the bundled spec (ajv).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { spec, type Json } from './bundled-spec.ts';

const SPEC_ID = 'x-spec.json';

function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries<Json>(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${SPEC_ID}${v}` : rebase(v);
  }
  return out;
}

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as typeof addFormats.default)(ajv);
ajv.addSchema({ $id: SPEC_ID, components: rebase(spec.components ?? {}) });

const cache = new Map<Json, ReturnType<typeof ajv.compile>>();

/** Returns the validation errors of `value` against `schema` (a schema of the bundled spec), or []. */
export function validate(schema: Json, value: unknown): string[] {
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(rebase(schema));
    cache.set(schema, fn);
  }
  if (fn(value)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
