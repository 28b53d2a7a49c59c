// Drift of an answer from the spec, in two classes, from the valibot schemas generated from it:
// - breaking: what the schema rejects (a wrong type, a missing required field);
// - additive: what the schema lets through but does not list: a field it does not name, and a
//   value of an open enum outside its known values. The spec writes an open response enum as
//   `anyOf: [{ enum: [...] }, { type, x-unknown-enum-value: true }]`, which the generator turns
//   into `v.union([v.picklist([...]), v.string()])` (or `v.number()`): those are the unions read
//   as open enums here.
import * as v from 'valibot';
import type { ValidationIssue } from './errors.js';

type Schema = v.GenericSchema | v.GenericSchemaAsync;
// The parts of valibot's schema objects the walk reads.
type Node = Schema & {
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  options?: ReadonlyArray<Node | unknown>;
  getter?: (input: unknown) => Node;
};

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : `${key}`);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The known values of an open enum (`union([picklist, string|number])`), or `undefined`. */
function openEnumValues(node: Node): ReadonlyArray<unknown> | undefined {
  const options = node.options as ReadonlyArray<Node> | undefined;
  if (node.type !== 'union' || options?.length !== 2) return undefined;
  const picklist = options.find((o) => o.type === 'picklist');
  const open = options.find((o) => o.type === 'string' || o.type === 'number');
  return picklist && open ? (picklist.options as ReadonlyArray<unknown>) : undefined;
}

function walk(node: Node, value: unknown, path: string, out: ValidationIssue[]): void {
  switch (node.type) {
    case 'object':
    case 'loose_object':
      if (!isObject(value)) return;
      for (const key of Object.keys(value)) {
        const entry = node.entries![key];
        if (entry) walk(entry, value[key], join(path, key), out);
        else out.push({ path: join(path, key), message: 'a field the spec does not list', kind: 'additive' });
      }
      return;
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'undefinedable':
      if (value !== undefined && value !== null) walk(node.wrapped!, value, path, out);
      return;
    case 'array':
      if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(node.item!, item, join(path, i), out);
      return;
    case 'lazy':
      walk(node.getter!(value), value, path, out);
      return;
    case 'intersect':
      for (const option of node.options as Node[]) walk(option, value, path, out);
      return;
    case 'union': {
      const known = openEnumValues(node);
      if (known) {
        if (!known.includes(value)) {
          out.push({ path, message: `${JSON.stringify(value)} is not one of the known values (${known.join(', ')})`, kind: 'additive' });
        }
        return;
      }
      // A union of object shapes: read the value against the first option that accepts it.
      const match = (node.options as Node[]).find((option) => v.is(option as v.GenericSchema, value));
      if (match) walk(match, value, path, out);
    }
  }
}

/** Every issue of `data` against `schema`: breaking ones first, then additive ones. */
export async function driftOf(schema: Schema, data: unknown): Promise<ValidationIssue[]> {
  const result = await v.safeParseAsync(schema, data);
  if (!result.success) {
    return result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message, kind: 'breaking' }));
  }
  const additive: ValidationIssue[] = [];
  walk(schema as Node, data, '', additive);
  return additive;
}
