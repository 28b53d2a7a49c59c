// Fault injection against a real local HTTP server: every fault ends in the right typed error or
// in a successful retry, and nothing is left as an unhandled rejection.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  ResponseParseError,
  type ClientConfig,
  TimeoutError,
  createClient,
} from '../src/index.js';
import { swapOrderQuery } from './fake-fetch.js';
import { type FaultServer, answer, startFaultServer } from './fault-server.js';

const order = { transaction: null, router: 'router_onchain', requestId: 'r-1' };
let server: FaultServer;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  server = await startFaultServer();
});
afterAll(async () => {
  await server.close();
  // Give any stray promise a turn to surface before the check.
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

const client = (extra: Omit<ClientConfig, 'baseUrl' | 'throwOnError'> = {}) =>
  createClient({ baseUrl: server.url, apiKey: 'fault-key', retryBaseDelayMs: 5, ...extra });

describe('faults', () => {
  it('429 with Retry-After: waits and succeeds on the retry', async () => {
    server.script(
      answer(429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': '0', 'x-ratelimit-remaining': '0' }),
      answer(200, order, { 'x-ratelimit-remaining': '59' }),
    );
    const result = await client().swapGetOrder({ query: swapOrderQuery });
    expect(result.data).toEqual(order);
    expect(result.rateLimit.remaining).toBe(59);
    expect(server.hits).toHaveLength(2);
    expect(server.hits.every((h) => h.headers['x-api-key'] === 'fault-key')).toBe(true);
  });

  it('429 every time: a RateLimitError after maxRetries, with its rate-limit headers', async () => {
    server.script(answer(429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': '0', 'x-ratelimit-remaining': '-2' }));
    const error = await client({ maxRetries: 1 })
      .swapGetOrder({ query: swapOrderQuery })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).rateLimit.remaining).toBe(-2);
    expect(server.hits).toHaveLength(2);
  });

  it('503 then 200: succeeds on the retry', async () => {
    server.script(answer(503, { message: 'unavailable' }), answer(200, { trading_active: true }));
    expect((await client().predictionGetTradingStatus()).data).toEqual({ trading_active: true });
    expect(server.hits).toHaveLength(2);
  });

  it('503 on a POST that is not safe to repeat: an InternalServerError after one attempt', async () => {
    server.script(answer(503, { error: 'unavailable' }), answer(200, { signature: 's' }));
    await expect(client().txSubmit({ body: { signedTransaction: 'AQ==' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.hits).toHaveLength(1);
  });

  it('connection reset: retried for a GET, a ConnectionError for a plain POST', async () => {
    server.script({ kind: 'reset' }, answer(200, { trading_active: false }));
    expect((await client().predictionGetTradingStatus()).data).toEqual({ trading_active: false });

    server.script({ kind: 'reset' });
    const error = await client()
      .triggerV1CreateOrder({ body: {} as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.hits).toHaveLength(1);
  });

  it('connection reset on every attempt: a ConnectionError after the retries', async () => {
    server.script({ kind: 'reset' });
    await expect(client({ maxRetries: 2 }).predictionGetTradingStatus()).rejects.toBeInstanceOf(ConnectionError);
    expect(server.hits).toHaveLength(3);
  });

  it('slow answer past the time limit: a TimeoutError', async () => {
    server.script({ kind: 'delay', ms: 2_000, answer: answer(200, { trading_active: true }) });
    const error = await client({ timeoutMs: 100, maxRetries: 0 })
      .predictionGetTradingStatus()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
  });

  it('a body that stalls after the headers also times out', async () => {
    server.script({ kind: 'stall-body', status: 200 });
    await expect(client({ timeoutMs: 100, maxRetries: 0 }).predictionGetTradingStatus()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('a slow first attempt is retried and the second answer wins', async () => {
    // The limit leaves the prompt second answer room on a loaded machine (at 100 ms it timed out too,
    // and a second answer 2 s late fails 1.5 s); the first answer is held far past it.
    server.script({ kind: 'delay', ms: 60_000, answer: answer(200, { trading_active: false }) }, answer(200, { trading_active: true }));
    expect((await client({ timeoutMs: 5_000, maxRetries: 1 }).predictionGetTradingStatus()).data).toEqual({ trading_active: true });
  });

  it('the caller aborting: an AbortError, distinct from a timeout', async () => {
    // (held far past the abort: a loaded machine may take seconds between the hit and the abort)
    server.script({ kind: 'delay', ms: 30_000, answer: answer(200, { trading_active: true }) });
    const controller = new AbortController();
    const pending = client({ timeoutMs: 60_000 }).predictionGetTradingStatus({ signal: controller.signal });
    // Abort once the server holds the request (not at a fixed time: on a loaded machine the server
    // could read a request aborted early only after this test ended, and count it in the next one).
    // (vi.waitFor gives up after 1 s by default: a loaded machine may log the hit later.)
    await vi.waitFor(() => expect(server.hits).toHaveLength(1), { timeout: 10_000 });
    controller.abort(new Error('user went away'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as AbortError).cause).toEqual(new Error('user went away'));
  });

  it('aborting during the wait before a retry: an AbortError', async () => {
    server.script(answer(429, { code: 429, message: 'slow down' }, { 'retry-after': '30' }));
    const controller = new AbortController();
    const waiting: Array<Record<string, unknown> | undefined> = [];
    const hooks = { onRetry: (event: { delayMs: number }) => void waiting.push(event) };
    const pending = client({ maxRetryDelayMs: 60_000, hooks }).predictionGetTradingStatus({ signal: controller.signal });
    // Abort once the client has started its 30 s wait (not at a fixed time, which races the answer;
    // and not within vi.waitFor's default 1 s: a loaded machine may take longer to get the 429).
    await vi.waitFor(() => expect(waiting).toHaveLength(1), { timeout: 10_000 });
    expect(waiting[0]).toMatchObject({ delayMs: 30_000 });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(server.hits).toHaveLength(1);
  });

  it('invalid JSON in a 200: a ResponseParseError', async () => {
    server.script(answer(200, '{"data": [', { 'content-type': 'application/json' }));
    const error = await client()
      .predictionListEvents()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as ResponseParseError).status).toBe(200);
  });

  it('invalid JSON in an error answer: an ApiError with the raw text', async () => {
    server.script(answer(404, 'not json at all', { 'content-type': 'application/json' }));
    const error = await client()
      .predictionGetEvent({ path: { eventId: 'e-1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toBeUndefined();
    expect((error as ApiError).text).toBe('not json at all');
  });

  it('an empty error body: an ApiError without a body', async () => {
    server.script(answer(500), answer(500));
    const error = await client({ maxRetries: 1 })
      .triggerV2GetVault()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).body).toBeUndefined();
    expect((error as Error).message).toBe('500 GET /trigger/v2/vault');
  });

  it('in { data, error } mode the same faults resolve instead of rejecting', async () => {
    server.script({ kind: 'reset' });
    const x = createClient({ baseUrl: server.url, throwOnError: false, maxRetries: 0 });
    const result = await x.predictionGetTradingStatus();
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(ConnectionError);
  });
});
