import { describe, expect, it } from 'vitest';
import { FlowError } from '../errors.js';
import { backoffDelay, createRuntime, defaultSleep } from './runtime.js';

describe('backoffDelay', () => {
  it('doubles from initialDelayMs up to maxDelayMs', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([1, 2, 3].map((n) => backoffDelay(n, { initialDelayMs: 100, factor: 3, maxDelayMs: 500 }))).toEqual([100, 300, 500]);
  });
});

describe('defaultSleep', () => {
  it('returns as soon as the signal aborts (a ten-minute sleep does not hold the test)', async () => {
    const controller = new AbortController();
    const slept = defaultSleep(600_000, controller.signal);
    controller.abort();
    await expect(slept).resolves.toBeUndefined();
  });

  it('returns at once for an already aborted signal', async () => {
    await expect(defaultSleep(600_000, AbortSignal.abort())).resolves.toBeUndefined();
  });
});

describe('createRuntime', () => {
  it('wait() throws ABORTED when the signal aborted during the wait, with the reason as cause', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const runtime = createRuntime({ signal: controller.signal, sleep: async () => controller.abort(reason) });
    const error = await runtime.wait(10, 'cancel').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowError);
    expect(error).toMatchObject({ code: 'ABORTED', details: { step: 'cancel' }, cause: reason });
  });

  it('wait() passes the delay and the signal to the injected sleep', async () => {
    const seen: unknown[] = [];
    const controller = new AbortController();
    const runtime = createRuntime({ signal: controller.signal, sleep: async (ms, signal) => void seen.push(ms, signal) });
    await runtime.wait(1_234, 'x');
    expect(seen).toEqual([1_234, controller.signal]);
  });
});
