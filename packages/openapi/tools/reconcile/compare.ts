// Compares one of our operations with the matching operation of another OpenAPI document:
// parameters (name, required, type, enum), the request body, the status codes and every
// response property both document (presence, required, type, nullability, enum values).
import type { OpenApiDocument, Operation } from '@x/openapi/reader';
import { type FlatSchema, flattenSchema, type PropertyFacts, type Rename, type Schema } from './schema-facts.ts';

export interface Difference {
  /** Our operationId (or, for an operation only they document, `METHOD path`). */
  operation: string;
  /** Where: `parameter query.taker`, `request body.inputMint`, `status 404`, `response 200.routePlan[].percent`. */
  location: string;
  /** What differs: `missing`, `required`, `type`, `nullable`, `enum`, `status`, `operation`. */
  kind: 'operation' | 'status' | 'missing' | 'required' | 'type' | 'nullable' | 'enum';
  ours: string;
  theirs: string;
}

export interface Side {
  op: Operation;
  doc: OpenApiDocument;
}

const show = (facts: PropertyFacts | undefined): string => (facts ? describeFacts(facts) : 'absent');

export function describeFacts(facts: PropertyFacts): string {
  const parts = [facts.types.join('|') || 'any'];
  if (facts.nullable) parts.push('nullable');
  parts.push(facts.required ? 'required' : 'optional');
  if (facts.enum) parts.push(`${facts.openEnum ? 'open ' : ''}enum [${facts.enum.join(', ')}]`);
  return parts.join(', ');
}

/** Numbers and integers are told apart only when neither side is `number` (an integer is a number). */
function sameTypes(a: string[], b: string[]): boolean {
  const norm = (types: string[]) => [...new Set(types.map((t) => (t === 'integer' ? 'number' : t)))].sort().join('|');
  return a.length === 0 || b.length === 0 || norm(a) === norm(b);
}

/** The differences between two flattened schemas, property by property. */
export function compareFlat(operation: string, where: string, ours: FlatSchema, theirs: FlatSchema): Difference[] {
  const out: Difference[] = [];
  const paths = [...new Set([...ours.keys(), ...theirs.keys()])].sort();
  for (const path of paths) {
    const a = ours.get(path);
    const b = theirs.get(path);
    const location = `${where} ${path}`;
    const diff = (kind: Difference['kind'], oursText: string, theirsText: string) =>
      out.push({ operation, location, kind, ours: oursText, theirs: theirsText });
    if (!a || !b) {
      // Report only the top of a missing subtree.
      const parent = path.replace(/(\.[^.[\]]+|\[\])$/, '');
      if (parent !== path && !(a ? theirs.has(parent) : ours.has(parent))) continue;
      diff('missing', show(a), show(b));
      continue;
    }
    if (a.required !== b.required) diff('required', show(a), show(b));
    if (!sameTypes(a.types, b.types)) diff('type', a.types.join('|'), b.types.join('|'));
    if (a.nullable !== b.nullable) diff('nullable', a.nullable ? 'nullable' : 'not nullable', b.nullable ? 'nullable' : 'not nullable');
    const ea = a.enum?.join(', ') ?? '';
    const eb = b.enum?.join(', ') ?? '';
    if (ea !== eb && a.enum && b.enum) diff('enum', `[${ea}]`, `[${eb}]`);
    else if (ea !== eb && b.enum && !a.enum) diff('enum', 'no enum', `[${eb}]`);
    else if (ea !== eb && a.enum && !b.enum) diff('enum', `[${ea}]`, 'no enum');
  }
  return out;
}

function parameterFlat(side: Side, rename: Rename): FlatSchema {
  const out: FlatSchema = new Map();
  for (const parameter of side.op.parameters) {
    if (parameter.in === 'header') continue; // credentials and content negotiation
    const flat = flattenSchema(parameter.schema as Schema | undefined, side.doc, 'p', rename);
    const top = flat.get('p') ?? { types: [], nullable: false, required: true };
    out.set(`${parameter.in}.${rename(parameter.name)}`, { ...top, required: parameter.required === true });
  }
  return out;
}

const responseKeys = (op: Operation) => Object.keys(op.responses).sort();

/** Path parameters are named differently by different documents; the name is not part of the wire. */
function withoutPathNames(flat: FlatSchema): FlatSchema {
  return new Map([...flat].filter(([key]) => !key.startsWith('path.')));
}

/** Every difference between our operation and theirs. */
export function compareOperations(ours: Side, theirs: Side, rename: Rename = (v) => v): Difference[] {
  const id = ours.op.operationId;
  const out: Difference[] = [];
  out.push(
    ...compareFlat(id, 'parameter', withoutPathNames(parameterFlat(ours, (v) => v)), withoutPathNames(parameterFlat(theirs, rename))),
  );
  const body = (side: Side, r: Rename) => flattenSchema(side.op.requestBody?.schema as Schema | undefined, side.doc, 'body', r);
  out.push(
    ...compareFlat(
      id,
      'request',
      body(ours, (v) => v),
      body(theirs, rename),
    ),
  );
  const ourStatuses = responseKeys(ours.op);
  const theirStatuses = responseKeys(theirs.op);
  for (const status of [...new Set([...ourStatuses, ...theirStatuses])].sort()) {
    const a = ours.op.responses[status];
    const b = theirs.op.responses[status];
    if (!a || !b) {
      out.push({
        operation: id,
        location: `status ${status}`,
        kind: 'status',
        ours: a ? 'declared' : 'absent',
        theirs: b ? 'declared' : 'absent',
      });
      continue;
    }
    const flatA = flattenSchema(a.schema as Schema | undefined, ours.doc, status, (v) => v);
    const flatB = flattenSchema(b.schema as Schema | undefined, theirs.doc, status, rename);
    out.push(...compareFlat(id, 'response', flatA, flatB));
  }
  return out;
}
