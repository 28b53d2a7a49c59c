// Classifies every difference between two bundled OpenAPI documents (the released spec and the current
// one) by what it does to users of the packages generated from it:
//   breaking      a request that was valid is now refused, or an answer may now hold what a reader of
//                 the released version does not expect (a field removed, made optional or nullable, a
//                 new type or a new value of a closed enum), or a status, a media type or an operation
//                 is gone;
//   non-breaking  everything else (added optional request field, added operation or status, widened
//                 request, narrowed answer, a new value of an open enum, documentation).
// The rule behind most cases: a change that narrows what is accepted is breaking in a request and
// harmless in an answer; one that widens it is the reverse (`impactOf`).
//
// Why our own: the classifiers on npm were tried first. api-smart-diff 1.0.6 (OpenAPI 3.0 is what it
// lists) called a response field made nullable with `type: [string, 'null']` non-breaking, a response
// field turned from string to integer non-breaking, a request field made nullable breaking, and a
// value added to our open response enums breaking, on this repository's bundle. openapi-diff 0.24.1
// refuses OpenAPI 3.1 documents ("Unsupported OpenAPI version: 3.1.0"), and on 3.0 sees no change
// when a request enum loses a value (its schema diff ignores `enum` and `const`). The rules above
// are a few pages of code.
import { deref, operations, type JsonSchema, type OpenApiDocument, type Operation } from '../../packages/openapi/dist/reader.js';
import { covers, LOWER_BOUNDS, OPAQUE_KEYWORDS, shapeOf, UPPER_BOUNDS, type Variant, variantFor } from './shape.ts';

export type Impact = 'breaking' | 'non-breaking';
/** Request: what a caller sends; response: what a caller reads. */
export type Direction = 'request' | 'response';

export interface Change {
  impact: Impact;
  /** `POST /trigger/v2/orders/price (triggerV2CreatePriceOrder)`, or `document` for the rest. */
  operation: string;
  /** Where in the operation: `request body: order.amount`, `response 200 (application/json): items[].mint`. */
  where: string;
  /** What changed, in a few words: `field removed`, `value "x" removed from the enum`. */
  what: string;
  /** Why it is (or is not) breaking, for the user of the released version. */
  why: string;
}

/** narrowed: accepts less than before; widened: accepts more; changed: cannot be ordered (both). */
type Drift = 'narrowed' | 'widened' | 'changed';

const WHY: Record<Direction, Record<Drift, [Impact, string]>> = {
  request: {
    narrowed: ['breaking', 'a request that was valid is now refused'],
    widened: ['non-breaking', 'every request valid before is still valid'],
    changed: ['breaking', 'a request that was valid may now be refused'],
  },
  response: {
    narrowed: ['non-breaking', 'every answer is still one the released version reads'],
    widened: ['breaking', 'an answer may now hold what a reader of the released version does not expect'],
    changed: ['breaking', 'an answer may now hold what a reader of the released version does not expect'],
  },
};

export function impactOf(direction: Direction, drift: Drift): [Impact, string] {
  return WHY[direction][drift];
}

interface Context {
  before: OpenApiDocument;
  after: OpenApiDocument;
  operation: string;
  out: Change[];
}

function emit(ctx: Context, direction: Direction, drift: Drift, where: string, what: string, why?: string): void {
  const [impact, generic] = impactOf(direction, drift);
  ctx.out.push({ impact, operation: ctx.operation, where, what, why: why ?? generic });
}

/** A change that accepts exactly what it did before, in either direction (the list of an open enum). */
function emitHarmless(ctx: Context, where: string, what: string, why: string): void {
  ctx.out.push({ impact: 'non-breaking', operation: ctx.operation, where, what, why });
}

const show = (value: unknown): string => JSON.stringify(value);
const fieldPath = (base: string, name: string): string => (base ? `${base}.${name}` : name);
const at = (where: string, path: string): string => (path ? `${where}: ${path}` : where);

interface SchemaWalk {
  ctx: Context;
  direction: Direction;
  where: string;
  /** `$ref` pairs on the way down (a recursive schema is compared once). */
  refs: Set<string>;
}

function compareConstraints(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const here = at(walk.where, path);
  for (const key of LOWER_BOUNDS) {
    const [a, b] = [before.constraints[key] as number | undefined, after.constraints[key] as number | undefined];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined || b < a ? 'widened' : 'narrowed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a ?? 'unset'} → ${b ?? 'unset'}`);
  }
  for (const key of UPPER_BOUNDS) {
    const [a, b] = [before.constraints[key] as number | undefined, after.constraints[key] as number | undefined];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined || b > a ? 'widened' : 'narrowed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a ?? 'unset'} → ${b ?? 'unset'}`);
  }
  for (const key of OPAQUE_KEYWORDS) {
    const [a, b] = [before.constraints[key], after.constraints[key]];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined ? 'widened' : 'changed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a === undefined ? 'unset' : show(a)} → ${b === undefined ? 'unset' : show(b)}`);
  }
}

function compareValues(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const here = at(walk.where, path);
  const had = new Set((before.values ?? []).map(show));
  const has = new Set((after.values ?? []).map(show));
  const removed = [...had].filter((v) => !has.has(v));
  const added = [...has].filter((v) => !had.has(v));
  if (before.open && !after.open) {
    emit(walk.ctx, walk.direction, 'narrowed', here, `enum closed: only ${[...has].join(', ')} accepted`);
  } else if (!before.open && after.open) {
    emit(walk.ctx, walk.direction, 'widened', here, 'enum opened: any value of its type is accepted');
  }
  // An enum dropped for its whole type (`const: 429` became `type: integer`): "enum opened" says it all.
  if (!before.open && after.open && after.values === undefined) return;
  for (const value of removed) {
    // A value dropped from an open enum is still accepted (by the open branch): only the list of known values changes.
    if (after.open)
      emitHarmless(walk.ctx, here, `value ${value} no longer listed (still accepted: the enum is open)`, 'the same values are accepted');
    else emit(walk.ctx, walk.direction, 'narrowed', here, `value ${value} removed from the enum`);
  }
  for (const value of added) {
    if (before.open)
      emitHarmless(walk.ctx, here, `value ${value} added to an open enum`, 'the enum was open: any value of its type was already accepted');
    else emit(walk.ctx, walk.direction, 'widened', here, `value ${value} added to the enum`);
  }
}

function compareObjects(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const { ctx, direction } = walk;
  for (const [name, schema] of Object.entries(before.properties)) {
    const field = fieldPath(path, name);
    const next = after.properties[name];
    if (next === undefined) {
      if (direction === 'request')
        emit(ctx, direction, 'narrowed', at(walk.where, field), 'field removed', 'a request that sends it was valid and is no longer');
      else
        emit(
          ctx,
          direction,
          'widened',
          at(walk.where, field),
          'field removed',
          'readers of the released version lose a field they may read',
        );
      continue;
    }
    const wasRequired = before.required.has(name);
    const isRequired = after.required.has(name);
    if (!wasRequired && isRequired) emit(ctx, direction, 'narrowed', at(walk.where, field), 'field made required');
    if (wasRequired && !isRequired)
      emit(
        ctx,
        direction,
        'widened',
        at(walk.where, field),
        'field made optional',
        direction === 'response' ? 'readers of the released version count on it being present' : undefined,
      );
    compareSchemas(walk, field, schema, next);
  }
  for (const name of Object.keys(after.properties)) {
    if (name in before.properties) continue;
    const field = at(walk.where, fieldPath(path, name));
    if (direction === 'request' && after.required.has(name)) emit(ctx, direction, 'narrowed', field, 'required field added');
    else if (direction === 'request') emit(ctx, direction, 'widened', field, 'optional field added');
    else emit(ctx, direction, 'narrowed', field, 'field added', 'readers of the released version ignore it');
  }
  for (const name of after.required) {
    if (!(name in after.properties) && !before.required.has(name))
      emit(ctx, direction, 'narrowed', at(walk.where, fieldPath(path, name)), 'field made required');
  }
  if (before.additional !== false && after.additional === false)
    emit(ctx, direction, 'narrowed', at(walk.where, path), 'unknown fields no longer allowed');
  else if (before.additional === false && after.additional !== false)
    emit(ctx, direction, 'widened', at(walk.where, path), 'unknown fields now allowed');
  else if (typeof before.additional === 'object' && typeof after.additional === 'object') {
    compareSchemas(walk, `${path}{*}`, before.additional, after.additional);
  }
}

/** Compares what two schemas accept, emitting one change per difference. */
export function compareSchemas(walk: SchemaWalk, path: string, before: JsonSchema | undefined, after: JsonSchema | undefined): void {
  if (before === after && walk.ctx.before === walk.ctx.after) return;
  const refA = (before as { $ref?: string } | undefined)?.$ref;
  const refB = (after as { $ref?: string } | undefined)?.$ref;
  const pair = refA && refB ? `${refA} ${refB}` : undefined;
  if (pair && walk.refs.has(pair)) return;
  if (pair) walk.refs.add(pair);
  try {
    const a = shapeOf(before, walk.ctx.before);
    const b = shapeOf(after, walk.ctx.after);
    const here = at(walk.where, path);
    for (const [type, variant] of a) {
      if (!covers(b, type)) {
        emit(walk.ctx, walk.direction, 'narrowed', here, `type ${type} no longer accepted`);
        continue;
      }
      const next = variantFor(b, type)!;
      if (next.type === 'any' && type !== 'any') {
        emit(walk.ctx, walk.direction, 'widened', here, `type ${type} widened to any value`);
        continue;
      }
      compareValues(walk, path, variant, next);
      compareConstraints(walk, path, variant, next);
      if (type === 'object') compareObjects(walk, path, variant, next);
      if (type === 'array' && (variant.items || next.items)) compareSchemas(walk, `${path}[]`, variant.items, next.items);
    }
    for (const type of b.keys()) {
      if (covers(a, type)) continue;
      if (type === 'null')
        emit(
          walk.ctx,
          walk.direction,
          'widened',
          here,
          'made nullable',
          walk.direction === 'response' ? 'readers of the released version do not expect null' : undefined,
        );
      else emit(walk.ctx, walk.direction, 'widened', here, `type ${type} now accepted`);
    }
  } finally {
    if (pair) walk.refs.delete(pair);
  }
}

/** A document with every local `$ref` inlined (a recursive one is left as the `$ref`), for equality. */
function inlined(node: unknown, doc: OpenApiDocument, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => inlined(n, doc, stack));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return stack.includes(ref) ? node : inlined(deref(node, doc), doc, [...stack, ref]);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlined(v, doc, stack)]));
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Operations are matched by method and path, path parameters by position (a renamed `{id}` is the same path). */
const templateOf = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');
const keyOf = (op: Operation): string => `${op.method} ${templateOf(op.path)}`;

function parameterKey(op: Operation, p: { in: string; name: string }): string {
  if (p.in === 'path') return `path #${[...op.path.matchAll(/\{([^}]*)\}/g)].findIndex((m) => m[1] === p.name) + 1}`;
  return `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function compareParameters(ctx: Context, before: Operation, after: Operation): void {
  const was = new Map(before.parameters.map((p) => [parameterKey(before, p), p]));
  const now = new Map(after.parameters.map((p) => [parameterKey(after, p), p]));
  for (const [key, p] of was) {
    const where = `${p.in} parameter ${p.name}`;
    const next = now.get(key);
    if (!next) {
      emit(ctx, 'request', 'narrowed', where, 'parameter removed', 'a request that sends it was valid and is no longer');
      continue;
    }
    if (!p.required && next.required) emit(ctx, 'request', 'narrowed', where, 'parameter made required');
    if (p.required && !next.required) emit(ctx, 'request', 'widened', where, 'parameter made optional');
    compareSchemas({ ctx, direction: 'request', where, refs: new Set() }, '', p.schema, next.schema);
  }
  for (const [key, p] of now) {
    if (was.has(key)) continue;
    const where = `${p.in} parameter ${p.name}`;
    if (p.required) emit(ctx, 'request', 'narrowed', where, `required ${p.in} parameter added`);
    else emit(ctx, 'request', 'widened', where, `optional ${p.in} parameter added`);
  }
}

function content(node: unknown, doc: OpenApiDocument): Record<string, { schema?: JsonSchema }> {
  return (deref(node as object, doc) as { content?: Record<string, { schema?: JsonSchema }> }).content ?? {};
}

function compareRequestBody(ctx: Context, before: Operation, after: Operation): void {
  const where = 'request body';
  const was = before.requestBody;
  const now = after.requestBody;
  if (!was && !now) return;
  if (!now) {
    emit(ctx, 'request', 'narrowed', where, 'request body removed', 'a request that sends one was valid and is no longer');
    return;
  }
  if (!was) {
    if (now.required) emit(ctx, 'request', 'narrowed', where, 'required request body added');
    else emit(ctx, 'request', 'widened', where, 'optional request body added');
    return;
  }
  if (!was.required && now.required) emit(ctx, 'request', 'narrowed', where, 'request body made required');
  if (was.required && !now.required) emit(ctx, 'request', 'widened', where, 'request body made optional');
  const a = content(before.operation.requestBody, ctx.before);
  const b = content(after.operation.requestBody, ctx.after);
  for (const [media, m] of Object.entries(a)) {
    if (!b[media]) emit(ctx, 'request', 'narrowed', `${where} (${media})`, 'media type no longer accepted');
    else compareSchemas({ ctx, direction: 'request', where: `${where} (${media})`, refs: new Set() }, '', m.schema, b[media].schema);
  }
  for (const media of Object.keys(b)) if (!a[media]) emit(ctx, 'request', 'widened', `${where} (${media})`, 'media type now accepted');
}

function compareResponses(ctx: Context, before: Operation, after: Operation): void {
  for (const [status, was] of Object.entries(before.responses)) {
    const now = after.responses[status];
    const where = `response ${status}`;
    if (!now) {
      emit(
        ctx,
        'response',
        'widened',
        where,
        'status removed',
        'that answer is no longer documented: response validation refuses it, and its typed error is gone',
      );
      continue;
    }
    const a = content(before.operation.responses?.[status], ctx.before);
    const b = content(after.operation.responses?.[status], ctx.after);
    for (const [media, m] of Object.entries(a)) {
      if (!b[media]) emit(ctx, 'response', 'changed', `${where} (${media})`, 'response media type removed');
      else compareSchemas({ ctx, direction: 'response', where: `${where} (${media})`, refs: new Set() }, '', m.schema, b[media].schema);
    }
    for (const media of Object.keys(b)) {
      if (!a[media])
        emit(ctx, 'response', Object.keys(a).length ? 'changed' : 'widened', `${where} (${media})`, 'response media type added');
    }
    const headersBefore = new Map(Object.entries(was.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const headersAfter = new Map(Object.entries(now.headers).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [name, header] of headersBefore) {
      const next = headersAfter.get(name);
      if (!next)
        emit(ctx, 'response', 'widened', `${where} header ${name}`, 'header removed', 'readers of the released version may read it');
      else {
        const schemaOf = (h: unknown, doc: OpenApiDocument) => (deref(h as object, doc) as { schema?: JsonSchema }).schema;
        compareSchemas(
          { ctx, direction: 'response', where: `${where} header ${name}`, refs: new Set() },
          '',
          schemaOf(header, ctx.before),
          schemaOf(next, ctx.after),
        );
      }
    }
    for (const name of headersAfter.keys()) {
      if (!headersBefore.has(name))
        emit(ctx, 'response', 'narrowed', `${where} header ${name}`, 'header added', 'readers of the released version ignore it');
    }
  }
  for (const status of Object.keys(after.responses)) {
    if (!(status in before.responses))
      emit(
        ctx,
        'response',
        'narrowed',
        `response ${status}`,
        'status added',
        'a new documented answer; the released types read it as an unknown error',
      );
  }
}

function compareSecurity(ctx: Context, before: Operation, after: Operation): void {
  const alternatives = (op: Operation) => new Set(op.security.map((req) => Object.keys(req).sort().join(' + ') || '(none)'));
  const [a, b] = [alternatives(before), alternatives(after)];
  if (a.size === 0 || b.size === 0) {
    if (a.size !== b.size)
      emit(ctx, 'request', a.size === 0 ? 'narrowed' : 'widened', 'security', `security ${a.size === 0 ? 'added' : 'removed'}`);
    return;
  }
  for (const alt of a) if (!b.has(alt)) emit(ctx, 'request', 'narrowed', 'security', `credentials ${alt} no longer accepted`);
  for (const alt of b) if (!a.has(alt)) emit(ctx, 'request', 'widened', 'security', `credentials ${alt} now accepted`);
}

/** The operation's own `x-` extensions (read by the client, the simulator, the catalogue): each change named. */
function compareExtensions(ctx: Context, before: Operation, after: Operation): void {
  const keys = new Set([...Object.keys(before.extensions), ...Object.keys(after.extensions)]);
  for (const key of keys) {
    const [a, b] = [before.extensions[key], after.extensions[key]];
    if (same(a, b)) continue;
    const what = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
    ctx.out.push({
      impact: 'non-breaking',
      operation: ctx.operation,
      where: 'operation',
      what: `extension ${key} ${what}`,
      why: 'requests and answers accept what they did; code generated from the extension follows it',
    });
  }
}

const label = (op: Operation): string => `${op.method} ${op.path} (${op.operationId})`;

/** Every change from `before` (the released bundle) to `after` (the current one), breaking first. */
export function classifySpecChanges(before: OpenApiDocument, after: OpenApiDocument): Change[] {
  const out: Change[] = [];
  const was = new Map(operations(before).map((op) => [keyOf(op), op]));
  const now = new Map(operations(after).map((op) => [keyOf(op), op]));
  for (const [key, op] of was) {
    const next = now.get(key);
    const ctx: Context = { before, after, operation: label(next ?? op), out };
    if (!next) {
      emit(ctx, 'request', 'narrowed', 'operation', 'operation removed', 'every call to it fails');
      continue;
    }
    const count = out.length;
    if (op.operationId !== next.operationId)
      emit(
        ctx,
        'request',
        'changed',
        'operation',
        `operationId ${op.operationId} → ${next.operationId}`,
        'the generated method and type names change',
      );
    compareSecurity(ctx, op, next);
    compareParameters(ctx, op, next);
    compareRequestBody(ctx, op, next);
    compareResponses(ctx, op, next);
    const documentation = (o: Operation, doc: OpenApiDocument) =>
      inlined(Object.fromEntries(Object.entries(o.operation).filter(([key]) => !key.startsWith('x-'))), doc);
    if (out.length === count && !same(documentation(op, before), documentation(next, after))) {
      ctx.out.push({
        impact: 'non-breaking',
        operation: ctx.operation,
        where: 'operation',
        what: 'descriptions, examples or schema extensions changed',
        why: 'requests and answers accept what they did',
      });
    }
    compareExtensions(ctx, op, next);
  }
  for (const [key, op] of now) {
    if (!was.has(key))
      out.push({
        impact: 'non-breaking',
        operation: label(op),
        where: 'operation',
        what: 'operation added',
        why: 'nothing that worked before changes',
      });
  }
  compareDocument(before, after, out);
  return out.sort((x, y) => (x.impact === y.impact ? 0 : x.impact === 'breaking' ? -1 : 1));
}

/** The parts of the document outside the operations: security schemes (breaking when changed), and the rest. */
function compareDocument(before: OpenApiDocument, after: OpenApiDocument, out: Change[]): void {
  const push = (impact: Impact, where: string, what: string, why: string) => out.push({ impact, operation: 'document', where, what, why });
  const component = (doc: OpenApiDocument, kind: string) =>
    ((doc.components as Record<string, unknown> | undefined)?.[kind] ?? {}) as Record<string, unknown>;
  const [a, b] = [component(before, 'securitySchemes'), component(after, 'securitySchemes')];
  const wire = (s: unknown) => {
    const { description: _d, ...rest } = (s ?? {}) as Record<string, unknown>;
    return rest;
  };
  for (const [name, scheme] of Object.entries(a)) {
    if (same(wire(scheme), wire(b[name]))) continue;
    const what = b[name] ? 'how the credential is sent changed' : 'security scheme removed';
    push('breaking', `security scheme ${name}`, what, 'credentials sent as before are refused');
  }
  // @x/types exports one type per component schema: a schema gone (or renamed) is a type its users may import.
  const [na, nb] = [new Set(Object.keys(component(before, 'schemas'))), new Set(Object.keys(component(after, 'schemas')))];
  for (const name of na) {
    if (!nb.has(name))
      push('breaking', `components.schemas.${name}`, 'schema removed or renamed', `the type \`${name}\` of @x/types is gone`);
  }
  for (const name of nb) if (!na.has(name)) push('non-breaking', `components.schemas.${name}`, 'schema added', 'a new type in @x/types');
  const rest = (doc: OpenApiDocument) => {
    const { paths: _p, components: _c, ...others } = doc as unknown as Record<string, unknown>;
    return others;
  };
  const [ra, rb] = [rest(before), rest(after)];
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    if (!same(ra[key], rb[key])) push('non-breaking', key, `${key} changed`, 'not part of any request or answer');
  }
}
