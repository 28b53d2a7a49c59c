// Hooks: before a request (adds headers, sees the operation id, never the credentials), after a
// response (status, headers, timing, parsed body, typed by operation), on error (the typed
// error), on retry; a hook that throws ends its call with a HookError, and a throwing
// beforeRequest means nothing is sent.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fakeFetch, json, rejection, sequence, swapOrderQuery } from '../../test/fake-fetch.js';
import { createClient } from '../index.js';
import { HookError, NotFoundError } from './errors.js';
import type { AfterResponse } from './types.js';

const baseUrl = 'http://127.0.0.1:9';
const KEY = 'sk-live-KEY-hooks';

describe('hooks', () => {
  it('beforeRequest sees the operation and may add headers; the key and the token are added after it', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const kept: Array<{ headers: Record<string, string> }> = [];
    const fake = fakeFetch(() => json({ vaultPubkey: 'v' }));
    const x = createClient({
      baseUrl,
      apiKey: KEY,
      fetch: fake.fetch,
      bearer: { getToken: async () => 'bearer-SECRET' },
      hooks: {
        beforeRequest(request) {
          seen.push({ ...request, headers: { ...request.headers } });
          kept.push(request);
          request.headers['x-trace'] = `trace-of-${request.operationId}`;
        },
      },
    });
    await x.triggerV2GetVault();
    expect(seen).toEqual([
      {
        operationId: 'triggerV2GetVault',
        operation: 'GET /trigger/v2/vault',
        method: 'GET',
        url: `${baseUrl}/trigger/v2/vault`,
        headers: { accept: 'application/json' },
        context: {},
      },
    ]);
    const sent = fake.requests[0]!.headers;
    expect([sent.get('x-trace'), sent.get('x-api-key'), sent.get('authorization')]).toEqual([
      'trace-of-triggerV2GetVault',
      KEY,
      'Bearer bearer-SECRET',
    ]);
    // The event a hook kept holds its own headers after the call: the credentials went into a copy.
    expect(kept[0]!.headers).toEqual({ accept: 'application/json', 'x-trace': 'trace-of-triggerV2GetVault' });
  });

  it('afterResponse gets status, headers, duration, attempt and the parsed body; a token in it is redacted', async () => {
    const events: AfterResponse[] = [];
    const fake = fakeFetch(
      sequence(
        () => json({ outAmount: '5' }, 200, { 'x-ratelimit-remaining': '7' }),
        () => json({ token: 'jwt-SECRET' }),
      ),
    );
    const x = createClient({ baseUrl, fetch: fake.fetch, hooks: { afterResponse: (event) => void events.push(event) } });
    await x.swapGetOrder({ query: swapOrderQuery });
    await x.triggerV2VerifyChallenge({ body: { type: 'message', walletPubkey: 'w', signature: 's' } as never });
    expect(events[0]).toMatchObject({ operationId: 'swapGetOrder', status: 200, attempt: 1, data: { outAmount: '5' } });
    expect(events[0]!.headers.get('x-ratelimit-remaining')).toBe('7');
    expect(events[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(events[1]!.data).toEqual({ token: '[redacted]' });
    const event = events[0]!;
    if (event.operationId === 'swapGetOrder') expectTypeOf(event.data.outAmount).toEqualTypeOf<string>();
  });

  it('onError gets the typed error, onRetry each retry, and the standalone sdk functions name their operation too', async () => {
    const errors: unknown[] = [];
    const retries: unknown[] = [];
    const fake = fakeFetch(
      sequence(
        () => json({ message: 'busy' }, 503),
        () => json({ error: 'no' }, 404),
      ),
    );
    const x = createClient({
      baseUrl,
      fetch: fake.fetch,
      retryBaseDelayMs: 1,
      hooks: { onError: (event) => void errors.push(event), onRetry: (event) => void retries.push(event) },
    });
    const error = await rejection(x.predictionGetEvent({ path: { eventId: 'e' } }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(retries).toEqual([
      expect.objectContaining({ operationId: 'predictionGetEvent', attempt: 1, reason: '503', delayMs: expect.any(Number) }),
    ]);
    expect(errors).toEqual([expect.objectContaining({ operationId: 'predictionGetEvent', error, attempt: 2 })]);
    const { predictionGetTradingStatus } = await import('../sdk.js');
    const names: string[] = [];
    x.use({ beforeRequest: (request) => void names.push(request.operationId) });
    await predictionGetTradingStatus({ client: x.transport }).catch(() => {});
    expect(names).toEqual(['predictionGetTradingStatus']);
  });

  it('a beforeRequest that throws ends the call with a HookError and nothing is sent', async () => {
    const fake = fakeFetch(() => json({}));
    const cause = new Error('no tracing today');
    const x = createClient({ baseUrl, fetch: fake.fetch, hooks: { beforeRequest: () => Promise.reject(cause) } });
    const error = await rejection<HookError>(x.predictionGetTradingStatus());
    expect(error).toBeInstanceOf(HookError);
    expect([error.hook, error.cause, error.operation]).toEqual(['beforeRequest', cause, 'GET /prediction/v1/trading-status']);
    expect(fake.requests).toHaveLength(0);
    const lenient = await x.predictionGetTradingStatus({ throwOnError: false });
    expect(lenient.error).toBeInstanceOf(HookError);
    expect(fake.requests).toHaveLength(0);
  });

  it('an afterResponse or onRetry that throws ends its call with its error; hooks added by use() run after the first ones', async () => {
    const order: string[] = [];
    const fake = fakeFetch(
      sequence(
        () => json({ message: 'busy' }, 503),
        () => json({ trading_active: true }),
      ),
    );
    const x = createClient({ baseUrl, fetch: fake.fetch, retryBaseDelayMs: 1, hooks: { afterResponse: () => void order.push('first') } });
    x.use({
      afterResponse: () => {
        order.push('second');
        throw new TypeError('broken metrics');
      },
    });
    const after = await rejection<HookError>(x.predictionGetTradingStatus());
    expect([after.hook, (after.cause as Error).message, order]).toEqual(['afterResponse', 'broken metrics', ['first', 'second']]);
    const retrying = createClient({
      baseUrl,
      fetch: fakeFetch(() => json({ message: 'busy' }, 503)).fetch,
      hooks: {
        onRetry: () => {
          throw new Error('stop');
        },
      },
    });
    expect(await rejection<HookError>(retrying.predictionGetTradingStatus())).toMatchObject({ hook: 'onRetry' });
  });

  it('a hook that returns a promise is waited for before the next hook and before the request is sent', async () => {
    const order: string[] = [];
    const fake = fakeFetch(() => {
      order.push('sent');
      return json({ trading_active: true });
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const x = createClient({
      baseUrl,
      fetch: fake.fetch,
      hooks: {
        beforeRequest: async (request) => {
          order.push('async started');
          await gate;
          request.headers['x-trace'] = 'late';
          order.push('async done');
        },
        afterResponse: () => void order.push('sync after'),
      },
    });
    x.use({ beforeRequest: () => void order.push('sync before') });
    const call = x.predictionGetTradingStatus();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['async started']);
    release();
    await call;
    expect(order).toEqual(['async started', 'async done', 'sync before', 'sent', 'sync after']);
    expect(fake.requests[0]!.headers.get('x-trace')).toBe('late');
    // A synchronous hook that throws after an asynchronous one still ends the call with a HookError.
    const failing = createClient({ baseUrl, fetch: fake.fetch, hooks: { beforeRequest: async () => {} } });
    failing.use({
      beforeRequest: () => {
        throw new Error('second one broke');
      },
    });
    const error = await rejection<HookError>(failing.predictionGetTradingStatus());
    expect([error.hook, (error.cause as Error).message]).toEqual(['beforeRequest', 'second one broke']);
    expect(fake.requests).toHaveLength(1);
  });
});
