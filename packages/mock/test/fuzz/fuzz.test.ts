// Fuzz: thousands of malformed requests over every operation, against one simulator served over
// node:http, while slow clients (heads and bodies trickling in) hold connections open. Bounded in
// count (FUZZ_COUNT: 20000 under CI, 3000 otherwise) and time (FUZZ_SECONDS: 240 for a long run, 90 otherwise), seeded
// (FUZZ_SEED) so a failure replays. Expectations: the server never crashes, never answers 5xx to a
// client mistake, and every answer has the documented shape (errors in their area's shape, the
// slow clients' 408s included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestExamples } from '../../src/gen/request-examples.gen.js';
import { Flow } from '../contract/support/flows.js';
import { send, type HttpAnswer } from '../contract/support/http.js';
import { loadCreateSimulator, startSimulator, type RunningSimulator } from '../contract/support/simulator.js';
import { specOperations } from '../contract/support/spec-validator.js';
import { answerShapeViolations } from './area-shape.js';
import { mutate, mutationNames, operationShape, type BaseRequest, type FuzzCase } from './mutations.js';
import { createPrng } from './prng.js';
import { rawClient } from '../../src/server/test-support/raw-client.js';

const COUNT = Number(process.env.FUZZ_COUNT ?? (process.env.CI ? 20_000 : 3_000));
/** Slow clients (half slow heads, half slow bodies) started with the run. */
const SLOW_CLIENTS = Number(process.env.FUZZ_SLOW_CLIENTS ?? 16);
/** Short server limits, so that slow clients are answered within the run, yet long enough that an ordinary
 * request is never cut off on a busy 2-core machine (at 800 ms heads timed out under load). */
const LIMITS = { headersTimeoutMs: 2_000, requestTimeoutMs: 5_000, idleTimeoutMs: 1_500 };
const SECONDS = Number(process.env.FUZZ_SECONDS ?? (COUNT > 3_000 ? 240 : 90));
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const PARALLEL = Number(process.env.FUZZ_PARALLEL ?? 32);
/** Mutation kinds left out (comma-separated), to triage one class of failures at a time. */
const SKIP = new Set((process.env.FUZZ_SKIP ?? '').split(',').filter(Boolean));
const KINDS = mutationNames.filter((name) => !SKIP.has(name));
/** Mutations that always break the request: the answer must be a 4xx. */
const ALWAYS_INVALID = new Set([
  'missingRequiredQuery',
  'badJsonBody',
  'wrongBodyKind',
  'missingRequiredField',
  'missingApiKey',
  'badBearer',
  'missingBody',
  'wrongMethod',
  'oversizedBody',
]);

const createSimulator = await loadCreateSimulator();

describe.runIf(createSimulator !== undefined)('fuzz: malformed requests against the simulator', () => {
  let running: RunningSimulator;
  let headers: Record<string, string>;

  beforeAll(async () => {
    running = await startSimulator({ seed: SEED, limits: LIMITS });
    const flow = await Flow.create({ baseUrl: running.url, apiKey: 'fuzz-key', now: () => running.now() });
    await flow.ensureVault();
    headers = flow.headers(true);
  });
  afterAll(async () => {
    await running?.close();
  });

  it(
    `sends up to ${COUNT} malformed requests (seed ${SEED}): no 5xx, every answer in its documented or area shape`,
    async () => {
      const prng = createPrng(SEED);
      const shapes = specOperations.map(operationShape);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const perOperation = new Map<string, number>();
      const started = Date.now();
      const deadline = started + SECONDS * 1000;
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

      // Slow clients hold connections while the run goes on; each must get its 408 in its area's shape.
      const port = Number(new URL(running.url).port);
      const slow = Array.from({ length: SLOW_CLIENTS }, (_, i) => {
        const shape = prng.pick(shapes);
        const example = requestExamples[shape.op.operationId as keyof typeof requestExamples];
        const path = shape.op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(String((example.pathParams as Record<string, unknown>)[name] ?? 'x')),
        );
        const kind = i % 2 === 0 ? 'slow head' : 'slow body';
        const head =
          kind === 'slow head'
            ? `${shape.op.method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`
            : `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: fuzz-key\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`;
        const trickle =
          kind === 'slow head'
            ? { chunk: 'x-slow: 1\r\n', everyMs: 150, totalBytes: 4_000 }
            : { chunk: ' ', everyMs: 150, totalBytes: 100_000 };
        return rawClient(port, head, { ...trickle, maxMs: 15_000 }).then(
          (answer) => ({ operationId: shape.op.operationId, kind, answer }),
          (error: Error) => ({ operationId: shape.op.operationId, kind, error }),
        );
      });

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

      for (const result of await Promise.all(slow)) {
        const label = `${result.operationId} [${result.kind}]`;
        if ('error' in result) {
          failures.push(`${label}: no answer (${result.error.message})`);
          continue;
        }
        const { answer } = result;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        // A slow POST to a GET operation's path is refused (405) before its body: also an error in the area's shape.
        if (answer.status !== 408 && answer.status !== 405) failures.push(`${label}: expected 408, got ${answer.status}`);
        for (const v of answerShapeViolations(result.operationId, answer)) failures.push(`${label}: ${answer.status} ${v}`);
      }

      // Still alive and well after the run.
      const health = await send(running.url, {
        method: 'GET',
        path: '/prediction/v1/trading-status',
        headers: { 'x-api-key': 'fuzz-key' },
      });
      expect(health.status).toBe(200);
      console.info(
        `fuzz: ${sent} requests and ${SLOW_CLIENTS} slow clients in ${Date.now() - started} ms, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      expect(sent).toBeGreaterThanOrEqual(Math.min(COUNT, 500));
      expect(perOperation.size).toBe(specOperations.length);
      expect(failures.length, failures.slice(0, 25).join('\n')).toBe(0);
    },
    (SECONDS + 30) * 1000,
  );
});
