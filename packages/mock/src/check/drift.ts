// Compares one JSON value with a response schema and names every difference as drift:
//   additive - a field the schema does not declare (in an object that declares its fields and
//              does not say `additionalProperties: true`, i.e. "more fields are expected"), or an open enum's value that only its
//              `x-unknown-enum-value: true` branch accepts (contract 1 of the spec);
//   breaking - a wrong type, a missing required field, null where the schema does not allow it,
//              a value a closed constraint rejects.
// The structural walk names where and what; ajv over the whole value stays the judge of
// validity (a value ajv accepts has no breaking drift, and one it rejects always has some).
import { describeError, type CheckSpec, type ErrorObject, type JsonSchema } from './spec-source.js';

export interface DriftIssue {
  kind: 'additive' | 'breaking';
  /** JSON pointer into the body (`''` is the whole body). */
  pointer: string;
  message: string;
  /** An example of the value found there (unknown fields), shortened. */
  value?: string;
  /** How many places the same issue occurred at (array items), when more than one. */
  count?: number;
}

type JsonType = 'null' | 'array' | 'object' | 'string' | 'boolean' | 'integer' | 'number';

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const short = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function isObject(node: unknown): node is JsonSchema {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

export function createDriftChecker(spec: CheckSpec): (schema: JsonSchema, value: unknown) => DriftIssue[] {
  /** The JSON types a schema allows, or undefined when it does not say. */
  function typesOf(schema: JsonSchema, depth = 0): Set<string> | undefined {
    const s = spec.deref(schema);
    if (typeof s.type === 'string') return new Set([s.type]);
    if (Array.isArray(s.type)) return new Set(s.type.map(String));
    const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
    if (values) return new Set(values.map(jsonType));
    const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(branches) && depth < 8) {
      const out = new Set<string>();
      for (const b of branches) {
        const t = typesOf(b as JsonSchema, depth + 1);
        if (!t) return undefined;
        for (const x of t) out.add(x);
      }
      return out;
    }
    return undefined;
  }

  const admits = (types: Set<string> | undefined, t: JsonType): boolean =>
    types === undefined || types.has(t) || (t === 'integer' && types.has('number'));

  const describeTypes = (types: Set<string>): string => [...types].join(' or ');

  function declaredProperties(s: JsonSchema, depth = 0): Set<string> | undefined {
    let out: Set<string> | undefined;
    if (isObject(s.properties)) out = new Set(Object.keys(s.properties));
    if (Array.isArray(s.allOf) && depth < 8) {
      for (const b of s.allOf) {
        const inner = declaredProperties(spec.deref(b as JsonSchema), depth + 1);
        if (inner) out = new Set([...(out ?? []), ...inner]);
      }
    }
    return out;
  }

  function fromAjv(errors: ErrorObject[] | null | undefined, pointer: string, out: DriftIssue[]): void {
    for (const error of errors ?? []) {
      if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
      out.push({
        kind: 'breaking',
        pointer: pointer + error.instancePath,
        message: describeError({ ...error, instancePath: '' }).replace(/^value /, ''),
      });
    }
    if (out.length === 0 && errors?.[0])
      out.push({ kind: 'breaking', pointer: pointer + errors[0].instancePath, message: errors[0].message ?? 'is invalid' });
  }

  function walk(schema: unknown, value: unknown, pointer: string, out: DriftIssue[], depth: number, skipUnknown = false): void {
    if (!isObject(schema) || depth > 64) return;
    const s = spec.deref(schema);
    const t = jsonType(value);
    const before = out.filter((i) => i.kind === 'breaking').length;

    if (Array.isArray(s.allOf)) for (const b of s.allOf) walk(b, value, pointer, out, depth + 1, true);

    const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(branches)) {
      const resolved = branches.filter(isObject).map((b) => spec.deref(b));
      const valid = resolved.filter((b) => spec.compile(b)(value));
      if (valid.length > 0) {
        const known = valid.filter((b) => b['x-unknown-enum-value'] !== true);
        if (known.length === 0) {
          const listed = resolved.flatMap((b) => (Array.isArray(b.enum) ? b.enum : 'const' in b ? [b.const] : []));
          out.push({
            kind: 'additive',
            pointer,
            message: `unknown enum value ${short(value)} (known: ${listed.map((v) => short(v)).join(', ')})`,
          });
        } else walk(known[0], value, pointer, out, depth + 1);
      } else {
        const candidates = resolved.filter((b) => admits(typesOf(b), t));
        if (candidates.length === 0) {
          const expected = typesOf(s);
          out.push({
            kind: 'breaking',
            pointer,
            message:
              t === 'null'
                ? `null where the spec does not allow it (expected ${expected ? describeTypes(expected) : 'a value'})`
                : `expected ${expected ? describeTypes(expected) : 'another type'}, got ${t}`,
          });
          return;
        }
        // The branch of the value's type that explains the failure best (fewest breaking issues).
        let best: DriftIssue[] | undefined;
        for (const b of candidates) {
          const issues: DriftIssue[] = [];
          walk(b, value, pointer, issues, depth + 1);
          const breaking = issues.filter((i) => i.kind === 'breaking').length;
          if (breaking === 0) fromAjv(spec.compile(b).errors, pointer, issues);
          if (!best || breaking < best.filter((i) => i.kind === 'breaking').length) best = issues;
        }
        out.push(...(best ?? []));
        return;
      }
    }

    const types = typeof s.type === 'string' ? new Set([s.type]) : Array.isArray(s.type) ? new Set(s.type.map(String)) : undefined;
    if (types && !admits(types, t)) {
      out.push({
        kind: 'breaking',
        pointer,
        message:
          t === 'null'
            ? `null where the spec does not allow it (expected ${describeTypes(types)})`
            : `expected ${describeTypes(types)}, got ${t}`,
      });
      return;
    }

    if (t === 'object') {
      const object = value as Record<string, unknown>;
      for (const name of Array.isArray(s.required) ? s.required.map(String) : []) {
        if (!(name in object))
          out.push({ kind: 'breaking', pointer: `${pointer}/${escapePointer(name)}`, message: 'missing required field' });
      }
      const properties = isObject(s.properties) ? s.properties : {};
      const declared = declaredProperties(s);
      const patterns = isObject(s.patternProperties) ? Object.entries(s.patternProperties) : [];
      for (const [name, child] of Object.entries(object)) {
        const where = `${pointer}/${escapePointer(name)}`;
        if (name in properties) {
          walk(properties[name], child, where, out, depth + 1);
          continue;
        }
        const pattern = patterns.find(([p]) => new RegExp(p, 'u').test(name));
        if (pattern) walk(pattern[1], child, where, out, depth + 1);
        else if (s.additionalProperties === false) out.push({ kind: 'breaking', pointer: where, message: 'field the spec forbids' });
        else if (isObject(s.additionalProperties) && Object.keys(s.additionalProperties).length > 0)
          walk(s.additionalProperties, child, where, out, depth + 1);
        // An explicit `additionalProperties: true` (or `{}`) says further fields are expected: not news.
        else if (s.additionalProperties !== undefined) continue;
        else if (!skipUnknown && declared && declared.size > 0 && !declared.has(name)) {
          out.push({ kind: 'additive', pointer: where, message: 'unknown field', value: short(child) });
        }
      }
    } else if (t === 'array' && isObject(s.items)) {
      for (const [i, item] of (value as unknown[]).entries()) walk(s.items, item, `${pointer}/${i}`, out, depth + 1);
    }

    // Constraints the walk does not name (closed enum, pattern, format, bounds...): ajv's words.
    const foundHere = out.filter((i) => i.kind === 'breaking').length > before;
    if (!foundHere && !Array.isArray(branches) && !Array.isArray(s.allOf)) {
      const validate = spec.compile(s);
      if (!validate(value)) {
        // Only the errors of this node itself: deeper ones were walked (or will be reported there).
        const own = (validate.errors ?? []).filter((e) => e.instancePath === '' && e.keyword !== 'required');
        fromAjv(own.length > 0 ? own : null, pointer, out);
      }
    }
  }

  return (schema, value) => {
    const found: DriftIssue[] = [];
    walk(schema, value, '', found, 0);
    const validate = spec.compile(spec.deref(schema));
    const valid = validate(value);
    let issues = valid ? found.filter((i) => i.kind === 'additive') : found;
    if (!valid && !issues.some((i) => i.kind === 'breaking')) {
      const extra: DriftIssue[] = [];
      fromAjv(validate.errors, '', extra);
      issues = [...issues, ...extra];
    }
    return group(issues);
  };
}

/** One entry per issue and place pattern: `/data/0/x` and `/data/7/x` count as one, with a count. */
function group(issues: DriftIssue[]): DriftIssue[] {
  const byKey = new Map<string, DriftIssue>();
  for (const issue of issues) {
    const key = `${issue.kind} ${issue.pointer.replace(/\/\d+(?=\/|$)/g, '/*')} ${issue.message}`;
    const seen = byKey.get(key);
    if (seen) seen.count = (seen.count ?? 1) + 1;
    else byKey.set(key, { ...issue });
  }
  return [...byKey.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'breaking' ? -1 : 1));
}
