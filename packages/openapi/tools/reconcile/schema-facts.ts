// Flattens a JSON Schema (OpenAPI 3.0 or 3.1) into one entry per property path, the facts the
// reconciliation compares: the types allowed, whether null is, whether the parent requires the
// property, and the enum values (and whether unknown values are accepted). `$ref`s are followed
// inside the document the schema belongs to; `allOf` merges; `anyOf`/`oneOf` unite their branches.

export type Schema = Record<string, unknown>;

export interface PropertyFacts {
  /** JSON types allowed (without `null`), sorted; empty when the schema says nothing. */
  types: string[];
  nullable: boolean;
  /** Whether the parent object lists it in `required` (always true for the root). */
  required: boolean;
  /** Known values, sorted, when the property is an enum (or a `const`). */
  enum?: string[];
  /** True when an enum also accepts values outside its list (our `x-unknown-enum-value` branch, or a branch of the same type without an enum). */
  openEnum?: boolean;
}

/** Property path (`body`, `body.items[].status`) to its facts. */
export type FlatSchema = Map<string, PropertyFacts>;

export type Rename = (value: string) => string;

const MAX_DEPTH = 12;

function resolveRef(ref: string, doc: unknown): Schema {
  if (!ref.startsWith('#')) throw new Error(`only local $refs are followed, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    if (raw === '') continue;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (!node || typeof node !== 'object') throw new Error(`$ref ${ref} does not resolve`);
  return node as Schema;
}

interface Shape {
  types: Set<string>;
  nullable: boolean;
  enumValues?: Set<string>;
  openEnum: boolean;
  /** Types of branches that carry no enum (a value of that type outside any list is accepted). */
  freeTypes: Set<string>;
  properties: Map<string, Schema[]>;
  required: Set<string>;
  /** Every branch requires these (intersection over anyOf/oneOf branches). */
  items: Schema[];
}

function emptyShape(): Shape {
  return {
    types: new Set(),
    nullable: false,
    openEnum: false,
    freeTypes: new Set(),
    properties: new Map(),
    required: new Set(),
    items: [],
  };
}

function typeList(schema: Schema): string[] {
  const { type } = schema;
  if (Array.isArray(type)) return type.map(String);
  if (typeof type === 'string') return [type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** Reads one schema (and its composition) into a shape, following `$ref`s. */
function shapeOf(input: Schema, doc: unknown, seen: readonly string[]): Shape {
  let schema = input;
  const refs = [...seen];
  while (typeof schema.$ref === 'string') {
    if (refs.includes(schema.$ref)) return emptyShape();
    refs.push(schema.$ref);
    const { $ref, ...rest } = schema;
    schema = { ...resolveRef($ref as string, doc), ...rest };
  }
  const shape = emptyShape();
  const own = typeList(schema);
  for (const type of own) {
    if (type === 'null') shape.nullable = true;
    else shape.types.add(type);
  }
  if (schema.nullable === true) shape.nullable = true;
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values) {
    shape.enumValues = new Set();
    for (const value of values) {
      if (value === null) shape.nullable = true;
      else shape.enumValues.add(String(value));
    }
    for (const type of own) if (type !== 'null') shape.freeTypes.delete(type);
  } else {
    for (const type of own) if (type !== 'null') shape.freeTypes.add(type);
  }
  if (schema['x-unknown-enum-value'] === true) shape.openEnum = true;
  for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    shape.properties.set(name, [sub]);
  }
  for (const name of (schema.required as string[] | undefined) ?? []) shape.required.add(name);
  if (schema.items && typeof schema.items === 'object') shape.items.push(schema.items as Schema);

  for (const part of (schema.allOf as Schema[] | undefined) ?? []) merge(shape, shapeOf(part, doc, refs), 'all');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = (schema[key] as Schema[] | undefined) ?? [];
    if (branches.length === 0) continue;
    const shapes = branches.map((branch) => shapeOf(branch, doc, refs));
    const union = emptyShape();
    for (const [i, branch] of shapes.entries()) merge(union, branch, i === 0 ? 'first' : 'any');
    merge(shape, union, 'all');
  }
  return shape;
}

/** Folds `from` into `into`: `all` (allOf: both hold), `first`/`any` (a union of branches). */
function merge(into: Shape, from: Shape, how: 'all' | 'first' | 'any'): void {
  for (const type of from.types) into.types.add(type);
  if (from.nullable) into.nullable = true;
  if (from.openEnum) into.openEnum = true;
  for (const type of from.freeTypes) into.freeTypes.add(type);
  if (from.enumValues) {
    into.enumValues ??= new Set();
    for (const value of from.enumValues) into.enumValues.add(value);
  }
  for (const [name, subs] of from.properties) into.properties.set(name, [...(into.properties.get(name) ?? []), ...subs]);
  if (how === 'any') {
    for (const name of [...into.required]) if (!from.required.has(name)) into.required.delete(name);
  } else {
    for (const name of from.required) into.required.add(name);
  }
  into.items.push(...from.items);
}

function combined(schemas: Schema[], doc: unknown, seen: readonly string[]): Shape {
  const shape = emptyShape();
  for (const schema of schemas) merge(shape, shapeOf(schema, doc, seen), 'all');
  return shape;
}

function factsOf(shape: Shape, required: boolean, rename: Rename): PropertyFacts {
  // A schema that names no type and no values accepts anything, null included.
  const untyped = shape.types.size === 0 && !shape.enumValues;
  const facts: PropertyFacts = { types: [...shape.types].sort(), nullable: shape.nullable || untyped, required };
  if (shape.enumValues && shape.enumValues.size > 0) {
    facts.enum = [...new Set([...shape.enumValues].map(rename))].sort();
    const free = [...shape.freeTypes].some((type) => type === 'string' || type === 'integer' || type === 'number');
    facts.openEnum = shape.openEnum || free;
  }
  return facts;
}

/**
 * Every property path of `schema` with its facts. `root` names the top (`body`, `200`); array
 * items add `[]`; property names go through `rename` (their brand-named fields to our neutral ones).
 */
export function flattenSchema(schema: Schema | undefined, doc: unknown, root: string, rename: Rename = (v) => v): FlatSchema {
  const out: FlatSchema = new Map();
  if (!schema) return out;
  const walk = (schemas: Schema[], path: string, required: boolean, depth: number, seen: readonly string[]): void => {
    const shape = combined(schemas, doc, seen);
    out.set(path, factsOf(shape, required, rename));
    if (depth >= MAX_DEPTH) return;
    const refs = [...seen, ...schemas.map((s) => s.$ref).filter((r): r is string => typeof r === 'string')];
    for (const [name, subs] of shape.properties) {
      walk(subs, `${path}.${rename(name)}`, shape.required.has(name), depth + 1, refs);
    }
    if (shape.items.length > 0) walk(shape.items, `${path}[]`, true, depth + 1, refs);
  };
  walk([schema], root, true, 0, []);
  return out;
}
