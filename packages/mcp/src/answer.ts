// Answers sized for a context window. A read whose answer holds lists of records (events, orders,
// order book levels) takes two arguments of this server, never sent to the API: `maxItems` (each
// list is cut to that many items, default DEFAULT_MAX_ITEMS) and `fields` (each record keeps only
// those fields). A cut answer says so in one summary line (`sized`): how many items each list had
// and how many are shown, so a model knows to ask for more. Answers of prepare tools are never cut
// (their transactions and the decoded summary stay whole).
import type { CatalogueOperation, JsonSchemaObject } from '@x/catalogue';
import { catalogue as generated, defs as generatedDefs } from '@x/catalogue';

export const DEFAULT_MAX_ITEMS = 5;

export const SIZING_PROPERTIES: Record<string, JsonSchemaObject> = {
  // Bounds (1 to 1000) are checked by the server; the names say the rest, and a cut answer's line explains them.
  maxItems: { type: 'integer', default: DEFAULT_MAX_ITEMS },
  fields: { type: 'array', items: { type: 'string' } },
};

export const SIZED_SCHEMA: JsonSchemaObject = {
  type: 'string',
  description: 'Set when a list was cut (how many items each list had and how many are shown), or when `fields` names a field no item has.',
};

const resolve = (schema: unknown, defs: Readonly<Record<string, JsonSchemaObject>>): JsonSchemaObject | undefined => {
  const s = schema as JsonSchemaObject | undefined;
  const ref = s?.$ref;
  return typeof ref === 'string' ? defs[ref.replace('#/$defs/', '')] : s;
};

const typesOf = (schema: JsonSchemaObject | undefined): unknown[] =>
  schema ? [schema.type, ...((schema.anyOf as JsonSchemaObject[] | undefined) ?? []).map((b) => b.type)].flat() : [];

/**
 * The top-level fields of the answer that hold lists of records or of rows (arrays of objects or of
 * arrays), from the success schema; `''` when the answer itself is such a list.
 */
export function listFieldsOf(op: CatalogueOperation, defs: Readonly<Record<string, JsonSchemaObject>> = generatedDefs): string[] {
  if (op.access !== 'read' || op.preparesWhen !== undefined) return [];
  const body = resolve(op.success?.schema, defs);
  // An answer about one record named by its ids in the path (a market, an event) lists its parts,
  // not records without end: only its rows (order book levels) are cut.
  const oneRecord =
    op.parameters.some((p) => p.in === 'path') && op.parameters.filter((p) => p.in === 'path').every((p) => /Id$/.test(p.name));
  const isList = (schema: unknown) => {
    const s = resolve(schema, defs);
    const items = resolve(s?.items, defs);
    if (!typesOf(s).includes('array')) return false;
    return typesOf(items).includes('array') || (!oneRecord && (typesOf(items).includes('object') || !!items?.properties));
  };
  if (isList(body)) return [''];
  return Object.entries((body?.properties as Record<string, unknown> | undefined) ?? {})
    .filter(([, field]) => isList(field))
    .map(([name]) => name);
}

const listFields = new Map(generated.map((op) => [op.operationId, listFieldsOf(op)]));

/** Whether the operation's tool takes `maxItems` and `fields`. */
export const sizedAnswers = (op: CatalogueOperation): boolean => (listFields.get(op.operationId) ?? listFieldsOf(op)).length > 0;

export interface Sizing {
  maxItems?: number;
  fields?: string[];
}

const project = (item: unknown, fields: ReadonlyArray<string> | undefined) =>
  fields && item && typeof item === 'object' && !Array.isArray(item)
    ? Object.fromEntries(Object.entries(item).filter(([key]) => fields.includes(key)))
    : item;

/** The answer with each list cut to `maxItems` and its records to `fields`, and the line saying what was cut. */
export function sizeAnswer(op: CatalogueOperation, data: unknown, sizing: Sizing): { data: unknown; sized?: string } {
  const names = listFields.get(op.operationId) ?? listFieldsOf(op);
  if (names.length === 0) return { data };
  const max = sizing.maxItems ?? DEFAULT_MAX_ITEMS;
  const cuts: string[] = [];
  // the fields the records have, to name those of `fields` that none has (a misspelt name)
  const seen = new Set<string>();
  const cut = (list: unknown, name: string) => {
    if (!Array.isArray(list)) return list;
    for (const item of list)
      if (item && typeof item === 'object' && !Array.isArray(item)) for (const key of Object.keys(item)) seen.add(key);
    if (list.length > max) cuts.push(`${name || 'the answer'}: ${max} of ${list.length} items shown`);
    return list.slice(0, max).map((item) => project(item, sizing.fields));
  };
  const sized =
    names[0] === ''
      ? cut(data, '')
      : data && typeof data === 'object' && !Array.isArray(data)
        ? {
            ...data,
            ...Object.fromEntries(
              names.filter((name) => name in data).map((name) => [name, cut((data as Record<string, unknown>)[name], name)]),
            ),
          }
        : data;
  const unknownFields = seen.size > 0 ? (sizing.fields ?? []).filter((field) => !seen.has(field)) : [];
  const lines =
    unknownFields.length > 0 ? [`fields: no item has ${unknownFields.join(', ')} (the items have ${[...seen].join(', ')}).`] : [];
  if (cuts.length === 0) return lines.length > 0 ? { data: sized, sized: lines.join(' ') } : { data: sized };
  const more = op.paged
    ? // (paging on from the items shown would skip the rest of this page)
      ' (raise maxItems to see the rest of this page: the next page starts after its last item, not after the last shown; `fields` keeps only the named fields of each item)'
    : ' (raise maxItems for more; `fields` keeps only the named fields of each item)';
  return { data: sized, sized: [`${cuts.join('; ')}${more}.`, ...lines].join(' ') };
}
