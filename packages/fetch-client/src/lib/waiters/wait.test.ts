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

describe('waitFor: a record picked from an array (x-waiter record)', () => {
  const v2: WaiterRule = {
    operationId: 'triggerV2GetOrderHistory',
    state: ['orderState'],
    final: ['filled', 'cancelled', 'expired', 'failed'],
    record: { items: ['orders'], by: 'id', param: 'id' },
  };
  /** A history that lists every order, whatever `id` asks (as a service ignoring the parameter would). */
  const history = (script: Array<Array<{ id: string; orderState: string }>>) => {
    let polls = 0;
    let time = 0;
    return {
      client: { triggerV2GetOrderHistory: async () => ({ data: { orders: script[Math.min(polls++, script.length - 1)] } }) },
      options: {
        now: () => time,
        sleep: async (ms: number) => {
          time += ms;
        },
      },
    };
  };

  it("another order's final state does not end the wait; the asked order's does", async () => {
    const h = history([
      [
        { id: 'other', orderState: 'filled' },
        { id: 'mine', orderState: 'open' },
      ],
      [{ id: 'other', orderState: 'filled' }],
      [
        { id: 'other', orderState: 'filled' },
        { id: 'mine', orderState: 'cancelled' },
      ],
    ]);
    const seen: unknown[] = [];
    const record = await waitFor(h.client, v2, { query: { id: 'mine' } }, { ...h.options, onPoll: (r) => seen.push(r) });
    expect(record).toEqual({ id: 'mine', orderState: 'cancelled' });
    expect(seen).toEqual([{ id: 'mine', orderState: 'open' }, undefined, { id: 'mine', orderState: 'cancelled' }]);
  });

  it('the deadline passed: the last state is that of the asked order', async () => {
    const h = history([
      [
        { id: 'other', orderState: 'expired' },
        { id: 'mine', orderState: 'open' },
      ],
    ]);
    const error = (await waitFor(h.client, v2, { query: { id: 'mine' } }, { ...h.options, timeoutMs: 2_000 }).catch(
      (e: unknown) => e,
    )) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.lastState).toBe('open');
    expect(error.last).toEqual({ id: 'mine', orderState: 'open' });
  });

  it('without the parameter that names the record: a TypeError, nothing asked', async () => {
    const h = history([[{ id: 'other', orderState: 'filled' }]]);
    await expect(waitFor(h.client, v2, { query: {} }, h.options)).rejects.toThrow(
      new TypeError('waiting on triggerV2GetOrderHistory needs query.id: the record to wait for'),
    );
  });
});
