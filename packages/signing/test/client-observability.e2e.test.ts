/**
 * What `@x/fetch-client` shows of the traffic, against the @x/mock simulator over HTTP on
 * 127.0.0.1: every log line of a full run (a swap, trigger v2 sign-in and a price order) at every
 * level is free of the API key, the bearer tokens, the challenge signatures and the signed
 * transactions seen on the wire; `X_LOG=info` makes a program print one line per request; the
 * OpenTelemetry example of the README (examples/opentelemetry.ts) traces a swap flow as one span
 * per request with its operation, status and duration.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { type ApiClient, type ClientConfig, createClient, type LogLevel } from '@x/fetch-client';
import { createSimulator } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tracingHooks } from '../../fetch-client/examples/opentelemetry.ts';
import { createTriggerAuthSession } from '../src/index.js';
import { createPriceOrder } from '../src/flows/price-order.js';
import { swap } from '../src/flows/swap.js';
import { MINTS, singlePriceOrder, newWallet } from './simulator-harness.js';

const API_KEY = 'sk-e2e-0f9c7a1b2d3e4f5a';

let server: RunningServer;
let sim: ReturnType<typeof createSimulator>;
beforeEach(async () => {
  sim = createSimulator();
  server = await listen(sim, { host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await server.close();
});

const sleep = async (ms: number) => sim.control.advanceTime(ms);
const now = () => sim.control.now();

/** A fetch that records every secret it carries or receives: the key, bearer tokens, x-sensitive body fields. */
function wireWatcher() {
  const secrets = { apiKey: new Set<string>(), bearer: new Set<string>(), signatures: new Set<string>(), signed: new Set<string>() };
  let requests = 0;
  const collect = (text: string) => {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      for (const [field, kind] of [
        ['signedTransaction', 'signed'],
        ['depositSignedTx', 'signed'],
        ['signature', 'signatures'],
        ['token', 'bearer'],
      ] as const)
        if (typeof body[field] === 'string') secrets[kind].add(body[field] as string);
    } catch {}
  };
  const fetchThrough: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests++;
    const key = request.headers.get('x-api-key');
    if (key) secrets.apiKey.add(key);
    const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (bearer) secrets.bearer.add(bearer);
    if (request.method !== 'GET') collect(await request.clone().text());
    const response = await fetch(request);
    if (new URL(request.url).pathname === '/trigger/v2/auth/verify') collect(await response.clone().text());
    return response;
  };
  return { secrets, fetch: fetchThrough, requests: () => requests };
}

/** A client for `wallet` with a trigger v2 auth session. */
function clientFor(wallet: Awaited<ReturnType<typeof newWallet>>, extra: Partial<ClientConfig>): ApiClient {
  let api: ApiClient;
  const session = createTriggerAuthSession({ client: () => api, signer: wallet, now });
  api = createClient({ baseUrl: server.url, apiKey: API_KEY, bearer: session, retryBaseDelayMs: 1, ...extra });
  return api;
}

const order = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };

describe('logs of a full run', () => {
  it.each(['off', 'error', 'warn', 'info', 'debug'] as const)(
    'at %s never show the key, a token, a challenge signature or a signed transaction',
    async (level: LogLevel) => {
      const lines: string[] = [];
      const record = (name: string) => (message: string, details?: unknown) =>
        void lines.push(`${name} ${message} ${JSON.stringify(details)}`);
      const logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
      const wire = wireWatcher();
      const wallet = await newWallet();
      const api = clientFor(wallet, { logger, logLevel: level, fetch: wire.fetch });
      await swap({ client: api, signer: wallet, order, sleep, now });
      await createPriceOrder({
        client: api,
        signer: wallet,
        order: singlePriceOrder(now()),
        sleep,
        now,
      });
      // A failing call too, so the error level has something to say.
      await api.predictionGetEvent({ path: { eventId: 'no-such-event' } }).catch(() => {});
      // The run carried every kind of secret, so the check below can fail.
      for (const [kind, values] of Object.entries(wire.secrets)) expect(values.size, kind).toBeGreaterThan(0);
      const text = lines.join('\n');
      for (const values of Object.values(wire.secrets)) for (const secret of values) expect(text).not.toContain(secret);
      if (level === 'info')
        expect(lines.filter((l) => /^info \w+ [A-Z]+ \/\S* \w+ \d+ms attempt \d+ /.test(l))).toHaveLength(wire.requests());
      if (level === 'debug') expect(text).toContain('[redacted]');
      if (level === 'off') expect(lines).toEqual([]);
    },
  );

  it('X_LOG=info makes a program print one line per request', async () => {
    const program = `
      import { createClient } from '@x/fetch-client';
      const x = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(API_KEY)} });
      await x.predictionGetTradingStatus();
      await x.swapGetOrder({ query: ${JSON.stringify(order)} });
      await x.predictionListEvents();
    `;
    // Run asynchronously: the simulator answering it lives in this process.
    const run = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', program], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      env: { ...process.env, X_LOG: 'info' },
      encoding: 'utf8',
    });
    const lines = run.stdout.split('\n').filter((l) => /^\w+ (GET|POST) \//.test(l));
    expect(lines.map((l) => l.split(' ').slice(0, 4).join(' '))).toEqual([
      'predictionGetTradingStatus GET /prediction/v1/trading-status 200',
      'swapGetOrder GET /swap/v2/order 200',
      'predictionListEvents GET /prediction/v1/events 200',
    ]);
    expect(run.stdout + run.stderr).not.toContain(API_KEY);
  });
});

describe('the OpenTelemetry example', () => {
  it('traces a swap flow as one span per request, with operation, status and duration', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const wire = wireWatcher();
    const wallet = await newWallet();
    const api = clientFor(wallet, { fetch: wire.fetch, hooks: tracingHooks(provider.getTracer('e2e')) });
    await swap({ client: api, signer: wallet, order, sleep, now });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['swapGetOrder', 'swapExecute']);
    expect(spans).toHaveLength(wire.requests());
    for (const span of spans) {
      expect(span.attributes['http.response.status_code']).toBe(200);
      expect(span.attributes['x.operation_id']).toBe(span.name);
      expect(typeof span.attributes['x.duration_ms']).toBe('number');
      expect(span.ended).toBe(true);
    }
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain(API_KEY);
  });
});
