// Levelled, redacted logging: the level from `logLevel`, else `X_LOG`, else warn; one info line
// per request with its facts; headers and bodies at debug with the credentials and the spec's
// `x-sensitive` fields replaced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, sequence, swapOrderQuery } from '../../test/fake-fetch.js';
import { createClient } from '../index.js';
import type { LogLevel } from './types.js';

const baseUrl = 'http://127.0.0.1:9';
const KEY = 'sk-live-KEY-5e1f';
const SIGNED = 'AQAAsignedTransactionSECRET';

function recorder() {
  const lines: Array<{ level: string; message: string; details?: Record<string, unknown> }> = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => void lines.push({ level, message, details });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const order = () => json({ requestId: 'req-42', transaction: 'unsigned', outAmount: '1' }, 200, { 'x-ratelimit-remaining': '59' });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('logging', () => {
  it('defaults to warn: a call that succeeds or fails writes nothing (the caller has the error), a hook that throws an error line', async () => {
    const { lines, logger } = recorder();
    const fake = fakeFetch(
      sequence(
        order,
        () => json({ error: 'bad', code: 400 }, 400),
        () => {
          throw new TypeError('fetch failed');
        },
      ),
    );
    const x = createClient({ baseUrl, apiKey: KEY, fetch: fake.fetch, logger, maxRetries: 0 });
    await x.swapGetOrder({ query: swapOrderQuery });
    await x.swapGetOrder({ query: swapOrderQuery }).catch(() => {});
    await x.swapGetOrder({ query: swapOrderQuery }).catch(() => {});
    expect(lines).toEqual([]);
    x.use({
      beforeRequest() {
        throw new Error('bug in my hook');
      },
    });
    await x.swapGetOrder({ query: swapOrderQuery }).catch(() => {});
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['error', expect.stringMatching(/^GET \/swap\/v2\/order failed: .*bug in my hook/)],
    ]);
  });

  it('at info writes one line per request: operation, method, path, status, duration, attempt, request id, rate-limit remaining', async () => {
    const { lines, logger } = recorder();
    const fake = fakeFetch(sequence(() => json({ message: 'busy' }, 503), order));
    const x = createClient({ baseUrl, apiKey: KEY, fetch: fake.fetch, logger, logLevel: 'info', retryBaseDelayMs: 1 });
    await x.swapGetOrder({ query: swapOrderQuery });
    const info = lines.filter((l) => l.level === 'info');
    expect(info).toHaveLength(2);
    expect(info[1]!.message).toMatch(/^swapGetOrder GET \/swap\/v2\/order 200 \d+ms attempt 2$/);
    expect(info[1]!.details).toMatchObject({
      operationId: 'swapGetOrder',
      operation: 'GET /swap/v2/order',
      method: 'GET',
      url: expect.stringContaining(`${baseUrl}/swap/v2/order?`),
      status: 200,
      attempt: 2,
      requestId: 'req-42',
      rateLimitRemaining: '59',
      durationMs: expect.any(Number),
    });
    expect(info[0]!.details).toMatchObject({ status: 503, attempt: 1 });
    expect(lines.some((l) => l.level === 'debug')).toBe(false);
  });

  it('at debug shows headers and bodies, with the key, the token and the x-sensitive fields redacted', async () => {
    const { lines, logger } = recorder();
    const fake = fakeFetch(
      sequence(
        () => json({ token: 'jwt-SECRET' }),
        () => json({ status: 'Success', code: 0, signature: 'sig' }),
      ),
    );
    const bearer = { getToken: async () => 'bearer-SECRET' };
    const x = createClient({ baseUrl, apiKey: KEY, fetch: fake.fetch, logger, logLevel: 'debug', bearer });
    await x.triggerV2VerifyChallenge({ body: { type: 'message', walletPubkey: 'w', signature: 'challenge-SIGNATURE' } as never });
    await x.swapExecute({ body: { signedTransaction: SIGNED, requestId: 'r' } });
    await x.triggerV2GetVault();
    const text = JSON.stringify(lines);
    for (const secret of [KEY, 'jwt-SECRET', 'bearer-SECRET', 'challenge-SIGNATURE', SIGNED]) expect(text).not.toContain(secret);
    const debug = lines.filter((l) => l.level === 'debug');
    expect(debug[0]!.details).toMatchObject({
      request: { headers: { 'x-api-key': '[redacted]' }, body: { type: 'message', walletPubkey: 'w', signature: '[redacted]' } },
      answer: { headers: { 'content-type': 'application/json' }, body: { token: '[redacted]' } },
    });
    expect(debug[1]!.details).toMatchObject({
      request: { body: { signedTransaction: '[redacted]', requestId: 'r' } },
      // Logs redact every x-sensitive name, so a transaction signature in an answer is hidden too.
      answer: { body: { status: 'Success', code: 0, signature: '[redacted]' } },
    });
    expect(debug[2]!.details).toMatchObject({ request: { headers: { authorization: '[redacted]', 'x-api-key': '[redacted]' } } });
    // The check can fail: the secrets were on the wire.
    expect(await fake.requests[1]!.clone().text()).toContain(SIGNED);
  });

  it.each([
    ['info', 1],
    ['off', 0],
  ] as const)('X_LOG=%s sets the level when the code does not', async (level, infoLines) => {
    vi.stubEnv('X_LOG', level);
    const { lines, logger } = recorder();
    const x = createClient({ baseUrl, fetch: fakeFetch(order).fetch, logger });
    await x.swapGetOrder({ query: swapOrderQuery });
    expect(lines.filter((l) => l.level === 'info')).toHaveLength(infoLines);
  });

  it('logLevel wins over X_LOG; an unknown X_LOG or logLevel falls back to warn and says so', async () => {
    vi.stubEnv('X_LOG', 'debug');
    const quiet = recorder();
    await createClient({ baseUrl, fetch: fakeFetch(order).fetch, logger: quiet.logger, logLevel: 'warn' }).swapGetOrder({
      query: swapOrderQuery,
    });
    expect(quiet.lines).toEqual([]);
    vi.stubEnv('X_LOG', 'loud');
    const odd = recorder();
    createClient({ baseUrl, logger: odd.logger });
    expect(odd.lines).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('X_LOG loud') })]);
    const typo = recorder();
    createClient({ baseUrl, logger: typo.logger, logLevel: 'verbose' as LogLevel });
    expect(typo.lines).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('logLevel verbose') })]);
  });

  it('logs to console by default, calling its methods as methods (this is the logger)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await createClient({ baseUrl, fetch: fakeFetch(order).fetch, logLevel: 'info' }).swapGetOrder({ query: swapOrderQuery });
      expect(info).toHaveBeenCalledTimes(1);
      expect(info.mock.contexts[0]).toBe(console);
    } finally {
      info.mockRestore();
    }
  });

  it('on Deno reads X_LOG from Deno.env when granted and never touches process (loading it costs Deno ~20 ms)', async () => {
    const { lines, logger } = recorder();
    const g = globalThis as Record<string, unknown>;
    const realProcess = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
    const asked: unknown[] = [];
    let processRead = 0;
    g.Deno = {
      permissions: {
        querySync: (p: unknown) => {
          asked.push(p);
          return { state: 'granted' };
        },
      },
      env: { get: (name: string) => (name === 'X_LOG' ? 'info' : undefined) },
    };
    Object.defineProperty(globalThis, 'process', {
      configurable: true,
      get: () => {
        processRead++;
        return realProcess.value;
      },
    });
    try {
      const x = createClient({ baseUrl, apiKey: KEY, fetch: fakeFetch(order).fetch, logger });
      expect(processRead).toBe(0);
      await x.swapGetOrder({ query: swapOrderQuery });
      expect(asked).toEqual([{ name: 'env', variable: 'X_LOG' }]);
      expect(lines.filter((l) => l.level === 'info')).toHaveLength(1);
    } finally {
      Object.defineProperty(globalThis, 'process', realProcess);
      delete g.Deno;
    }
  });
});
