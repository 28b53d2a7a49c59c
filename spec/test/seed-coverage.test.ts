// Holds the bundled spec against the seed: every endpoint, parameter, field, enum, error status
// and dated rule listed in seed-manifest.yaml must be in the spec. Fails on any miss.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allText, branches, deref, enumValues, isNullable, operation, operations, schemasAt, spec, type Json } from './bundled-spec.ts';

const manifest = parse(readFileSync(new URL('./seed-manifest.yaml', import.meta.url), 'utf8'));

function jsonSchemaOf(content: Json): Json {
  const media = deref(content?.['application/json']);
  if (!media?.schema) throw new Error('no application/json schema');
  return media.schema;
}

function responseSchema(key: string, status: string): Json {
  const o = operation(key);
  const res = o.op.responses?.[status];
  if (!res) throw new Error(`${key} has no ${status} response`);
  return jsonSchemaOf(deref(res).content);
}

const GATEWAY = '#/components/schemas/GatewayError';
/** The response's schema is the gateway's body alone. */
const isGatewayOnly = (response: Json): boolean => jsonSchemaOf(deref(response).content).$ref === GATEWAY;
/** The response's schema is the gateway's body, or an anyOf with it as one branch. */
const mayBeGateway = (response: Json): boolean => {
  const schema = jsonSchemaOf(deref(response).content);
  return schema.$ref === GATEWAY || (deref(schema).anyOf ?? []).some((b: Json) => b.$ref === GATEWAY);
};

function fieldMisses(schema: Json, fields: string[]): string[] {
  return fields.filter((f) => schemasAt(schema, f).length === 0);
}

const entries = <T>(o: Record<string, T> | undefined) => Object.entries(o ?? {});

describe('endpoints', () => {
  const keys = new Set(operations().map((o) => o.key));
  it.each(manifest.endpoints as string[])('%s is described', (key) => {
    expect(keys.has(key)).toBe(true);
  });

  it('every operation needs x-api-key, trigger v2 operations a bearer JWT as well', () => {
    const wrong: string[] = [];
    for (const o of operations()) {
      const security: Json[] = o.op.security ?? spec.security;
      const needsBearer = o.path.startsWith('/trigger/v2/') && !manifest.bearerExempt.includes(o.key);
      const ok = security.length > 0 && security.every((req: Json) => 'ApiKey' in req && 'TriggerJwt' in req === needsBearer);
      if (!ok) wrong.push(o.key);
    }
    expect(wrong).toEqual([]);
  });
});

describe('parameters', () => {
  const cases = entries<Record<string, Json>>(manifest.parameters).flatMap(([key, params]) =>
    Object.entries(params).map(([name, rule]) => [`${key} ${name}`, key, name, rule] as const),
  );
  it.each(cases)('%s', (_label, key, name, rule) => {
    const p = operation(key).parameters.find((x) => x.name === name && x.in === rule.in);
    expect(p, 'parameter present').toBeTruthy();
    if (rule.required) expect(p.required).toBe(true);
    const schemaBranches = branches(p.schema);
    if (rule.enum) expect(enumValues(p.schema)).toEqual(expect.arrayContaining(rule.enum));
    for (const k of ['minimum', 'maximum', 'minLength'] as const) {
      if (k in rule)
        expect(
          schemaBranches.map((b) => b[k]),
          k,
        ).toContain(rule[k]);
    }
    if ('default' in rule)
      expect(
        schemaBranches.map((b) => b.default),
        'default',
      ).toContain(rule.default);
    for (const word of rule.mentions ?? []) {
      const text = JSON.stringify(p);
      expect(text, `mentions ${word}`).toContain(word);
    }
  });
});

describe('request bodies', () => {
  it.each(entries<Json>(manifest.requestBodies))('%s', (key, rule) => {
    const schema = jsonSchemaOf(deref(operation(key).op.requestBody).content);
    expect(fieldMisses(schema, rule.fields ?? [])).toEqual([]);
    const required = new Set(branches(schema).flatMap((b) => b.required ?? []));
    for (const r of rule.required ?? []) expect(required.has(r), `${r} required`).toBe(true);
    for (const [field, values] of entries<unknown[]>(rule.enums)) {
      expect(enumValues(schemasAt(schema, field)[0]), field).toEqual(expect.arrayContaining(values));
    }
  });
});

describe('responses', () => {
  it.each(entries<Json>(manifest.responses))('%s', (label, rule) => {
    const [method, path, status] = label.split(' ');
    const schema = responseSchema(`${method} ${path}`, status!);
    expect(fieldMisses(schema, rule.fields ?? []), 'missing fields').toEqual([]);
    const required = new Set(branches(schema).flatMap((b) => b.required ?? []));
    for (const r of rule.required ?? []) expect(required.has(r), `${r} required`).toBe(true);
    for (const [field, values] of entries<unknown[]>(rule.enums)) {
      const found = schemasAt(schema, field).flatMap(enumValues);
      expect(found, `${field} enum`).toEqual(expect.arrayContaining(values));
    }
    for (const field of rule.deprecated ?? []) {
      expect(
        schemasAt(schema, field).some((s) => branches(s).some((b) => b.deprecated === true)),
        `${field} deprecated`,
      ).toBe(true);
    }
    for (const field of rule.nullable ?? []) {
      expect(schemasAt(schema, field).some(isNullable), `${field} nullable`).toBe(true);
    }
    for (const [field, type] of entries<string>(rule.types)) {
      const types = schemasAt(schema, field)
        .flatMap(branches)
        .flatMap((b) => [b.type].flat());
      expect(types, `${field} type`).toContain(type);
    }
    for (const field of rule.absent ?? []) expect(schemasAt(schema, field), `${field} removed`).toEqual([]);
  });
});

describe('errors', () => {
  it.each(entries<Json>(manifest.errors))('%s', (key, rule) => {
    const responses = operation(key).op.responses ?? {};
    for (const status of rule.statuses ?? []) expect(Object.keys(responses), `status ${status}`).toContain(String(status));
    // The gateway's own answers (401, 403, 429 in its `{code, message}` body) are not the area's;
    // an area that answers the same status itself shares it in an anyOf (trigger v2), checked here.
    const errorStatuses = Object.keys(responses).filter((s) => !/^2/.test(s) && !isGatewayOnly(responses[s]));
    expect(errorStatuses.length, 'an error response of the area').toBeGreaterThan(0);
    for (const status of errorStatuses) {
      const schema = jsonSchemaOf(deref(responses[status]).content);
      expect(fieldMisses(schema, rule.bodyFields), `${status} body`).toEqual([]);
    }
  });

  it("every operation documents the gateway's 401, 403 and 429 (the 429 with the rate-limit headers)", () => {
    const wrong: string[] = [];
    for (const o of operations()) {
      const responses = o.op.responses ?? {};
      const gateway = ['401', '403', '429'].every((s) => responses[s] && mayBeGateway(responses[s]));
      if (!gateway || !deref(responses['429']).headers?.['x-ratelimit-reset']) wrong.push(o.key);
    }
    expect(wrong).toEqual([]);
  });

  it('every operation marked x-market-data documents Retry-After on its error answers (the paper-trading 503)', () => {
    const market = operations().filter((o) => o.op['x-market-data'] !== undefined);
    expect(market.length).toBeGreaterThan(10);
    const wrong = market.filter((o) => !deref(o.op.responses?.default)?.headers?.['Retry-After']).map((o) => o.key);
    expect(wrong).toEqual([]);
  });
});

describe('deprecation and dated rules', () => {
  it.each(manifest.deprecatedOperations as string[])('%s is deprecated', (key) => {
    expect(operation(key).op.deprecated).toBe(true);
  });

  it('every trigger v1 operation is deprecated', () => {
    const v1 = operations().filter((o) => o.path.startsWith('/trigger/v1/'));
    expect(v1.length).toBeGreaterThan(0);
    expect(v1.filter((o) => o.op.deprecated !== true).map((o) => o.key)).toEqual([]);
  });

  it.each(entries<string[]>(manifest.mentions))('%s states its rules', (key, words) => {
    const o = operation(key);
    const text = allText(o.op) + o.parameters.map((p) => allText(p)).join('\n');
    for (const w of words) expect(text, w).toContain(w);
  });
});

/** The values of `x-provenance` (spec/README.md, Provenance): public docs, or the service's own OpenAPI files where the service changed after its description. */
const PROVENANCE: readonly string[] = ['public-docs', 'service-openapi'];

describe('operationIds and provenance', () => {
  it('operationIds are unique, area-prefixed camelCase', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(swap|tx|tokens|portfolio|triggerV1|triggerV2|prediction|lend)[A-Z][A-Za-z0-9]*$/);
  });

  it('schema names are PascalCase identifiers', () => {
    for (const name of Object.keys(spec.components?.schemas ?? {})) expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });

  it('everything marked as coming from public docs or the service OpenAPI files says so in its description (bundle decorator)', () => {
    const unmarked: string[] = [];
    const unknown: string[] = [];
    const visit = (node: Json, where: string) => {
      if (Array.isArray(node)) for (const [i, n] of node.entries()) visit(n, `${where}/${i}`);
      else if (node && typeof node === 'object') {
        const provenance = node['x-provenance'];
        if (provenance !== undefined && !PROVENANCE.includes(provenance)) unknown.push(`${where}: ${provenance}`);
        if (provenance === 'public-docs' && !String(node.description ?? '').includes('Source: public documentation')) unmarked.push(where);
        if (
          provenance === 'service-openapi' &&
          !String(node.description ?? '').includes("Source: the service's own published OpenAPI files")
        )
          unmarked.push(where);
        for (const [k, v] of Object.entries<Json>(node)) if (k !== 'examples' && k !== 'example') visit(v, `${where}/${k}`);
      }
    };
    visit(spec, '#');
    expect(unmarked).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('operations the seed does not list are marked as coming from public docs or the service OpenAPI files', () => {
    const seedKeys = new Set<string>(manifest.endpoints);
    const unmarked = operations().filter((o) => !seedKeys.has(o.key) && !PROVENANCE.includes(o.op['x-provenance']));
    expect(unmarked.map((o) => o.key)).toEqual([]);
  });
});
