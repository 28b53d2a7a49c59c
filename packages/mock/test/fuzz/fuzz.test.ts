// Fuzz: thousands of malformed requests over every operation, against one simulator. Bounded in
// count (FUZZ_COUNT, default 3000) and time (FUZZ_SECONDS, default 90), seeded (FUZZ_SEED) so a
// failure replays. Expectations: the server never crashes, never answers 5xx to a client mistake,
// and every answer has the documented shape (errors in their area's shape).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestExamples } from '../../src/gen/request-examples.gen.js';
import { Flow } from '../contract/support/flows.js';
import { send, type HttpAnswer } from '../contract/support/http.js';
import { loadCreateSimulator, startSimulator, type RunningSimulator } from '../contract/support/simulator.js';
import { specOperations } from '../contract/support/spec-validator.js';
import { answerShapeViolations } from './area-shape.js';
import { mutate, mutationNames, operationShape, type BaseRequest, type FuzzCase } from './mutations.js';
import { createPrng } from './prng.js';

const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 90);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const PARALLEL = 16;
/** Mutation kinds left out (comma-separated), to triage one class of failures at a time. */
const SKIP = new Set((process.env.FUZZ_SKIP ?? '').split(',').filter(Boolean));
const KINDS = mutationNames.filter((name) => !SKIP.has(name));
/** Mutations that always break the request: the answer must be a 4xx. */
const ALWAYS_INVALID = new Set(['missingRequiredQuery', 'badJsonBody', 'wrongBodyKind', 'missingRequiredField', 'missingApiKey', 'badBearer', 'missingBody', 'wrongMethod']);

const createSimulator = await loadCreateSimulator();

describe.runIf(createSimulator !== undefined)('fuzz: malformed requests against the simulator', () => {
  let running: RunningSimulator;
  let headers: Record<string, string>;

  beforeAll(async () => {
    running = await startSimulator({ seed: SEED });
    const flow = await Flow.create({ baseUrl: running.url, apiKey: 'fuzz-key', now: () => running.now() });
    await flow.ensureVault();
    headers = flow.headers(true);
  });
  afterAll(async () => {
    await running?.close();
  });

  it(`sends up to ${COUNT} malformed requests (seed ${SEED}): no 5xx, every answer in its documented or area shape`, async () => {
    const prng = createPrng(SEED);
    const shapes = specOperations.map(operationShape);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, number>();
    const deadline = Date.now() + SECONDS * 1000;
    let sent = 0;

    const nextCase = (): FuzzCase => {
      for (;;) {
        const shape = prng.pick(shapes);
        const example = requestExamples[shape.op.operationId as keyof typeof requestExamples];
        const base: BaseRequest = {
          pathParams: { ...example.pathParams },
          query: { ...example.query },
          ...('body' in example ? { body: example.body } : {}),
        };
        const made = mutate(prng.pick(KINDS), shape, base, headers, prng);
        if (made) return made;
      }
    };

    while (sent < COUNT && Date.now() < deadline) {
      const batch = Array.from({ length: Math.min(PARALLEL, COUNT - sent) }, nextCase);
      sent += batch.length;
      await Promise.all(
        batch.map(async (fuzz) => {
          const label = `${fuzz.operationId} [${fuzz.mutation}]`;
          perOperation.set(fuzz.operationId, (perOperation.get(fuzz.operationId) ?? 0) + 1);
          let answer: HttpAnswer;
          try {
            answer = await send(running.url, fuzz.call, 15_000);
          } catch (error) {
            failures.push(`${label}: no answer (${(error as Error).message})`);
            return;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
          if (ALWAYS_INVALID.has(fuzz.kind ?? '') && (answer.status < 400 || answer.status >= 500)) {
            failures.push(`${label}: expected a 4xx, got ${answer.status}`);
          }
          for (const v of answerShapeViolations(fuzz.operationId, answer)) failures.push(`${label}: ${answer.status} ${v}`);
        }),
      );
    }

    // Still alive and well after the run.
    const health = await send(running.url, { method: 'GET', path: '/prediction/v1/trading-status', headers: { 'x-api-key': 'fuzz-key' } });
    expect(health.status).toBe(200);
    console.info(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(sent).toBeGreaterThanOrEqual(Math.min(COUNT, 500));
    expect(perOperation.size).toBe(specOperations.length);
    expect(failures.length, failures.slice(0, 25).join('\n')).toBe(0);
  });
});
