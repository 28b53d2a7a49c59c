// Holds the bundled spec against the published facts of the real service (public-facts.yaml): the
// fields it sends beyond the service description, the nulls, the fields it leaves out, and a named
// example showing each real shape.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { branches, deref, enumValues, isNullable, operation, schemasAt, type Json } from './bundled-spec.ts';

const facts = parse(readFileSync(new URL('./public-facts.yaml', import.meta.url), 'utf8'));
const entries = <T>(o: Record<string, T> | undefined) => Object.entries(o ?? {});

function media(key: string, status: string): Json {
  const res = operation(key).op.responses?.[status];
  if (!res) throw new Error(`${key} has no ${status} response`);
  const m = deref(deref(res).content?.['application/json']);
  if (!m?.schema) throw new Error(`${key} ${status} has no application/json schema`);
  return m;
}

/** True when every value valid against `schema` must carry `field`. */
export function requiredIn(schema: Json, field: string): boolean {
  const s = deref(schema);
  if (!s || typeof s !== 'object') return false;
  if ((s.required ?? []).includes(field)) return true;
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alternatives.length && alternatives.every((b: Json) => requiredIn(b, field))) return true;
  return (s.allOf ?? []).some((b: Json) => requiredIn(b, field));
}

/** The schemas holding the last segment of `path` as a property (`a[].b`: the items of a), and its name. */
function parents(schema: Json, path: string): [Json[], string] {
  const cut = path.lastIndexOf('.');
  const field = path.slice(cut + 1);
  if (cut < 0) return [[schema], field];
  return [schemasAt(schema, path.slice(0, cut)), field];
}

/** The `x-provenance` values of facts from outside the service description. */
const OUTSIDE_SOURCES: unknown[] = ['public-docs', 'service-openapi'];

describe('published facts: responses', () => {
  it.each(entries<Json>(facts.responses))('%s', (label, rule) => {
    const [method, path, status] = label.split(' ');
    const m = media(`${method} ${path}`, status!);
    const schema = m.schema;
    for (const f of rule.fields ?? []) expect(schemasAt(schema, f).length, `${f} declared`).toBeGreaterThan(0);
    for (const f of rule.nullable ?? []) expect(schemasAt(schema, f).some(isNullable), `${f} nullable`).toBe(true);
    for (const f of rule.deprecated ?? [])
      expect(
        schemasAt(schema, f).some((s) => branches(s).some((b) => b.deprecated)),
        `${f} deprecated`,
      ).toBe(true);
    for (const f of rule.provenance ?? [])
      expect(
        // A fact from the public docs that the service's own OpenAPI files have since refined is marked service-openapi.
        schemasAt(schema, f).some((s) => OUTSIDE_SOURCES.includes(s['x-provenance']) || OUTSIDE_SOURCES.includes(deref(s)['x-provenance'])),
        `${f} marked public-docs or service-openapi`,
      ).toBe(true);
    for (const [f, type] of entries<string>(rule.types)) {
      expect(
        schemasAt(schema, f)
          .flatMap(branches)
          .flatMap((b) => [b.type].flat()),
        `${f} type`,
      ).toContain(type);
    }
    for (const [f, format] of entries<string>(rule.notFormat)) {
      expect(
        schemasAt(schema, f)
          .flatMap(branches)
          .map((b) => b.format),
        `${f} format`,
      ).not.toContain(format);
    }
    for (const [f, values] of entries<unknown[]>(rule.enums)) {
      expect(schemasAt(schema, f).flatMap(enumValues), `${f} enum`).toEqual(expect.arrayContaining(values));
    }
    for (const f of rule.optional ?? []) {
      const [ps, field] = parents(schema, f);
      expect(ps.length, `${f} has a parent`).toBeGreaterThan(0);
      expect(
        ps.some((p) => requiredIn(p, field)),
        `${f} must not be required`,
      ).toBe(false);
    }
    for (const f of rule.required ?? []) {
      const [ps, field] = parents(schema, f);
      expect(ps.length > 0 && ps.every((p) => requiredIn(p, field)), `${f} required`).toBe(true);
    }
    if (rule.accepts)
      expect(
        branches(schema).map((b) => b.type),
        'accepted shapes',
      ).toEqual(expect.arrayContaining(rule.accepts));
    for (const name of rule.examples ?? []) expect(Object.keys(m.examples ?? {}), `example ${name}`).toContain(name);
  });
});

describe('published facts: requests', () => {
  it.each(
    entries<Record<string, Json>>(facts.parameters).flatMap(([key, ps]) =>
      Object.entries(ps).map(([n, r]) => [`${key} ${n}`, key, n, r] as const),
    ),
  )('%s', (_l, key, name, rule) => {
    expect(operation(key).parameters.find((p) => p.name === name && p.in === rule.in)).toBeTruthy();
  });

  it.each(entries<Json>(facts.requestBodies))('%s body', (key, rule) => {
    const schema = deref(deref(operation(key).op.requestBody).content['application/json']).schema;
    for (const f of rule.fields ?? []) expect(schemasAt(schema, f).length, `${f} declared`).toBeGreaterThan(0);
    for (const f of rule.required ?? []) expect(requiredIn(schema, f), `${f} required`).toBe(true);
  });
});
