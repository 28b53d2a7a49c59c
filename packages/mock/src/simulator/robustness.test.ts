// Malformed values deep inside authenticated requests (valid API key and bearer token): never a 5xx.
import { describe, expect, it } from 'vitest';
import { createRandom } from './random.js';
import { deref } from './spec.js';
import { bundledSpec } from './spec.js';
import { call, createTestWallet, login, makeSimulator, NATIVE, specOperations, TAKER } from './test-support/harness.js';

const TRICKY: unknown[] = [
  '',
  'z'.repeat(44),
  '1'.repeat(32),
  TAKER,
  NATIVE,
  '-1',
  '0',
  '18446744073709551616',
  '99999999999999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  '\u0000',
  '😀'.repeat(10),
  'AAAA',
  `AQ${'A'.repeat(200)}`,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  true,
  null,
  [],
  {},
  { nested: { deep: [1, 2, 3] } },
];

describe('robustness', () => {
  it('answers every operation without a 5xx for tricky values in parameters and bodies', async () => {
    const sim = makeSimulator({ onUnexpectedError: () => {} });
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    await call(sim, 'GET', '/trigger/v2/vault/register', { token });
    const rnd = createRandom(20260101);
    const failures: string[] = [];
    let sent = 0;
    for (const op of specOperations) {
      const bodySchema = op.operation.requestBody
        ? deref(bundledSpec, op.operation.requestBody).content?.['application/json']?.schema
        : undefined;
      const bodyProps = Object.keys((bodySchema ? deref(bundledSpec, bodySchema) : {}).properties ?? {});
      for (let i = 0; i < 30; i++) {
        const query: Record<string, string> = {};
        let path = op.path;
        for (const p of op.parameters) {
          if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(rnd.pick(TRICKY)) || 'x'));
          else if (p.in === 'query' && rnd.next() < 0.6) query[p.name] = String(rnd.pick(TRICKY));
        }
        const body: Record<string, unknown> = {};
        for (const prop of bodyProps) if (rnd.next() < 0.8) body[prop] = rnd.pick(TRICKY);
        const res = await call(sim, op.method, path, { query, token, unchecked: true, ...(bodySchema ? { body } : {}) });
        sent++;
        if (res.status >= 500)
          failures.push(
            `${op.operationId} ${res.status} ${JSON.stringify(res.body)} ${JSON.stringify({ path, query, body }).slice(0, 300)}`,
          );
      }
    }
    expect(sent).toBe(specOperations.length * 30);
    expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
  });

  it('survives one tricky value at a time in the spec example of every operation', async () => {
    const sim = makeSimulator({ onUnexpectedError: () => {} });
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    await call(sim, 'GET', '/trigger/v2/vault/register', { token });
    const failures: string[] = [];
    let sent = 0;
    for (const op of specOperations) {
      const media = op.operation.requestBody ? deref(bundledSpec, op.operation.requestBody).content?.['application/json'] : undefined;
      const example = (Object.values(media?.examples ?? {})[0]?.value ?? {}) as Record<string, unknown>;
      const params = op.parameters.map((p) => [p, String((p as { example?: unknown }).example ?? (p.in === 'path' ? 'x' : ''))] as const);
      const variants: Array<{ query: Record<string, string>; path: string; body?: Record<string, unknown> }> = [];
      const baseQuery = Object.fromEntries(params.filter(([p, v]) => p.in === 'query' && v !== '').map(([p, v]) => [p.name, v]));
      const basePath = params.reduce(
        (path, [p, v]) => (p.in === 'path' ? path.replace(`{${p.name}}`, encodeURIComponent(v)) : path),
        op.path,
      );
      for (const value of TRICKY) {
        for (const [p] of params) {
          if (p.in === 'query')
            variants.push({ query: { ...baseQuery, [p.name]: String(value) }, path: basePath, ...(media ? { body: example } : {}) });
        }
        for (const key of Object.keys(example)) variants.push({ query: baseQuery, path: basePath, body: { ...example, [key]: value } });
      }
      for (const v of variants) {
        const res = await call(sim, op.method, v.path, { query: v.query, token, unchecked: true, ...(v.body ? { body: v.body } : {}) });
        sent++;
        if (res.status >= 500)
          failures.push(`${op.operationId} ${res.status} ${JSON.stringify(res.body)} ${JSON.stringify(v).slice(0, 300)}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
  });
});
