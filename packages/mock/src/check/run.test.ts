import { beforeAll, describe, expect, it } from 'vitest';
import { createPriceOrder, createTestWallet, login, makeSimulator } from '../simulator/test-support/harness.js';
import type { Simulator } from '../simulator/index.js';
import { listen } from '../node/index.js';
import { isReadOnly, planCalls, type PlannedCall } from './plan.js';
import { exitCodeOf, runCheck, type CheckOptions, type CheckReport } from './run.js';
import { loadCheckSpec, type CheckSpec, type JsonSchema } from './spec-source.js';
import { pathOf, startDriftProxy, type Drift } from './test-support/drift-proxy.js';
import { REFUSING_URL, type ScriptedServer } from './test-support/scripted-server.js';

const spec = loadCheckSpec();
const readOnly = spec.operations.filter(isReadOnly);
let sim: Simulator;
let token: string;

// A wallet with a vault and a price order, so the bearer-token reads answer records, not 404s or empty lists.
beforeAll(async () => {
  sim = makeSimulator({ now: Date.now() });
  const wallet = await createTestWallet();
  token = await login(sim, wallet);
  const created = await createPriceOrder(sim, wallet, token);
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
});

const quick: Partial<CheckOptions> = { delayMs: 0, timeoutMs: 5_000 };

async function checkThrough(
  drift: Drift | undefined,
  options: Partial<CheckOptions> = {},
): Promise<{ report: CheckReport; proxy: ScriptedServer }> {
  const proxy = await startDriftProxy(sim, drift);
  try {
    const report = await runCheck({ baseUrl: proxy.url, apiKey: 'check-key', ...quick, ...options });
    return { report, proxy };
  } finally {
    await proxy.close();
  }
}

const resultOf = (report: CheckReport, operationId: string) => report.operations.find((o) => o.operationId === operationId)!;

describe('x-mock check against the simulator', () => {
  it('finds no drift, calls only read-only GETs (never the vault register), one request each, and exits 0', async () => {
    const running = await listen(sim, { port: 0, host: '127.0.0.1' });
    const sent: Array<{ method: string; url: string }> = [];
    try {
      const report = await runCheck({
        baseUrl: running.url,
        apiKey: 'check-key',
        bearerToken: token,
        ...quick,
        fetch: (input, init) => {
          sent.push({ method: init?.method ?? 'GET', url: String(input) });
          return fetch(input, init);
        },
      });
      expect(report.summary).toEqual({ ok: readOnly.length, additive: 0, breaking: 0, unreachable: 0 });
      expect(exitCodeOf(report)).toBe(0);
      // The bearer-token reads reached their success answers (the vault, an order history with the order).
      const withBearer = readOnly.filter((o) => o.securitySchemes.some((s) => spec.securitySchemes[s]?.scheme === 'bearer'));
      for (const op of withBearer) expect(resultOf(report, op.operationId).status).toBe(200);
      expect(report.operations.map((o) => o.operationId)).toEqual(readOnly.map((o) => o.operationId));
      expect(new Set(sent.map((s) => s.method))).toEqual(new Set(['GET']));
      const registerPath = spec.operations.find((o) => o.raw['x-side-effects'] === true)!.path;
      expect(sent.filter((s) => new URL(s.url).pathname === registerPath)).toEqual([]);
      expect(report.excluded.map((e) => e.operationId)).toContain(spec.operations.find((o) => o.path === registerPath)!.operationId);
      // One request per operation, plus one fuller request where the required parameters alone were refused.
      const fuller = report.operations.filter((o) => o.note?.includes('answered 400')).length;
      expect(sent).toHaveLength(readOnly.length + fuller);
      expect(report.requests).toBe(sent.length);
    } finally {
      await running.close();
    }
  });

  it('without a bearer token reports the operations that need one unreachable and does not call them', async () => {
    const { report, proxy } = await checkThrough(undefined);
    const needBearer = readOnly.filter((o) => o.securitySchemes.some((s) => spec.securitySchemes[s]?.scheme === 'bearer'));
    expect(needBearer.length).toBeGreaterThan(0);
    for (const op of needBearer)
      expect(resultOf(report, op.operationId)).toMatchObject({
        result: 'unreachable',
        requests: 0,
        note: expect.stringContaining('--bearer-token'),
      });
    expect(report.summary).toMatchObject({ ok: readOnly.length - needBearer.length, breaking: 0, additive: 0 });
    expect(proxy.received.every((r) => r.method === 'GET' && !needBearer.some((o) => pathOf(r) === o.path))).toBe(true);
    expect(proxy.received.some((r) => 'authorization' in r.headers)).toBe(false);
  });
});

describe("x-mock check and the gateway's refusals", () => {
  it("a key the gateway refuses (401) or limits to other areas (403): unreachable, the note names the key and the gateway's message", async () => {
    const gated = makeSimulator({ apiKeys: ['good', 'lender'], keyAreas: { lender: ['lend'] } });
    const running = await listen(gated, { port: 0, host: '127.0.0.1' });
    try {
      const refused = await runCheck({ baseUrl: running.url, apiKey: 'wrong', ...quick });
      expect(refused.summary).toEqual({ ok: 0, additive: 0, breaking: 0, unreachable: readOnly.length });
      const swap = resultOf(refused, 'swapGetOrder');
      expect(swap).toMatchObject({ result: 'unreachable', status: 401 });
      expect(swap.note).toBe('the gateway refused the API key (401 Unauthorized): check --api-key');

      const limited = await runCheck({ baseUrl: running.url, apiKey: 'lender', ...quick });
      const lend = readOnly.filter((o) => o.path.startsWith('/lend/'));
      expect(limited.summary).toEqual({ ok: lend.length, additive: 0, breaking: 0, unreachable: readOnly.length - lend.length });
      expect(resultOf(limited, 'predictionGetTradingStatus').note).toBe(
        'the gateway refused the API key (403 API key does not have access to this endpoint): check --api-key and its areas',
      );
    } finally {
      await running.close();
    }
  });
});

// ---- drift targets, found from the spec and the simulator's own answers ----

interface Sample {
  call: PlannedCall;
  path: string;
  body: Record<string, unknown>;
  schema: JsonSchema;
}

function deref(node: unknown): JsonSchema {
  return spec.deref((node ?? {}) as JsonSchema);
}

async function samples(): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const call of planCalls(spec, [], { apiKey: 'k', bearerToken: token }).calls) {
    for (const request of [call.request, call.fuller]) {
      if (!request) continue;
      const answer = await sim.fetch(new Request(`http://localhost${request.target}`, { headers: request.headers }));
      const body = (await answer.json()) as unknown;
      if (answer.status === 400) continue;
      const schema = call.operation.responses[String(answer.status)]?.content?.['application/json']?.schema;
      if (answer.status === 200 && schema && body && typeof body === 'object' && !Array.isArray(body) && deref(schema).properties) {
        out.push({ call, path: request.target.split('?')[0]!, body: body as Record<string, unknown>, schema: deref(schema) });
      }
      break;
    }
  }
  return out;
}

/** The first top-level field of a 200 answer whose schema and value satisfy `test`. */
function field(all: Sample[], test: (prop: JsonSchema, value: unknown, required: boolean) => boolean): { sample: Sample; name: string } {
  for (const sample of all) {
    const required = new Set((sample.schema.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(sample.schema.properties as Record<string, JsonSchema>)) {
      if (name in sample.body && test(deref(prop), sample.body[name], required.has(name))) return { sample, name };
    }
  }
  throw new Error('no answer of the simulator has such a field');
}

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const onlyType = (prop: JsonSchema, ...types: string[]) => typeof prop.type === 'string' && types.includes(prop.type);

/** A drift applied to the answers of one path only. */
const at =
  (path: string, change: (body: Record<string, unknown>) => Record<string, unknown>): Drift =>
  (answer, request) =>
    pathOf(request) === path ? { ...answer, body: change(structuredClone(answer.body) as Record<string, unknown>) } : answer;

/** Pointer of the first open enum (contract 1) met in a value, walking the schema with it. */
function openEnumIn(check: CheckSpec, schema: unknown, value: unknown, pointer = ''): string | undefined {
  const s = check.deref((schema ?? {}) as JsonSchema);
  if (
    Array.isArray(s.anyOf) &&
    s.anyOf.some((b) => check.deref(b as JsonSchema)['x-unknown-enum-value'] === true) &&
    typeof value === 'string'
  )
    return pointer;
  if (Array.isArray(value) && value.length > 0) return openEnumIn(check, s.items, value[0], `${pointer}/0`);
  if (value && typeof value === 'object' && s.properties) {
    for (const [name, prop] of Object.entries(s.properties as Record<string, unknown>)) {
      const found = name in value ? openEnumIn(check, prop, (value as Record<string, unknown>)[name], `${pointer}/${name}`) : undefined;
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The first open enum (contract 1) met in one of the simulator's answers. */
function openEnum(all: Sample[]): { sample: Sample; pointer: string } {
  for (const sample of all) {
    const pointer = openEnumIn(spec, sample.schema, sample.body);
    if (pointer !== undefined) return { sample, pointer };
  }
  throw new Error('no answer of the simulator holds an open enum');
}

function setAt(body: Record<string, unknown>, pointer: string, value: unknown): Record<string, unknown> {
  const keys = pointer.split('/').slice(1);
  let node = body;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return body;
}

describe('x-mock check against a server made to drift', () => {
  let all: Sample[];
  beforeAll(async () => {
    all = await samples();
  });

  it('a renamed required field: breaking (missing) and additive (new field)', async () => {
    const { sample, name } = field(all, (_prop, value, required) => required && isScalar(value));
    const { report } = await checkThrough(
      at(sample.path, ({ [name]: value, ...rest }) => ({ ...rest, [`${name}Renamed`]: value })),
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'breaking',
      issues: [
        { kind: 'breaking', location: 'body', pointer: `/${name}`, message: 'missing required field' },
        { kind: 'additive', location: 'body', pointer: `/${name}Renamed`, message: 'unknown field' },
      ],
    });
    expect(report.summary).toMatchObject({ breaking: 1, additive: 0, ok: readOnly.length - 1 });
    expect(exitCodeOf(report)).toBe(1);
  });

  it('a changed type: breaking, with the expected type', async () => {
    const { sample, name } = field(all, (prop, value) => onlyType(prop, 'string', 'number', 'integer', 'boolean') && isScalar(value));
    const wrong = typeof sample.body[name] === 'string' ? 12345 : 'text';
    const { report } = await checkThrough(
      at(sample.path, (body) => ({ ...body, [name]: wrong })),
      { bearerToken: token },
    );
    const result = resultOf(report, sample.call.operation.operationId);
    expect(result.result).toBe('breaking');
    expect(result.issues).toEqual([
      expect.objectContaining({
        kind: 'breaking',
        pointer: `/${name}`,
        message: `expected ${String(deref((sample.schema.properties as Record<string, JsonSchema>)[name]).type)}, got ${typeof wrong === 'number' ? 'integer' : 'string'}`,
      }),
    ]);
    expect(exitCodeOf(report)).toBe(1);
  });

  it('null where a number was: breaking when the spec does not allow null', async () => {
    const { sample, name } = field(all, (prop, value) => onlyType(prop, 'number', 'integer') && typeof value === 'number');
    const { report } = await checkThrough(
      at(sample.path, (body) => ({ ...body, [name]: null })),
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'breaking',
      issues: [{ kind: 'breaking', pointer: `/${name}`, message: expect.stringMatching(/^null where the spec does not allow it/) }],
    });
  });

  it('a new field: additive, with its path and value, and exit code 0', async () => {
    const sample = all[0]!;
    const { report } = await checkThrough(
      at(sample.path, (body) => ({ ...body, addedTomorrow: { level: 2 } })),
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'additive',
      issues: [{ kind: 'additive', location: 'body', pointer: '/addedTomorrow', message: 'unknown field', value: '{"level":2}' }],
    });
    expect(report.summary).toMatchObject({ additive: 1, breaking: 0, ok: readOnly.length - 1 });
    expect(exitCodeOf(report)).toBe(0);
  });

  it('a new enum value: additive, with its path and the value', async () => {
    const { sample, pointer } = openEnum(all);
    const { report } = await checkThrough(
      at(sample.path, (body) => setAt(body, pointer, 'ValueAddedTomorrow')),
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'additive',
      issues: [{ kind: 'additive', pointer, message: expect.stringMatching(/^unknown enum value "ValueAddedTomorrow" \(known: /) }],
    });
    expect(exitCodeOf(report)).toBe(0);
  });

  it('a 500: breaking', async () => {
    const sample = all[0]!;
    const { report } = await checkThrough(
      (answer, request) => (pathOf(request) === sample.path ? { status: 500, headers: {}, body: { error: 'Internal error' } } : answer),
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'breaking',
      status: 500,
      issues: [{ kind: 'breaking', location: 'status', message: 'server error 500' }],
    });
    expect(exitCodeOf(report)).toBe(1);
  });

  it('a wrong rate-limit header: breaking, named by the header', async () => {
    const sample = all[0]!;
    const { report } = await checkThrough(
      (answer, request) =>
        pathOf(request) === sample.path ? { ...answer, headers: { ...answer.headers, 'x-ratelimit-remaining': 'lots' } } : answer,
      { bearerToken: token },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({
      result: 'breaking',
      issues: [{ kind: 'breaking', location: 'header', pointer: 'x-ratelimit-remaining', message: 'expected integer, got "lots"' }],
    });
  });

  it('a refused connection: every operation unreachable, one request each, exit code 0', async () => {
    const report = await runCheck({ baseUrl: REFUSING_URL, apiKey: 'k', bearerToken: token, ...quick });
    expect(report.summary).toEqual({ ok: 0, additive: 0, breaking: 0, unreachable: readOnly.length });
    expect(report.operations.every((o) => o.note === 'connection refused')).toBe(true);
    expect(report.requests).toBe(readOnly.length);
    expect(exitCodeOf(report)).toBe(0);
  });

  it('a 429 with Retry-After: waits as asked, retries, and checks the answer', async () => {
    const sample = all[0]!;
    let limited = 0;
    const sleeps: number[] = [];
    let clock = Date.now();
    const { report, proxy } = await checkThrough(
      (answer, request) => {
        if (pathOf(request) !== sample.path || limited++ > 0) return answer;
        return { status: 429, headers: { 'retry-after': '3' }, body: { code: 429, message: 'Rate limit exceeded' } };
      },
      // A fake clock that only sleeps move, so the wait is exactly what was asked.
      {
        bearerToken: token,
        now: () => clock,
        sleep: async (ms) => {
          sleeps.push(ms);
          clock += ms;
        },
      },
    );
    expect(resultOf(report, sample.call.operation.operationId)).toMatchObject({ result: 'ok', status: 200, requests: 2 });
    expect(sleeps).toContain(3_000);
    expect(proxy.received.filter((r) => pathOf(r) === sample.path)).toHaveLength(2);
  });
});
