// The tolerant-reader policy of spec/README.md ("Responses are read tolerantly, requests are
// strict"), checked over the bundle:
// 1. a response schema requires only the fields listed in always-present.yaml (each with the reason
//    it is always sent);
// 2. no response schema forbids unknown properties;
// 3. every enum a response can reach is an open enum in the one agreed form, and every enum a
//    request can reach is closed; no schema carrying an enum is shared by both sides;
// 4. the open-enum marker appears nowhere else.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Json } from './bundled-spec.ts';
import { schemasOf, type SchemaVisit } from './schema-walk.ts';
import { validate } from './validator.ts';

const alwaysPresent: Record<string, { because: string; fields: string[] }> = parse(
  readFileSync(new URL('./always-present.yaml', import.meta.url), 'utf8'),
);

const response = schemasOf('response');
const request = schemasOf('request');
const MARK = 'x-unknown-enum-value';

const hasEnum = (s: Json) => Array.isArray(s.enum);
const sameKeys = (s: Json, allowed: string[]) => Object.keys(s).every((k) => allowed.includes(k));

/** Why an enum node of a response is not an open enum of the agreed form, or undefined. */
export function openEnumProblem(v: SchemaVisit): string | undefined {
  const { schema, parent } = v;
  if (!['string', 'integer', 'number'].includes(schema.type))
    return `enum branch needs a single scalar type, has ${JSON.stringify(schema.type)}`;
  if (!sameKeys(schema, ['type', 'enum'])) return `enum branch may hold only type and enum, has ${Object.keys(schema).join(', ')}`;
  if (parent?.keyword !== 'anyOf') return 'enum is not a branch of an anyOf (closed enum in a response)';
  const branches: Json[] = parent.schema.anyOf;
  const unknown = branches.filter((b) => b[MARK] === true);
  if (unknown.length !== 1) return `anyOf needs exactly one branch marked ${MARK}: true, has ${unknown.length}`;
  const u = unknown[0];
  if (u.type !== schema.type || !sameKeys(u, ['type', MARK])) return `the ${MARK} branch must be { type: ${schema.type}, ${MARK}: true }`;
  const others = branches.filter((b) => b !== schema && b !== u);
  if (others.some((b) => !(b.type === 'null' && sameKeys(b, ['type'])))) return 'the anyOf may add only a { type: null } branch';
  if (branches.filter(hasEnum).length !== 1) return 'the anyOf holds more than one enum branch';
  return undefined;
}

describe('tolerant reader: required fields of responses', () => {
  const withRequired = response.filter((v) => Array.isArray(v.schema.required) && v.schema.required.length > 0);

  it('the responses have required fields to check', () => {
    expect(withRequired.length).toBeGreaterThan(10);
  });

  it.each(withRequired.map((v) => [v.pointer, v] as const))('%s requires only always-present fields', (pointer, v) => {
    const entry = alwaysPresent[pointer];
    expect(entry, `${pointer} requires ${v.schema.required.join(', ')} but always-present.yaml has no entry for it`).toBeTruthy();
    expect(entry!.because, 'each entry says why the fields are always present').toMatch(/\w{3}/);
    expect(
      v.schema.required.filter((f: string) => !entry!.fields.includes(f)),
      'required but not listed as always present',
    ).toEqual([]);
  });

  it('always-present.yaml lists no schema that is gone', () => {
    const pointers = new Set(response.map((v) => v.pointer));
    expect(Object.keys(alwaysPresent).filter((p) => !pointers.has(p))).toEqual([]);
  });
});

describe('tolerant reader: unknown properties', () => {
  it('no response schema forbids unknown properties', () => {
    const closed = response.filter((v) => v.schema.additionalProperties === false || v.schema.unevaluatedProperties === false);
    expect(closed.map((v) => v.pointer)).toEqual([]);
  });
});

describe('tolerant reader: integer formats', () => {
  // The client's response validator is generated from the spec; for `format: int64` the generator
  // writes a conversion to BigInt, which takes numeric strings and throws on other text, so a
  // drifted answer would crash the validator instead of being reported.
  it('no response schema carries format int64 (a plain integer is read as a number)', () => {
    expect(response.filter((v) => v.schema.format === 'int64').map((v) => v.pointer)).toEqual([]);
  });
});

describe('tolerant reader: enums', () => {
  const responseEnums = response.filter((v) => hasEnum(v.schema));

  it('responses have enums to check', () => {
    expect(responseEnums.length).toBeGreaterThan(5);
  });

  it('every response enum is an open enum of the agreed form', () => {
    const problems = responseEnums.map((v) => [v.pointer, openEnumProblem(v)]).filter(([, p]) => p);
    expect(problems).toEqual([]);
  });

  it('an open enum accepts an unknown value of its type and rejects a value of another type', () => {
    for (const v of responseEnums) {
      const parent = v.parent!.schema;
      const known = v.schema.enum[0];
      const unknown = v.schema.type === 'string' ? 'a_value_added_tomorrow' : 987654;
      const wrongType = v.schema.type === 'string' ? 12345 : 'not-a-number';
      expect(validate(parent, known), `${v.pointer} known`).toEqual([]);
      expect(validate(parent, unknown), `${v.pointer} unknown`).toEqual([]);
      expect(validate(parent, wrongType).length, `${v.pointer} wrong type`).toBeGreaterThan(0);
    }
  });

  it('request enums stay closed, except values the service extends (x-open-values, test/open-request-values.test.ts)', () => {
    const marked = request.filter((v) => v.schema[MARK] !== undefined && v.parent?.schema['x-open-values'] === undefined);
    expect(marked.map((v) => v.pointer)).toEqual([]);
    const requestEnums = request.filter((v) => hasEnum(v.schema));
    expect(requestEnums.length).toBeGreaterThan(5);
  });

  it('no schema holding an enum is shared by requests and responses (split it)', () => {
    const requestPointers = new Set(request.filter((v) => hasEnum(v.schema) || v.schema[MARK] !== undefined).map((v) => v.pointer));
    const shared = response.filter((v) => (hasEnum(v.schema) || v.schema[MARK] !== undefined) && requestPointers.has(v.pointer));
    expect(shared.map((v) => v.pointer)).toEqual([]);
  });

  it(`${MARK} marks only the extra branch of an open response enum`, () => {
    const stray = response.filter(
      (v) => v.schema[MARK] !== undefined && !(v.parent?.keyword === 'anyOf' && v.parent.schema.anyOf.some(hasEnum)),
    );
    expect(stray.map((v) => v.pointer)).toEqual([]);
  });
});
