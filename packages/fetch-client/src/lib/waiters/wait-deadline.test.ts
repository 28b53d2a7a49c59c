// The waiters' deadline bounds a poll in flight too: a service that never answers (and a client
// without a time limit of its own) ends the wait with a WaitTimeoutError, not a call that hangs.
import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.js';
import { type WaiterRule, WaitTimeoutError, waitFor } from './wait.js';

const rule: WaiterRule = { operationId: 'swapExecute', state: ['code'], pending: [-1001] };

/** A client whose poll never answers: it ends only when its signal aborts, as the real client does. */
const silent = {
  swapExecute: (options: { signal?: AbortSignal }) =>
    new Promise((_resolve, reject) => {
      options.signal?.addEventListener('abort', () =>
        reject(new AbortError('POST /swap/v2/execute was aborted', 'POST /swap/v2/execute', {}, { cause: options.signal?.reason })),
      );
    }),
};

describe('waitFor: the deadline and a poll in flight', () => {
  it('ends a poll that is still waiting for its answer at the deadline', { timeout: 30_000 }, async () => {
    const error = await waitFor(silent, rule, { body: {} }, { timeoutMs: 20, intervalMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).timeoutMs).toBe(20);
  });

  it("the caller's abort during a poll is still an AbortError", { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const waiting = waitFor(silent, rule, { body: {} }, { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 1);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
  });
});
