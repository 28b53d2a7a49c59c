// The corpus of published examples of the real service (test/corpus/**, one file per example, see
// test/corpus/README.md): each request or response body validates against the bundle, and each file
// says where it comes from and uses only example-world addresses and no host.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deref, operations, schemasAt, spec, type Json } from './bundled-spec.ts';
import { isPublicKey } from './public-keys.ts';
import { validate } from './validator.ts';

const root = fileURLToPath(new URL('./corpus/', import.meta.url));

interface CorpusEntry {
  file: string;
  source: string;
  operationId: string;
  status?: string;
  request?: 'body';
  at?: string;
  neutralised: string[];
  expect?: 'accepted' | 'rejected';
  /** When the source published it (YYYY-MM-DD). */
  date?: string;
  /** An old shape the service no longer sends or accepts: kept to prove we refuse it (`expect: rejected`). */
  historical?: boolean;
  body: unknown;
}

/** Whether an entry is expected to validate: `expect`, else accepted. */
export const expectation = (e: CorpusEntry): 'accepted' | 'rejected' => e.expect ?? 'accepted';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.yaml') ? [join(dir, d.name)] : [],
  );
}

export const corpus: CorpusEntry[] = files(root).map((file) => ({ file: file.slice(root.length), ...parse(readFileSync(file, 'utf8')) }));

/** The schema an entry is held against: its request body, or the response of its status (else `default`). */
export function schemaFor(e: CorpusEntry): Json {
  const op = operations().find((o) => o.op.operationId === e.operationId);
  if (!op) throw new Error(`${e.file}: no operation ${e.operationId}`);
  const holder = e.request ? op.op.requestBody : (op.op.responses?.[e.status!] ?? op.op.responses?.default);
  if (!holder) throw new Error(`${e.file}: ${e.operationId} has no ${e.request ? 'request body' : `${e.status} or default response`}`);
  const schema = deref(deref(holder).content?.['application/json'])?.schema;
  if (!schema) throw new Error(`${e.file}: no application/json schema`);
  if (!e.at) return schema;
  const at = schemasAt(schema, e.at);
  if (at.length !== 1) throw new Error(`${e.file}: ${e.at} names ${at.length} schemas`);
  return at[0];
}

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
const world: Json = spec['x-example-values'];
const known = new Set<string>([...world.tokens.map((t: Json) => t.mint), ...Object.values<string>(world.addresses)]);

describe('corpus of published examples', () => {
  it('has examples of every area', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    const areas = new Set(corpus.map((e) => e.operationId.match(/^(swap|tx|tokens|portfolio|triggerV1|triggerV2|prediction|lend)/)?.[1]));
    expect([...areas].sort()).toEqual(expect.arrayContaining(['lend', 'prediction', 'swap', 'tokens', 'triggerV1', 'triggerV2']));
  });

  it.each(corpus.map((e) => [e.file, e] as const))('%s', (_f, e) => {
    expect(e.source, 'names its source').toMatch(/^the service public .+, .+/);
    expect(Array.isArray(e.neutralised), 'lists what was neutralised').toBe(true);
    expect(Boolean(e.request) !== Boolean(e.status), 'either a request or a response status').toBe(true);
    const text = JSON.stringify(e.body);
    expect(text, 'no hosts').not.toMatch(/[a-z]+:\/\//i);
    expect(
      strings(e.body).filter((s) => isPublicKey(s) && !known.has(s)),
      'only example-world addresses',
    ).toEqual([]);
    if (e.date !== undefined) expect(e.date, 'date is YYYY-MM-DD').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (e.historical) expect(e.expect, 'a historical shape is expected to be rejected').toBe('rejected');
    const errors = validate(schemaFor(e), e.body);
    if (expectation(e) === 'accepted') expect(errors).toEqual([]);
    else expect(errors.length).toBeGreaterThan(0);
  });

  it('keeps historical shapes, to prove what we chose not to accept, and the gateway answers of every status', () => {
    expect(corpus.filter((e) => e.historical).length).toBeGreaterThanOrEqual(2);
    const body = (e: CorpusEntry) => (typeof e.body === 'object' && e.body !== null ? (e.body as Record<string, unknown>) : {});
    const gateway = corpus.filter((e) => typeof body(e).code === 'number' && typeof body(e).message === 'string');
    expect(new Set(gateway.map((e) => e.status))).toEqual(new Set(['401', '403', '429']));
  });
});
