// Every example of the bundled spec validates against its schema, and every operation carries a
// 2xx example and one for each documented error status.
import { describe, expect, it } from 'vitest';
import { deref, operations, spec, type Json } from './bundled-spec.ts';
import { validate } from './validator.ts';

interface ExampleCase {
  where: string;
  schema: Json;
  value: unknown;
}

function mediaExamples(where: string, content: Json): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [mt, media0] of Object.entries<Json>(content ?? {})) {
    const media = deref(media0);
    if (!media.schema) continue;
    if ('example' in media) cases.push({ where: `${where} ${mt} example`, schema: media.schema, value: media.example });
    for (const [name, ex] of Object.entries<Json>(media.examples ?? {})) {
      const e = deref(ex);
      if ('value' in e) cases.push({ where: `${where} ${mt} examples.${name}`, schema: media.schema, value: e.value });
    }
  }
  return cases;
}

function collect(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const { key, op, parameters } of operations()) {
    for (const p of parameters) {
      if ('example' in p) cases.push({ where: `${key} parameter ${p.name}`, schema: p.schema, value: p.example });
      for (const [name, ex] of Object.entries<Json>(p.examples ?? {})) {
        cases.push({ where: `${key} parameter ${p.name} examples.${name}`, schema: p.schema, value: deref(ex).value });
      }
    }
    if (op.requestBody) cases.push(...mediaExamples(`${key} request`, deref(op.requestBody).content));
    for (const [status, res] of Object.entries<Json>(op.responses ?? {})) {
      const r = deref(res);
      cases.push(...mediaExamples(`${key} ${status}`, r.content));
      for (const [name, h] of Object.entries<Json>(r.headers ?? {})) {
        const header = deref(h);
        if (header.schema && 'example' in header.schema) {
          cases.push({ where: `${key} ${status} header ${name}`, schema: header.schema, value: header.schema.example });
        }
      }
    }
  }
  // Schema-level examples of named components.
  for (const [name, schema] of Object.entries<Json>(spec.components?.schemas ?? {})) {
    if ('example' in schema) cases.push({ where: `schema ${name} example`, schema, value: schema.example });
    for (const [i, ex] of (schema.examples ?? []).entries()) cases.push({ where: `schema ${name} examples[${i}]`, schema, value: ex });
  }
  return cases;
}

const cases = collect();

describe('examples', () => {
  it('the spec has examples to check', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s validates against its schema', (_where, c) => {
    expect(validate(c.schema, c.value)).toEqual([]);
  });
});

describe('example coverage', () => {
  const ops = operations();

  it.each(ops.map((o) => [o.key, o] as const))('%s has a 2xx example and one per documented error status', (_k, o) => {
    const missing: string[] = [];
    let success = 0;
    for (const [status, res] of Object.entries<Json>(o.op.responses ?? {})) {
      const r = deref(res);
      if (!r.content) continue;
      const count = Object.values<Json>(r.content).reduce(
        (n, m) => n + Object.keys(deref(m).examples ?? {}).length + ('example' in deref(m) ? 1 : 0),
        0,
      );
      if (/^2/.test(status)) success += count;
      else if (count === 0) missing.push(status);
    }
    expect(success, 'named 2xx examples').toBeGreaterThan(0);
    expect(missing, 'error statuses without an example').toEqual([]);
  });

  it.each(ops.filter((o) => o.op.requestBody).map((o) => [o.key, o] as const))('%s has a request body example', (_k, o) => {
    const content = deref(o.op.requestBody).content ?? {};
    const count = Object.values<Json>(content).reduce(
      (n, m) => n + Object.keys(deref(m).examples ?? {}).length + ('example' in deref(m) ? 1 : 0),
      0,
    );
    expect(count).toBeGreaterThan(0);
  });
});
