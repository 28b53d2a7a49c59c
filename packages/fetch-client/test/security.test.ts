// Adversarial tests against two local servers (two origins on 127.0.0.1): the API key, the bearer
// token and a request body never reach an origin other than the configured one; no redirect is
// followed, on the configured origin either (the service documents no redirect); invalid waits asked
// by the server fall back to the client's backoff; an oversized answer ends in a typed error
// without being read whole.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedirectError, ResponseTooLargeError, createClient, type ClientConfig } from '../src/index.js';
import { rejection, swapOrderQuery } from './fake-fetch.js';

interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Origin {
  url: string;
  hits: Hit[];
  handle: Handler;
  server: Server;
}

async function startOrigin(): Promise<Origin> {
  const origin = { hits: [] as Hit[], handle: ((_req, res) => res.writeHead(500).end()) as Handler } as Origin;
  origin.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      origin.hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      origin.handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => origin.server.listen(0, '127.0.0.1', resolve));
  origin.url = `http://127.0.0.1:${(origin.server.address() as AddressInfo).port}`;
  return origin;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const redirect = (res: ServerResponse, status: number, location: string) => res.writeHead(status, { location }).end();

let api: Origin; // the configured origin
let other: Origin; // another origin (another port)
beforeAll(async () => {
  [api, other] = await Promise.all([startOrigin(), startOrigin()]);
});
afterAll(async () => {
  for (const { server } of [api, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
beforeEach(() => {
  api.hits.length = 0;
  other.hits.length = 0;
  other.handle = (_req, res) => json(res, 200, { stolen: true });
});

const apiKey = 'secret-api-key-7d1e';
const token = 'secret-bearer-token';
const client = (extra: Partial<ClientConfig> = {}) =>
  createClient({ baseUrl: api.url, apiKey, bearer: { getToken: async () => token }, retryBaseDelayMs: 1, ...extra });
const signed = { signedTransaction: 'c2lnbmVkLXRyYW5zYWN0aW9u', requestId: 'req-1' };

describe('redirects to another origin', () => {
  it.each([301, 302, 303, 307, 308])('%i on a GET: a RedirectError naming the origin; nothing sent there', async (status) => {
    api.handle = (_req, res) => redirect(res, status, `${other.url}/collect?from=api`);
    const error = await rejection<RedirectError>(client().swapGetOrder({ query: swapOrderQuery }));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.targetOrigin).toBe(other.url);
    expect(error.status).toBe(status);
    expect(error.message).toContain(other.url);
    expect(error.message).not.toContain(apiKey);
    expect(other.hits).toEqual([]);
    expect(api.hits).toHaveLength(1); // not retried either
  });

  it.each([307, 308])('%i on swap execute: the signed transaction never leaves the origin', async (status) => {
    api.handle = (_req, res) => redirect(res, status, `${other.url}/swap/v2/execute`);
    const error = await rejection<RedirectError>(client().swapExecute({ body: signed }));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.targetOrigin).toBe(other.url);
    expect(other.hits).toEqual([]);
  });

  it('a bearer-protected call redirected away sends neither the key nor the token', async () => {
    api.handle = (_req, res) => redirect(res, 302, `${other.url}/trigger/v2/vault`);
    await expect(client().triggerV2GetVault()).rejects.toBeInstanceOf(RedirectError);
    expect(api.hits[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(other.hits).toEqual([]);
  });

  it('another scheme on the same host is another origin', async () => {
    const https = api.url.replace('http:', 'https:');
    api.handle = (_req, res) => redirect(res, 301, `${https}/prediction/v1/trading-status`);
    const error = await rejection<RedirectError>(client().predictionGetTradingStatus());
    expect(error.targetOrigin).toBe(https);
  });
});

describe('redirects on the configured origin', () => {
  it.each([301, 302, 303, 307, 308])('%i: a RedirectError naming it, not followed, not retried', async (status) => {
    api.handle = (req, res) => (req.url === '/moved' ? json(res, 200, { vaultPubkey: 'v' }) : redirect(res, status, '/moved'));
    const error = await rejection<RedirectError>(client().triggerV2GetVault());
    expect(error).toBeInstanceOf(RedirectError);
    expect([error.status, error.targetOrigin]).toEqual([status, api.url]);
    expect(error.message).toBe(`GET /trigger/v2/vault was redirected to ${api.url}: not followed`);
    expect(api.hits.map((h) => h.url)).toEqual(['/trigger/v2/vault']);
  });

  it('a POST with a signed transaction is sent once, to the configured origin only', async () => {
    api.handle = (req, res) =>
      req.url === '/done' ? json(res, 200, { status: 'Success', code: 0 }) : redirect(res, 307, `${api.url}/done`);
    await expect(client().swapExecute({ body: signed })).rejects.toBeInstanceOf(RedirectError);
    expect(api.hits.map((h) => [h.method, h.url, h.body])).toEqual([['POST', '/swap/v2/execute', JSON.stringify(signed)]]);
  });

  it('the redirect answer is not read: its body is cancelled', async () => {
    // A redirect whose body never ends; the fetch given to the client records the body's cancel.
    api.handle = (_req, res) => {
      res.writeHead(302, { location: '/elsewhere', 'content-type': 'text/plain' });
      res.write('x'.repeat(1024));
    };
    const cancelled: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = response.body!;
      const cancel = body.cancel.bind(body);
      body.cancel = (reason) => {
        cancelled.push(response.status);
        return cancel(reason);
      };
      return response;
    };
    await expect(client({ fetch: recording }).predictionGetTradingStatus()).rejects.toBeInstanceOf(RedirectError);
    expect(cancelled).toEqual([302]);
  });

  it('a 3xx without Location is an answer, not a redirect', async () => {
    api.handle = (_req, res) => json(res, 304, {});
    await expect(client().predictionGetTradingStatus()).rejects.toMatchObject({ status: 304 });
  });
});

describe('waits asked by the server', () => {
  const waits = async (headers: Record<string, string>, status = 503) => {
    api.handle = (_req, res) => json(res, status, { message: 'busy' }, headers);
    const delays: number[] = [];
    const hooks = { onRetry: (event: { delayMs: number }) => void delays.push(event.delayMs) };
    await client({ maxRetries: 2, retryBaseDelayMs: 40, maxRetryDelayMs: 5_000, hooks })
      .predictionGetTradingStatus()
      .catch(() => undefined);
    return { delays, attempts: api.hits.length };
  };
  // Backoff with jitter: base·2^n minus up to 25 %.
  const backoff = [expect.toSatisfy((d: number) => d >= 30 && d <= 40), expect.toSatisfy((d: number) => d >= 60 && d <= 80)];

  it.each(['-5', 'garbage', 'NaN', '1e308', '99999999999999999999', '-1.5', 'Infinity', ''])(
    'Retry-After %j: the normal backoff',
    async (value) => {
      const { delays, attempts } = await waits({ 'retry-after': value });
      expect(attempts).toBe(3);
      expect(delays).toEqual(backoff);
    },
  );

  it.each(['-5', 'soon', '1e308', '12.5.1'])('x-ratelimit-reset %j on a 429: the normal backoff', async (value) => {
    const { delays, attempts } = await waits({ 'x-ratelimit-reset': value }, 429);
    expect(attempts).toBe(3);
    expect(delays).toEqual(backoff);
  });

  it('a reset already past on a 429: the normal backoff, not a hot loop', async () => {
    const { delays } = await waits({ 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) - 30) }, 429);
    expect(delays).toEqual(backoff);
  });

  it('a valid Retry-After is still honoured', async () => {
    const { delays } = await waits({ 'retry-after': '0' });
    expect(delays).toEqual([0, 0]);
  });
});

describe('answer size cap', () => {
  /** Streams `total` bytes of a JSON string in 64 KiB chunks, with backpressure; counts what it wrote. */
  const stream = (total: number, declareLength: boolean) => {
    const sent = { bytes: 0, finished: false };
    api.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent.bytes < total) {
          if (res.destroyed) return;
          const part = chunk.subarray(0, Math.min(chunk.length, total - sent.bytes));
          sent.bytes += part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        sent.finished = true;
        res.end();
      };
      res.on('error', () => {});
      pump();
    };
    return sent;
  };

  it('a streamed answer past maxResponseBytes: ResponseTooLargeError, the rest not read', async () => {
    const sent = stream(64 * 1024 * 1024, false);
    const error = await rejection<ResponseTooLargeError>(client({ maxResponseBytes: 256 * 1024 }).predictionListEvents());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.maxBytes).toBe(256 * 1024);
    expect(error.status).toBe(200);
    expect(sent.finished).toBe(false);
    expect(api.hits).toHaveLength(1); // not retried
  });

  it('a declared Content-Length past the cap ends it before reading', async () => {
    const sent = stream(32 * 1024 * 1024, true);
    await expect(client({ maxResponseBytes: 1024 * 1024 }).predictionListEvents()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(sent.finished).toBe(false);
  });

  it('the default cap (10 MiB) holds without any option', async () => {
    const sent = stream(24 * 1024 * 1024, false);
    await expect(client().predictionListEvents()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(sent.finished).toBe(false);
  });

  it('an error answer past the cap is cut too', async () => {
    api.handle = (_req, res) => json(res, 500, { error: 'x'.repeat(200_000) });
    const error = await rejection<ResponseTooLargeError>(client({ maxResponseBytes: 100_000, maxRetries: 0 }).predictionListEvents());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.status).toBe(500);
  });

  it('a small compressed answer that inflates past the cap: its declared length is not trusted', async () => {
    const inflated = gzipSync(Buffer.from(JSON.stringify({ data: 'a'.repeat(8 * 1024 * 1024) })));
    api.handle = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(inflated.length) })
        .end(inflated);
    expect(inflated.length).toBeLessThan(64 * 1024);
    await expect(client({ maxResponseBytes: 1024 * 1024 }).predictionListEvents()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('an answer under the cap, in several chunks and with multi-byte characters, reads whole', async () => {
    const title = 'é'.repeat(100_000);
    api.handle = (_req, res) => json(res, 200, { data: [{ title }] });
    const { data } = await client({ maxResponseBytes: 1_000_000 }).predictionListEvents();
    expect((data as unknown as { data: Array<{ title: string }> }).data[0]!.title).toBe(title);
  });
});
