// Classifies every difference between two bundled OpenAPI documents (the released spec and the current
// one) by what it does to users of the packages generated from it:
//   breaking      a request that was valid is now refused, or an answer may now hold what a reader of
//                 the released version does not expect (a field removed, made optional or nullable, a
//                 new type or a new value of a closed enum), or a status, a media type or an operation
//                 is gone;
//   non-breaking  everything else (added optional request field, added operation or status, widened
//                 request, narrowed answer, a new value of an open enum, documentation).
// The rule behind most cases: a change that narrows what is accepted is breaking in a request and
// harmless in an answer; one that widens it is the reverse (`impact.ts`; schemas: `compare-schemas.ts`).
//
// Why our own: the classifiers on npm were tried first. api-smart-diff 1.0.6 (OpenAPI 3.0 is what it
// lists) called a response field made nullable with `type: [string, 'null']` non-breaking, a response
// field turned from string to integer non-breaking, a request field made nullable breaking, and a
// value added to our open response enums breaking, on this repository's bundle. openapi-diff 0.24.1
// refuses OpenAPI 3.1 documents ("Unsupported OpenAPI version: 3.1.0"), and on 3.0 sees no change
// when a request enum loses a value (its schema diff ignores `enum` and `const`). The rules above
// are a few pages of code.
import { deref, operations, type JsonSchema, type OpenApiDocument, type Operation } from '../../packages/openapi/dist/reader.js';
import { compareSchemas } from './compare-schemas.ts';
import { type Change, type Context, emit, type Impact } from './impact.ts';

export type { Change, Direction, Impact } from './impact.ts';

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
