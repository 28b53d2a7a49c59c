// The contract suite: one case per operation, run against Prism 5 in mock mode and against the
// simulator (reached through `prism proxy --errors`, which validates every request and answer
// against the spec). Each answer must have the expected status and a body that validates against
// the bundled spec (ajv), and the proxy must report no violation.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '@x/openapi/reader';
import { exampleCall, expectedStatus, operationIds, predictionIds, simulatorCall } from './cases.js';
import { Flow } from './support/flows.js';
import { send, type HttpAnswer, type HttpCall } from './support/http.js';
import { startBehindProxy, type SimulatorBehindProxy } from './support/behind-proxy.js';
import { loadCreateSimulator, type RunningSimulator } from './support/simulator.js';
import { responseViolations } from './support/spec-validator.js';

function violations(operationId: string, answer: HttpAnswer): string[] {
  const found = responseViolations(operationId, answer);
  const prism = answer.headers.get('sl-violations');
  if (prism && prism !== '[]') found.push(`prism: ${prism}`);
  return found;
}

function withoutApiKey(call: HttpCall): HttpCall {
  const headers = { ...(call.headers ?? {}) };
  delete headers['x-api-key'];
  return { ...call, headers };
}

describe('contract: prism mock', () => {
  const baseUrl = inject('prismMockUrl');
  const headers = { 'x-api-key': 'contract-key' };

  it('covers every operation of the bundle', () => {
    expect([...operationIds].sort()).toEqual(
      operations()
        .map((o) => o.operationId)
        .sort(),
    );
  });

  it.each(operationIds)('%s answers its documented 2xx, valid against the spec', async (operationId) => {
    const answer = await send(baseUrl, exampleCall(operationId, headers));
    expect(answer.status, answer.text.slice(0, 300)).toBe(expectedStatus(operationId));
    expect(violations(operationId, answer)).toEqual([]);
  });

  it.each(operationIds)('%s answers 401 without x-api-key', async (operationId) => {
    const answer = await send(baseUrl, withoutApiKey(exampleCall(operationId, headers)));
    expect(answer.status).toBe(401);
  });
});

const createSimulator = await loadCreateSimulator();

describe.runIf(createSimulator !== undefined)('contract: simulator through prism proxy --errors', () => {
  let behind: SimulatorBehindProxy | undefined;
  let proxyUrl: string;
  let running: RunningSimulator;
  let flow: Flow;
  let ids: ReturnType<typeof predictionIds> | undefined;
  // Every answer of every step (preparation included) is checked, not only the case's own call.
  const stepViolations: string[] = [];

  beforeAll(async () => {
    behind = await startBehindProxy({ seed: 1 });
    running = behind.simulator;
    proxyUrl = behind.proxy.url;
    flow = await Flow.create({
      baseUrl: proxyUrl,
      apiKey: 'contract-key',
      advanceTime: (ms) => running.advanceTime(ms),
      now: () => running.now(),
      observe: (operationId, call, answer) => {
        for (const v of violations(operationId, answer)) stepViolations.push(`${operationId} ${call.method} ${call.path}: ${v}`);
      },
    });
    // (a hang guard: it starts Prism, many times slower on a loaded machine)
  }, 180_000);
  afterAll(async () => {
    await behind?.close();
  });

  const newFlow = (): Promise<Flow> => Flow.create(flow.options);
  const predictionIdsOnce = (): ReturnType<typeof predictionIds> => (ids ??= predictionIds(flow));

  it.each(operationIds)('%s answers its documented 2xx, valid against the spec', async (operationId) => {
    stepViolations.length = 0;
    const call = await simulatorCall(operationId, flow, predictionIdsOnce, newFlow);
    const answer = await send(proxyUrl, call);
    expect(answer.status, answer.text.slice(0, 400)).toBe(expectedStatus(operationId));
    expect(violations(operationId, answer)).toEqual([]);
    expect(stepViolations).toEqual([]);
  });

  it.each(operationIds)('%s answers 401 without x-api-key, in its documented shape', async (operationId) => {
    // Straight to the simulator: the proxy would answer this 401 itself.
    const call = withoutApiKey(exampleCall(operationId, { 'x-api-key': 'contract-key' }));
    const answer = await send(running.url, call);
    expect(answer.status).toBe(401);
    expect(responseViolations(operationId, answer)).toEqual([]);
  });

  it('answers 400 to a cancel before the order is ready, then the withdrawal', async () => {
    const order = await flow.createOrder();
    const first = await send(proxyUrl, flow.cancelCall(order.id));
    expect(first.status).toBe(400);
    expect(violations('triggerV2CancelPriceOrder', first)).toEqual([]);
    await running.advanceTime(10_000);
    const second = await send(proxyUrl, flow.cancelCall(order.id));
    expect(second.status).toBe(200);
  });
});
