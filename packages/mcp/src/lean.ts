// What a model is shown of a tool, made lean: every token of a tool list is paid on every turn of
// an agent. The schemas keep what a model needs to write valid arguments (types, enums, bounds,
// required, defaults) and drop what it does not (examples, regex patterns already said in words,
// provenance notes, every sentence of a description after the first). The server still checks
// each call against the spec's full schema (`requestProblems`), so nothing is accepted that the
// spec refuses: a dropped pattern comes back as a clear error naming it.
import type { JsonSchemaObject } from '@x/catalogue';

/** Keywords a model does not need to write a valid value; the server checks them on every call. */
const DROPPED = new Set(['examples', 'example', 'contentEncoding', 'pattern', 'title', '$comment', 'additionalProperties']);

/**
 * The first clause of a description: its first sentence, and of a sentence longer than 40
 * characters what comes before its first `;`, `(`, `,` or `:` (the rest is detail a model finds
 * in the error when it gets a value wrong). Provenance notes are later paragraphs: dropped too.
 */
export function firstClause(text: string): string {
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\*\*[^*]+\*\*\s*/, '');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph;
  if (sentence.length <= 40) return sentence;
  return /^(.{12,}?)(;|\s\(|,\s|:\s)/.exec(sentence)?.[1] ?? sentence;
}

/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['enum', 'const', 'default', 'examples']);

/**
 * A copy of a schema where `rewrite` decides each keyword: its new value, or `undefined` to drop it.
 * `properties` and `$defs` map names to schemas (a property may be called `description`), so their
 * names are kept and their schemas rewritten.
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON value of any shape (a schema, a list of schemas, a keyword's value)
function rewriteSchema(node: unknown, rewrite: (key: string, value: unknown) => unknown): any {
  if (Array.isArray(node)) return node.map((item) => rewriteSchema(item, rewrite));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs') {
      const map = rewrite(key, value) as Record<string, unknown>;
      out[key] = Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, rewriteSchema(schema, rewrite)]));
      continue;
    }
    const next = rewrite(key, value);
    if (next !== undefined) out[key] = VALUES.has(key) ? next : rewriteSchema(next, rewrite);
  }
  return out;
}

/** Lower-case words of a name or a text, camelCase split. */
const wordsOf = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Words that add nothing to a field's name. */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'by',
  'in',
  'for',
  'this',
  'default',
  'true',
  'false',
  'field',
  'value',
  'whether',
  'identifier',
]);

/**
 * A description that says little more than its field's name: at most one word beyond the name's
 * own (`sortDirection`: "Sort direction."; `inputMint`: "Input token mint."; `eventId`: "Identifier
 * of the prediction event").
 */
const repeatsName = (description: string, name: string) => {
  const named = new Set(wordsOf(name));
  return wordsOf(description).filter((word) => !named.has(word) && !FILLER.has(word)).length <= 1;
};

/**
 * A JSON Schema with the keywords above dropped and each description cut to its first clause;
 * dropped where it only repeats the field's name, and on objects (a body, a record: the tool's
 * description says what it is, its fields say the rest).
 */
export function leanSchema<T extends JsonSchemaObject>(schema: T, { input = false } = {}): T {
  const describe = (node: JsonSchemaObject, field: string): JsonSchemaObject => {
    const { description, ...rest } = node;
    if (typeof description !== 'string' || rest.properties !== undefined) return rest;
    const clause = firstClause(description);
    return clause === '' || repeatsName(clause, field) ? rest : { ...rest, description: clause };
  };
  return rewriteSchema(schema, (key, value) => {
    if (DROPPED.has(key)) return undefined;
    if (key === 'description') return typeof value === 'string' ? firstClause(value) || undefined : undefined;
    // a flag left out is off: `default: false` tells a model nothing
    if (input && key === 'default' && value === false) return undefined;
    // null is what the service may send, never what a caller needs to send: `["boolean", "null"]` is `boolean`
    if (input && key === 'type' && Array.isArray(value) && value.includes('null') && value.length === 2)
      return value.find((t) => t !== 'null');
    if (key === 'properties')
      return Object.fromEntries(Object.entries(value as Record<string, JsonSchemaObject>).map(([field, s]) => [field, describe(s, field)]));
    if (key === '$defs')
      return Object.fromEntries(Object.entries(value as Record<string, JsonSchemaObject>).map(([def, s]) => [def, describe(s, def)]));
    return value;
  });
}

/** A schema that reads an answer cut to some `fields`: nothing required (unknown fields were never refused). */
export const tolerantSchema = (schema: unknown): JsonSchemaObject =>
  rewriteSchema(schema, (key, value) => (key === 'required' && Array.isArray(value) ? undefined : value));

const isScalar = (schema: JsonSchemaObject | undefined) =>
  !!schema &&
  ['string', 'integer', 'number', 'boolean'].includes(schema.type as string) &&
  !schema.properties &&
  !schema.anyOf &&
  !schema.oneOf;

/**
 * Definitions written in place where a `$ref` costs more tokens than it saves, the schema saying the
 * same:
 * - a scalar definition (an address, an amount string), at every use: a `$ref` costs more than the
 *   type it points to;
 * - any other definition referred to once (a tool's body, the enum of one field), where the `$ref`
 *   has no sibling other than a description.
 * The field's own description wins; a definition's ("A base58-encoded 32-byte public key") is said
 * once, at the first field without one, not at every field. A definition used twice or more stays
 * in `$defs`, as does one whose one use is inside itself (it would never end); `$defs` keeps only
 * the definitions still referred to.
 */
export function inlineDefs<T extends JsonSchemaObject>(schema: T): T {
  const { $defs, ...body } = schema;
  const defs = ($defs ?? {}) as Record<string, JsonSchemaObject>;
  const nameOf = (ref: unknown) => (typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined);
  const uses = new Map<string, number>();
  // biome-ignore lint/suspicious/noExplicitAny: a JSON value of any shape
  const count = (node: any): void => {
    if (Array.isArray(node)) for (const item of node) count(item);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const name = key === '$ref' ? nameOf(value) : undefined;
        if (name !== undefined) uses.set(name, (uses.get(name) ?? 0) + 1);
        else if (!VALUES.has(key)) count(value);
      }
  };
  count(body);
  count(defs);
  const inPlace = (name: string | undefined, siblings: JsonSchemaObject, within: ReadonlySet<string>) =>
    name !== undefined &&
    defs[name] !== undefined &&
    !within.has(name) &&
    (isScalar(defs[name]) || (uses.get(name) === 1 && Object.keys(siblings).every((k) => k === 'description')));
  const said = new Set<string>();
  const reached: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: a JSON value of any shape
  const inline = (node: unknown, within: ReadonlySet<string>): any => {
    if (Array.isArray(node)) return node.map((item) => inline(item, within));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as JsonSchemaObject;
    const name = nameOf($ref);
    const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, VALUES.has(key) ? value : inline(value, within)]));
    if (!inPlace(name, rest, within)) {
      if (name !== undefined && defs[name] !== undefined && !reached.includes(name)) reached.push(name);
      return $ref === undefined ? own : { $ref, ...own };
    }
    const { description, ...def } = inline(defs[name!], new Set([...within, name!]));
    const say = own.description === undefined && description !== undefined && !said.has(name!);
    if (own.description === undefined) said.add(name!);
    return { ...def, ...(say ? { description } : {}), ...own };
  };
  const out = inline(body, new Set());
  // the definitions still referred to, from the body and from each other (`reached` grows as they are written)
  const kept: Record<string, unknown> = {};
  for (let i = 0; i < reached.length; i++) kept[reached[i]!] = inline(defs[reached[i]!], new Set([reached[i]!]));
  const order = Object.keys(defs).filter((name) => name in kept);
  return { ...out, ...(order.length > 0 ? { $defs: Object.fromEntries(order.map((name) => [name, kept[name]])) } : {}) };
}

/**
 * An open enum of a request (`anyOf: [{ type, enum }, { type }]`: values naming outside parties,
 * which the service extends) written as `{ type, examples }`: the same values accepted, the known
 * ones still shown, for about a third of the tokens.
 */
export function openEnumsAsExamples<T extends JsonSchemaObject>(schema: T): T {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON value of any shape
  const walk = (node: any, key?: string): any => {
    if (Array.isArray(node)) return key !== undefined && VALUES.has(key) ? node : node.map((item) => walk(item));
    if (!node || typeof node !== 'object') return node;
    return openEnum(Object.fromEntries(Object.entries(node).map(([k, v]) => [k, VALUES.has(k) ? v : walk(v, k)])));
  };
  return walk(schema);
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON value of any shape
function openEnum(node: any): any {
  if (!node || typeof node !== 'object' || Array.isArray(node) || !Array.isArray(node.anyOf) || node.anyOf.length !== 2) return node;
  const [known, open] = node.anyOf as JsonSchemaObject[];
  const onlyKeys = (o: JsonSchemaObject | undefined, keys: string[]) => !!o && Object.keys(o).every((k) => keys.includes(k));
  if (!onlyKeys(known, ['type', 'enum']) || !onlyKeys(open, ['type']) || known!.type !== open!.type || !Array.isArray(known!.enum))
    return node;
  const { anyOf: _anyOf, ...rest } = node;
  return { type: known!.type, ...rest, examples: known!.enum };
}
