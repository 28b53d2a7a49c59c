// Walks every schema of the bundled spec that a request or a response can reach, with the JSON
// pointer of each schema node, so that rules can be checked per side (requests strict, responses
// tolerant). A component schema reached from both sides is reported on both.
import { escapePointer as esc, resolvePointer } from '@x/openapi/reader';
import { operations, type Json } from './bundled-spec.ts';

export type Side = 'request' | 'response';

export interface SchemaVisit {
  pointer: string; // JSON pointer of the schema node in the bundle
  schema: Json;
  parent?: { pointer: string; schema: Json; keyword: string }; // the schema holding this one
}

const SCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SINGLES = ['items', 'not', 'if', 'then', 'else', 'contains', 'additionalProperties', 'unevaluatedProperties', 'propertyNames'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

const resolve = (ref: string): Json => resolvePointer(ref);

/** Every schema node below `root` (following $refs once each), depth first. */
export function walkSchema(root: Json, pointer: string, out: SchemaVisit[], seen: Set<string>, parent?: SchemaVisit['parent']): void {
  if (!root || typeof root !== 'object') return;
  if (typeof root.$ref === 'string') {
    // The referencing node itself may carry siblings (description, deprecated); the target is walked once.
    out.push({ pointer, schema: root, parent });
    if (seen.has(root.$ref)) return;
    seen.add(root.$ref);
    walkSchema(resolve(root.$ref), root.$ref, out, seen, parent);
    return;
  }
  out.push({ pointer, schema: root, parent });
  const self = { pointer, schema: root };
  for (const k of SCHEMA_ARRAYS) {
    if (Array.isArray(root[k]))
      for (const [i, s] of (root[k] as Json[]).entries()) walkSchema(s, `${pointer}/${k}/${i}`, out, seen, { ...self, keyword: k });
  }
  for (const k of SCHEMA_SINGLES) {
    if (root[k] && typeof root[k] === 'object') walkSchema(root[k], `${pointer}/${k}`, out, seen, { ...self, keyword: k });
  }
  for (const k of SCHEMA_MAPS) {
    for (const [name, s] of Object.entries<Json>(root[k] ?? {}))
      walkSchema(s, `${pointer}/${k}/${esc(name)}`, out, seen, { ...self, keyword: k });
  }
}

function derefNode(node: Json): Json {
  let n = node;
  while (n && typeof n.$ref === 'string') n = resolve(n.$ref);
  return n;
}

/** Every schema node reachable from the requests (parameters, bodies) or from the responses. */
export function schemasOf(side: Side): SchemaVisit[] {
  const out: SchemaVisit[] = [];
  const seen = new Set<string>();
  for (const { key, op, parameters } of operations()) {
    const base = `#/paths/${esc(key.split(' ')[1]!)}/${key.split(' ')[0]!.toLowerCase()}`;
    if (side === 'request') {
      for (const [i, p] of parameters.entries()) if (p.schema) walkSchema(p.schema, `${base}/parameters/${i}(${p.name})/schema`, out, seen);
      const body = derefNode(op.requestBody);
      for (const [mt, media] of Object.entries<Json>(body?.content ?? {})) {
        if (media.schema) walkSchema(media.schema, `${base}/requestBody/content/${esc(mt)}/schema`, out, seen);
      }
    } else {
      for (const [status, res0] of Object.entries<Json>(op.responses ?? {})) {
        const res = derefNode(res0);
        for (const [mt, media] of Object.entries<Json>(res.content ?? {})) {
          if (media.schema) walkSchema(media.schema, `${base}/responses/${status}/content/${esc(mt)}/schema`, out, seen);
        }
        for (const [name, h0] of Object.entries<Json>(res.headers ?? {})) {
          const h = derefNode(h0);
          if (h.schema) walkSchema(h.schema, `${base}/responses/${status}/headers/${name}/schema`, out, seen);
        }
      }
    }
  }
  return out;
}
