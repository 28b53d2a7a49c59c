// What a JSON Schema of the bundle accepts, in the terms the evolution check compares: one variant
// per JSON type (`string`, `integer`, `number`, `boolean`, `null`, `object`, `array`, or `any` for a
// schema that does not say). `anyOf`/`oneOf` branches, `type: [number, 'null']`, `const` and our open
// enums (`anyOf` of an `enum` branch and a bare branch of the same type, marked
// `x-unknown-enum-value` in responses) all end up as the same variants, so a change of spelling
// is not a change of meaning.
import { deref, type JsonSchema, type OpenApiDocument } from '../../packages/openapi/dist/reader.js';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'any';

/** Keywords that narrow the values of a type: a bigger `min*` / smaller `max*` accepts less. */
export const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
export const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
/** Keywords whose change cannot be ordered: any change may refuse a value accepted before. */
export const OPAQUE_KEYWORDS = ['pattern', 'format', 'multipleOf', 'contentEncoding'] as const;

export interface Variant {
  type: JsonType;
  /** The values listed for this type (`enum`, `const`); undefined when none are. */
  values?: unknown[];
  /** True when any value of the type is accepted (no enum, or an enum with an open branch). */
  open: boolean;
  /** Bounds and opaque keywords, by keyword; a keyword set by one branch only counts as unset. */
  constraints: Record<string, unknown>;
  /** Object variants: the properties (schemas, possibly `$ref`s) and the required names. */
  properties: Record<string, JsonSchema>;
  required: Set<string>;
  /** `additionalProperties`: false, or the schema the extra values follow (true: anything). */
  additional: boolean | JsonSchema;
  /** Array variants: the schema of the items (absent: anything). */
  items?: JsonSchema;
}

export type Shape = Map<JsonType, Variant>;

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'any';
}

function declaredTypes(schema: JsonSchema): JsonType[] {
  const { type } = schema;
  if (typeof type === 'string') return [type as JsonType];
  if (Array.isArray(type)) return type as JsonType[];
  const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (listed) return [...new Set(listed.map(typeOfValue))];
  if (schema.properties || schema.required || 'additionalProperties' in schema) return ['object'];
  if (schema.items) return ['array'];
  return ['any'];
}

/** The variants of one schema without combinators (one per type it names). */
function plainShape(schema: JsonSchema): Shape {
  const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  const constraints: Record<string, unknown> = {};
  for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS, ...OPAQUE_KEYWORDS]) if (key in schema) constraints[key] = schema[key];
  const shape: Shape = new Map();
  for (const type of declaredTypes(schema)) {
    const values = listed?.filter((v) => typeOfValue(v) === type || (type === 'number' && typeOfValue(v) === 'integer'));
    shape.set(type, {
      type,
      ...(values ? { values } : {}),
      open: values === undefined,
      constraints,
      properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
      required: new Set((schema.required as string[] | undefined) ?? []),
      additional: schema.additionalProperties === false ? false : ((schema.additionalProperties as JsonSchema | undefined) ?? true),
      ...(schema.items ? { items: schema.items as JsonSchema } : {}),
    });
  }
  return shape;
}

/** Two variants of the same type, as one: what either accepts. */
function unite(a: Variant, b: Variant): Variant {
  const values = a.values || b.values ? [...new Set([...(a.values ?? []), ...(b.values ?? [])])] : undefined;
  const constraints: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(a.constraints)) if (b.constraints[key] === value) constraints[key] = value;
  const properties: Record<string, JsonSchema> = { ...a.properties };
  for (const [name, schema] of Object.entries(b.properties)) {
    const other = properties[name];
    properties[name] = other && other !== schema ? { anyOf: [other, schema] } : schema;
  }
  const items = a.items && b.items && a.items !== b.items ? { anyOf: [a.items, b.items] } : (a.items ?? b.items);
  return {
    type: a.type,
    ...(values ? { values } : {}),
    open: a.open || b.open,
    constraints,
    properties,
    required: new Set([...a.required].filter((name) => b.required.has(name))),
    additional: a.additional === false ? b.additional : b.additional === false ? a.additional : true,
    ...(items ? { items } : {}),
  };
}

/** The variants of a schema (following `$ref`s, uniting `anyOf`/`oneOf` branches). */
export function shapeOf(node: JsonSchema | undefined, doc: OpenApiDocument): Shape {
  if (node === undefined) return plainShape({});
  const schema = deref<JsonSchema>(node, doc);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!branches) return plainShape(schema);
  const { anyOf: _a, oneOf: _o, ...rest } = schema;
  const shape: Shape = new Map();
  for (const branch of branches) {
    for (const [type, variant] of shapeOf({ ...rest, ...deref<JsonSchema>(branch, doc) }, doc)) {
      const known = shape.get(type);
      shape.set(type, known ? unite(known, variant) : variant);
    }
  }
  return shape;
}

/** Whether a value of `type` is accepted by some variant of `shape` (`number` takes integers, `any` takes all). */
export function covers(shape: Shape, type: JsonType): boolean {
  if (shape.has('any') || shape.has(type)) return true;
  return type === 'integer' && shape.has('number');
}

/** The variant of `shape` that takes values of `type` (the same type first, then `number`, then `any`). */
export function variantFor(shape: Shape, type: JsonType): Variant | undefined {
  return shape.get(type) ?? (type === 'integer' ? shape.get('number') : undefined) ?? shape.get('any');
}
