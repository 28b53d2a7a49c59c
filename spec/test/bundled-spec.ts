// The bundled description as @x/openapi publishes it (a copy of this package's `bundle` output),
// read through its one reader, and small helpers the tests use to walk it: operations by
// "METHOD /path" key, schema property paths, nullability, enum values, description text.
import { createRequire } from 'node:module';
import { deref as derefIn, loadSpec, operations as readOperations, type Operation as SpecOperation } from '@x/openapi/reader';

export type Json = any;

/** The bundled JSON file as published (`openapi.yaml` beside it). */
export const specPath = createRequire(import.meta.url).resolve('@x/openapi/openapi.json');
export const spec: Json = loadSpec();

export interface Operation {
  key: string; // "GET /swap/v2/order"
  method: string; // lower case
  path: string;
  op: Json;
  parameters: Json[];
  /** The operation as the reader reads it. */
  read: SpecOperation;
}

export function deref<T = Json>(node: Json): T {
  return derefIn<T>(node);
}

export function operations(): Operation[] {
  return readOperations().map((read) => ({
    key: `${read.method} ${read.path}`,
    method: read.method.toLowerCase(),
    path: read.path,
    op: read.operation,
    parameters: read.parameters,
    read,
  }));
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
    if (isArray)
      next = next
        .flatMap(branches)
        .filter((b) => b.items)
        .map((b) => b.items);
    current = next;
    if (current.length === 0) return [];
  }
  return current;
}

export function isNullable(schema: Json): boolean {
  return branches(schema).some(
    (b) =>
      b.type === 'null' ||
      (Array.isArray(b.type) && b.type.includes('null')) ||
      b.const === null ||
      (Array.isArray(b.enum) && b.enum.includes(null)),
  );
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
