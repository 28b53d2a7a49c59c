// Loads the bundled description (spec/dist/openapi.json, written by `pnpm run bundle`) and
// gives the tests small helpers to walk it: $ref resolution, operations, schema property paths.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Json = any;

export const specPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
export const spec: Json = JSON.parse(readFileSync(specPath, 'utf8'));

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface Operation {
  key: string; // "GET /swap/v2/order"
  method: string;
  path: string;
  op: Json;
  parameters: Json[];
}

export function deref<T = Json>(node: Json): T {
  let n = node;
  const seen = new Set<string>();
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    if (seen.has(n.$ref)) throw new Error(`circular $ref ${n.$ref}`);
    seen.add(n.$ref);
    if (!n.$ref.startsWith('#/')) throw new Error(`unbundled $ref ${n.$ref}`);
    n = n.$ref
      .slice(2)
      .split('/')
      .map((s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc: Json, k: string) => acc?.[k], spec);
    if (n === undefined) throw new Error(`dangling $ref ${[...seen].pop()}`);
  }
  return n as T;
}

export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item0] of Object.entries<Json>(spec.paths ?? {})) {
    const item = deref(item0);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref(p));
      out.push({ key: `${method.toUpperCase()} ${path}`, method, path, op, parameters });
    }
  }
  return out;
}

export function operation(key: string): Operation {
  const found = operations().find((o) => o.key === key);
  if (!found) throw new Error(`operation ${key} is not in the spec`);
  return found;
}

/** Every schema that a value at `schema` may take (allOf/anyOf/oneOf branches, dereferenced). */
export function branches(schema: Json): Json[] {
  const s = deref(schema);
  if (!s || typeof s !== 'object') return [];
  const subs = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  return [s, ...subs.flatMap(branches)];
}

/** The schemas found at a field path such as `a.b`, `a[].b` below `schema` (empty if none). */
export function schemasAt(schema: Json, path: string): Json[] {
  let current = [schema];
  for (const raw of path.split('.')) {
    const isArray = raw.endsWith('[]');
    const name = isArray ? raw.slice(0, -2) : raw;
    let next: Json[] = [];
    for (const c of current) {
      for (const b of branches(c)) {
        if (b.properties && name in b.properties) next.push(b.properties[name]);
      }
    }
    if (isArray) next = next.flatMap(branches).filter((b) => b.items).map((b) => b.items);
    current = next;
    if (current.length === 0) return [];
  }
  return current;
}

export function isNullable(schema: Json): boolean {
  return branches(schema).some((b) => b.type === 'null' || (Array.isArray(b.type) && b.type.includes('null')) || b.const === null || (Array.isArray(b.enum) && b.enum.includes(null)));
}

export function enumValues(schema: Json): unknown[] {
  const values = new Set<unknown>();
  for (const b of branches(schema)) {
    for (const v of b.enum ?? []) values.add(v);
    if ('const' in b) values.add(b.const);
    if (b.type === 'array' && b.items) for (const v of enumValues(b.items)) values.add(v);
  }
  return [...values];
}

/** All description text reachable from a node (for "the description states X" checks). */
export function allText(node: Json, seen = new Set<Json>()): string {
  const n = deref(node);
  if (!n || typeof n !== 'object' || seen.has(n)) return '';
  seen.add(n);
  let text = '';
  for (const [k, v] of Object.entries<Json>(n)) {
    if ((k === 'description' || k === 'summary') && typeof v === 'string') text += `\n${v}`;
    else if (k !== 'examples' && k !== 'example' && typeof v === 'object') text += allText(v, seen);
  }
  return text;
}
