// The HTTP server against hostile clients: oversized and slow heads and bodies, malformed requests.
// Every limit is configured short for the test; every client is bounded in bytes and time.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type RunningServer } from '../simulator/index.js';
import { isLoopback, type ServerLimits } from './node-server.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SHORT: Partial<ServerLimits> = { maxBodyBytes: 4_096, maxHeaderBytes: 2_048, headersTimeoutMs: 400, requestTimeoutMs: 1_500, idleTimeoutMs: 300, keepAliveTimeoutMs: 300 };

async function start(limits: Partial<ServerLimits> = SHORT): Promise<RunningServer> {
  server = await createSimulator().listen({ port: 0, host: '127.0.0.1', limits });
  return server;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes the client had written when the answer arrived. */
  writtenAtAnswer: number;
  /** Whether the server closed the connection. */
  closed: boolean;
  elapsedMs: number;
}

/**
 * Opens a socket, writes `head`, then `chunk` every `everyMs` until `totalBytes` are written, the
 * answer arrives, or the server closes. Bounded by `maxMs`.
 */
function rawClient(port: number, head: string, options: { chunk?: string; everyMs?: number; totalBytes?: number; maxMs?: number } = {}): Promise<RawAnswer> {
  const { chunk = '', everyMs = 10, totalBytes = 0, maxMs = 5_000 } = options;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let written = 0;
    let writtenAtAnswer = -1;
    let received = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    const guard = setTimeout(() => finish(new Error(`no answer within ${maxMs} ms`)), maxMs);
    const finish = (error?: Error): void => {
      clearInterval(timer);
      clearTimeout(guard);
      socket.destroy();
      if (error) {
        reject(error);
        return;
      }
      const split = received.indexOf('\r\n\r\n');
      const lines = received.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(lines[0]?.split(' ')[1]), headers, body: received.slice(split + 4), writtenAtAnswer, closed: true, elapsedMs: Date.now() - started });
    };
    socket.on('data', (data) => {
      if (writtenAtAnswer < 0) writtenAtAnswer = written;
      received += data.toString('latin1');
    });
    socket.on('close', () => (received ? finish() : finish(new Error('closed without an answer'))));
    socket.on('error', () => undefined); // a reset after the answer is expected when the server stops reading
    socket.on('connect', () => {
      socket.write(head);
      if (!chunk) return;
      timer = setInterval(() => {
        if (written >= totalBytes || writtenAtAnswer >= 0 || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        socket.write(chunk);
        written += chunk.length;
      }, everyMs);
    });
  });
}

const post = (path: string, extra = ''): string => `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: k\r\ncontent-type: application/json\r\n${extra}`;

describe('node:http server limits', () => {
  it('answers 413 at once for a declared oversized body, in the area shape, and closes without reading it', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/swap/v2/execute')}content-length: 20000000\r\n\r\n`, { chunk: 'x'.repeat(1_000), everyMs: 5, totalBytes: 20_000_000 });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/too large/), code: -2 });
    expect(answer.writtenAtAnswer).toBeLessThan(10_000);
  });

  it('answers 413 while reading a chunked body past the limit, long before its end', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/trigger/v1/createOrder')}transfer-encoding: chunked\r\n\r\n`, {
      chunk: `3e8\r\n${'x'.repeat(1_000)}\r\n`,
      everyMs: 2,
      totalBytes: 20_000_000,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid request', cause: expect.stringMatching(/too large/), code: 413 });
    expect(answer.writtenAtAnswer).toBeLessThan(200_000);
  });

  it('answers 408 to a body that stalls, in the area shape (express)', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/tokens/v2/verify/express/execute')}content-length: 1000\r\n\r\n{"a":`, { maxMs: 3_000 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ status: 408, message: expect.stringMatching(/not received in time/), error: expect.any(String) });
    expect(answer.elapsedMs).toBeLessThan(2_500);
  });

  it('answers 408 to a body that trickles in under the idle limit but past the request limit', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/tx/v1/submit')}content-length: 3000\r\n\r\n`, { chunk: 'x', everyMs: 100, totalBytes: 3_000, maxMs: 4_000 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/not received in time/) });
    expect(answer.elapsedMs).toBeLessThan(3_000);
  });

  it('answers 408 to a head that trickles in (slow headers) and closes', async () => {
    const { port } = await start();
    const answer = await rawClient(port, 'GET /prediction/v1/trading-status HTTP/1.1\r\n', { chunk: 'x-slow: a\r\n', everyMs: 50, totalBytes: 1_000, maxMs: 4_000 });
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/not received in time/) });
    expect(answer.elapsedMs).toBeLessThan(3_000);
  });

  it('answers 431 to an oversized head, in the shape of the area its request line names', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `GET /prediction/v1/events HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(4_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringMatching(/too large/), code: expect.any(String), request_id: expect.any(String) });
  });

  it('answers 400 to a malformed request', async () => {
    const { port } = await start();
    const answer = await rawClient(port, 'GET /swap/v2/build HTTP/1.1\r\nbad header line\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/Malformed/) });
  });

  it('still serves normal requests, bodies under the limit included, after all that', async () => {
    const { port, url } = await start();
    await rawClient(port, `${post('/swap/v2/execute')}content-length: 20000000\r\n\r\n`);
    const ok = await fetch(`${url}/trigger/v2/auth/challenge`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', type: 'message' }),
    });
    expect(ok.status).toBe(200);
  });

  it('refuses limits that are not positive integers', async () => {
    await expect(createSimulator().listen({ port: 0, host: '127.0.0.1', limits: { maxBodyBytes: -1 } })).rejects.toThrow(/maxBodyBytes/);
  });

  it('warns only when listening beyond loopback', async () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('[::1]')).toBe(true);
    expect(isLoopback('localhost')).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
    expect(isLoopback('::')).toBe(false);
    expect(isLoopback('192.168.1.4')).toBe(false);
    const warnings: string[] = [];
    server = await createSimulator().listen({ port: 0, host: '127.0.0.1', warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });
});
