// The waiters' loop with a fake client and clock: a poll that fails the way the client retries
// (5xx, 429, a lost connection, a time-out) does not end the wait; any other error does.
import { describe, expect, it } from 'vitest';
import { BadRequestError, ConnectionError, InternalServerError, RateLimitError } from '../errors.js';
import { type WaiterRule, WaitTimeoutError, waitFor } from './wait.js';

const rule: WaiterRule = { operationId: 'swapExecute', state: ['code'], pending: [-1001] };
const init = (status: number, retryAfterMs?: number) => ({
  operation: 'POST /swap/v2/execute',
  status,
  body: { error: 'busy' },
  headers: new Headers(),
  rateLimit: {},
  retryAfterMs,
});

/** A client whose `swapExecute` answers each poll from `script` (an error is thrown); a clock that each pause moves. */
function harness(script: Array<object | Error>) {
  let time = 0;
  const pauses: number[] = [];
  let polls = 0;
  const client = {
    swapExecute: async () => {
      const next = script[Math.min(polls++, script.length - 1)]!;
      if (next instanceof Error) throw next;
      return { data: next };
    },
  };
  const options = {
    now: () => time,
    sleep: async (ms: number) => {
      pauses.push(ms);
      time += ms;
    },
  };
  return { client, options, pauses, polls: () => polls };
}

describe('waitFor: a poll that fails in passing', () => {
  it('a 5xx between two polls: the wait goes on and ends with the final record', async () => {
    const h = harness([{ code: -1001 }, new InternalServerError(init(500)), { code: 0, signature: 's' }]);
    const record = await waitFor(h.client, rule, { body: {} }, h.options);
    expect(record).toEqual({ code: 0, signature: 's' });
    expect(h.polls()).toBe(3);
    expect(h.pauses).toEqual([1_000, 1_500]);
  });

  it('a lost connection is waited out like a 5xx', async () => {
    const h = harness([new ConnectionError('POST /swap/v2/execute failed: reset', 'POST /swap/v2/execute'), { code: 0 }]);
    expect(await waitFor(h.client, rule, { body: {} }, h.options)).toEqual({ code: 0 });
    expect(h.pauses).toEqual([1_000]);
  });

  it("a 429's Retry-After is waited out before the next poll, when longer than the pause", async () => {
    const h = harness([new RateLimitError(init(429, 5_000)), { code: -1001 }, { code: 0 }]);
    await waitFor(h.client, rule, { body: {} }, h.options);
    expect(h.pauses).toEqual([5_000, 1_500]);
  });

  it('a Retry-After reaching past the deadline ends the wait at once, the 429 as its cause', async () => {
    const limited = new RateLimitError(init(429, 30_000));
    const h = harness([{ code: -1001 }, limited]);
    const error = (await waitFor(h.client, rule, { body: {} }, { ...h.options, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.cause).toBe(limited);
    expect(error.last).toEqual({ code: -1001 });
    expect(error.attempts).toBe(2);
    expect(h.polls()).toBe(2);
    expect(h.pauses).toEqual([1_000]);
  });

  it('failing until the deadline: a WaitTimeoutError with the last record seen and the last error as its cause', async () => {
    const failed = new InternalServerError(init(503));
    const h = harness([{ code: -1001 }, failed]);
    const error = (await waitFor(h.client, rule, { body: {} }, { ...h.options, timeoutMs: 5_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.cause).toBe(failed);
    expect(error.lastState).toBe(-1001);
    expect(error.last).toEqual({ code: -1001 });
    expect(error.message).toBe(`swapExecute: no final state within 5000 ms (last: -1001; the last poll failed: ${failed.message})`);
  });

  it('a poll answered after failures clears the cause', async () => {
    const h = harness([new InternalServerError(init(500)), { code: -1001 }]);
    const error = (await waitFor(h.client, rule, { body: {} }, { ...h.options, timeoutMs: 3_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.cause).toBeUndefined();
    expect(error.message).toBe('swapExecute: no final state within 3000 ms (last: -1001)');
  });

  it('any other error of a poll ends the wait as it is', async () => {
    const refused = new BadRequestError(init(400));
    const h = harness([{ code: -1001 }, refused, { code: 0 }]);
    await expect(waitFor(h.client, rule, { body: {} }, h.options)).rejects.toBe(refused);
    expect(h.polls()).toBe(2);
  });
});
