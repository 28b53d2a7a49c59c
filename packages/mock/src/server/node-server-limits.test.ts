// The HTTP server against hostile clients: oversized and slow heads and bodies, malformed requests.
// Every limit is configured short for the test; every client is bounded in bytes and time.
import { readFileSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { operations, validateResponse } from '@x/openapi/reader';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../node/index.js';
import { createSimulator } from '../simulator/index.js';
import { simHandlerOf } from '../simulator/native-handler.js';
import type { RunningServer } from './node-server.js';
import { createNodeServer, DEFAULT_LIMITS, isLoopback, type ServerLimits } from './node-server.js';
import { rawClient, sendThenRead } from './test-support/raw-client.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SHORT: Partial<ServerLimits> = {
  maxBodyBytes: 4_096,
  maxHeaderBytes: 2_048,
  headersTimeoutMs: 400,
  requestTimeoutMs: 1_500,
  idleTimeoutMs: 300,
  keepAliveTimeoutMs: 300,
};

/**
 * The most bytes a loopback TCP connection's kernel buffers can hold (the sender's largest send
 * buffer plus the receiver's largest receive buffer, from Linux's autotuning limits); elsewhere, a
 * generous 64 MiB.
 */
function kernelBufferLimit(): number {
  const largest = (name: string): number | undefined => {
    try {
      const max = Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]);
      return Number.isSafeInteger(max) && max > 0 ? max : undefined;
    } catch {
      return undefined;
    }
  };
  const receive = largest('tcp_rmem');
  const sent = largest('tcp_wmem');
  return receive !== undefined && sent !== undefined ? receive + sent : 64 * 1024 * 1024;
}

async function start(limits: Partial<ServerLimits> = SHORT): Promise<RunningServer> {
  server = await listen(createSimulator(), { port: 0, host: '127.0.0.1', limits });
  return server;
}

const post = (path: string, extra = ''): string =>
  `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: k\r\ncontent-type: application/json\r\n${extra}`;

describe('node:http server limits', () => {
  it('answers 413 at once for a declared oversized body, in the area shape, and closes without reading it', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/swap/v2/execute')}content-length: 20000000\r\n\r\n`, {
      chunk: 'x'.repeat(1_000),
      everyMs: 5,
      totalBytes: 20_000_000,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text)).toEqual({ error: expect.stringMatching(/too large/), code: expect.any(Number) });
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
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'invalid request', cause: expect.stringMatching(/too large/), code: 413 });
    expect(answer.writtenAtAnswer).toBeLessThan(200_000);
  });

  it('a client that writes a whole oversized body (2 MB) before it reads gets the 413 of every operation with a body, not a broken pipe', async () => {
    // The server answers at once, then reads and discards the rest of the body before it closes.
    // Without that, its close resets the connection while the client still writes: EPIPE or
    // ECONNRESET, and the answer is lost.
    const { port } = await start({});
    const withBody = operations().filter((op) => op.method !== 'GET' && op.operation.requestBody);
    expect(withBody.length).toBeGreaterThanOrEqual(11);
    const bodyBytes = 2_000_000;
    for (const op of withBody) {
      const path = op.path.replace(/\{[^}]+\}/g, 'x');
      const head = `${op.method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: k\r\ncontent-type: application/json\r\ncontent-length: ${bodyBytes}\r\n\r\n`;
      const { answer, error } = await sendThenRead(port, head, { bodyBytes });
      expect(answer?.status ?? `${op.operationId}: ${error}`).toBe(413);
      expect(answer!.headers.connection).toBe('close');
      const json = JSON.parse(answer!.text);
      expect(JSON.stringify(json), op.operationId).toMatch(/too large/);
      // In the area's shape: the operation's documented error body where it documents one for 413.
      const check = validateResponse(op.operationId, { status: 413, body: json });
      if (!check.errors.some((e) => e.includes('not documented'))) expect(check.errors, op.operationId).toEqual([]);
    }
  });

  it('a chunked oversized body (no declared length) gets its 413 too; a client that never stops is cut off at the drain limit', async () => {
    const { port } = await start({ ...SHORT, idleTimeoutMs: 2_000, drainBytes: 3_000_000, drainMs: 3_000 });
    const { answer, error } = await sendThenRead(port, `${post('/trigger/v1/createOrder')}transfer-encoding: chunked\r\n\r\n`, {
      bodyBytes: 2_000_000,
      chunked: true,
    });
    expect(answer?.status ?? error).toBe(413);
    expect(JSON.parse(answer!.text)).toMatchObject({ cause: expect.stringMatching(/too large/), code: 413 });
    // A client that keeps writing after the server ended its side is cut off once the drain's
    // byte limit is read, long before its time limit (a few MB of the kernel's buffers aside).
    const endless = await sendThenRead(port, `${post('/swap/v2/execute')}content-length: 9000000000\r\n\r\n`, {
      bodyBytes: 9_000_000_000,
      everyMs: 0,
      allowHalfOpen: true,
    });
    expect(endless.error).toMatch(/EPIPE|ECONNRESET/);
    expect(endless.written).toBeLessThan(20_000_000);
  });

  it('answers 408 to a body that stalls, in the area shape (express)', async () => {
    const { port } = await start();
    // (maxMs is a hang guard; which limit answered is in the message, not in the time taken: on a
    // loaded machine the body reader's answer can come later than node's own backstop was due)
    const answer = await rawClient(port, `${post('/tokens/v2/verify/express/execute')}content-length: 1000\r\n\r\n{"a":`, {
      maxMs: 20_000,
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.text)).toEqual({
      status: 408,
      // the body reader's answer, not node's backstop ('Request not received in time')
      message: expect.stringMatching(/^Request body not received in time/),
      error: expect.any(String),
    });
  });

  it('answers 408 to a body that trickles in under the idle limit but past the request limit', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `${post('/tx/v1/submit')}content-length: 3000\r\n\r\n`, {
      chunk: 'x',
      everyMs: 100,
      totalBytes: 3_000,
      maxMs: 20_000,
    });
    expect(answer.status).toBe(408);
    // The body reader's total limit answered (its message names both limits), not node's backstop.
    expect(JSON.parse(answer.text)).toEqual({
      error: expect.stringMatching(/^Request body not received in time \(idle limit 300 ms, total 1500 ms\)/),
    });
    // The trickle would take 300 s to end.
    expect(answer.written).toBeLessThan(3_000);
  });

  it('answers 408 to a head that trickles in (slow headers), in the shape of the area its request line names, and closes', async () => {
    // The whole-request limit far past the head limit: the elapsed time tells which one answered,
    // with room for a loaded machine.
    const { port } = await start({ ...SHORT, requestTimeoutMs: 30_000 });
    const answer = await rawClient(port, 'GET /prediction/v1/trading-status HTTP/1.1\r\n', {
      chunk: 'x-slow: a\r\n',
      everyMs: 50,
      totalBytes: 10_000,
      maxMs: 25_000,
    });
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.text)).toMatchObject({
      message: expect.stringMatching(/not received in time/),
      code: expect.any(String),
      request_id: expect.any(String),
    });
    expect(answer.elapsedMs).toBeLessThan(15_000);
    // A head that stalls before its request line is complete gets the common {error} body.
    const blind = await rawClient(port, 'GET /predic', { maxMs: 20_000 });
    expect(blind.status).toBe(408);
    expect(JSON.parse(blind.text)).toEqual({ error: expect.stringMatching(/not received in time/) });
  });

  it('a keep-alive connection tracks the head of its next request, not its first', async () => {
    const { port } = await start();
    const first = 'GET /prediction/v1/trading-status HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: k\r\n\r\n';
    const answer = await rawClient(port, `${first}GET /swap/v2/build HTTP/1.1\r\n`, {
      chunk: 'x-slow: a\r\n',
      everyMs: 50,
      totalBytes: 1_000,
      maxMs: 20_000,
    });
    // The first answer comes back at once; the raw client reads both answers until the server closes.
    const second = answer.text.slice(answer.text.indexOf('HTTP/1.1 408'));
    expect(second).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({ error: expect.stringMatching(/not received in time/) });
  });

  it('answers 431 to an oversized head, in the shape of the area its request line names', async () => {
    const { port } = await start();
    const answer = await rawClient(port, `GET /prediction/v1/events HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(4_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.text)).toMatchObject({
      message: expect.stringMatching(/too large/),
      code: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('answers 400 to a malformed request', async () => {
    const { port } = await start();
    const answer = await rawClient(port, 'GET /swap/v2/build HTTP/1.1\r\nbad header line\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ error: expect.stringMatching(/Malformed/) });
  });

  // (The guard below, and so the test's limit, are long: a loaded machine's server took over 8 s to
  // fill the kernel's buffers with answers and then give up.)
  it('closes a connection whose client stops reading its answers, after the silence limit', { timeout: 90_000 }, async () => {
    // Silence limit: 100 ms plus the 1 s margin.
    const http = createNodeServer(simHandlerOf(createSimulator()), {
      ...DEFAULT_LIMITS,
      ...SHORT,
      idleTimeoutMs: 100,
      keepAliveTimeoutMs: 100,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    server = { url: '', port: 0, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
    const { port } = http.address() as AddressInfo;
    // Each answer is the whole spec (hundreds of KB). The answers add up to well over twice what the
    // kernel can hold for the connection (both ends' largest socket buffers): were it able to hold
    // them all, every answer would be out, and a close after the keep-alive limit would lose none.
    const spec = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).text()).length;
    const requests = Math.ceil((2.5 * kernelBufferLimit()) / spec);
    const outcome = await new Promise<{ bytesRead: number; serverClosed: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let serverClosed = false;
      // The client reads again once the server's end of its connection has closed, or at the latest
      // after many silence limits (then the server has not given up, and the client reads everything).
      const guard = setTimeout(() => socket.resume(), 60_000);
      http.on('connection', (peer: Socket) => {
        // (The port is gone once the socket is closed.)
        const peerPort = peer.remotePort;
        peer.on('close', () => {
          if (peerPort !== socket.localPort) return;
          serverClosed = true;
          clearTimeout(guard);
          socket.resume();
        });
      });
      const get = 'GET /openapi.json HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';
      socket.on('connect', () => {
        // One answer read as it comes (the connection is then an idle keep-alive one), then many not read.
        socket.write(get);
        setTimeout(() => {
          socket.pause();
          socket.write(get.repeat(requests));
        }, 300);
      });
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ bytesRead: socket.bytesRead, serverClosed }));
    });
    // The server gave up on the stalled connection: far from every answer arrived.
    expect(outcome.serverClosed).toBe(true);
    expect(outcome.bytesRead).toBeLessThan((requests / 2) * spec);
    expect(outcome.bytesRead).toBeGreaterThan(spec);
  });

  it('closes a new connection that stays silent past the silence limit, when it comes before the head limit', async () => {
    const { port } = await start({
      ...SHORT,
      idleTimeoutMs: 100,
      keepAliveTimeoutMs: 100,
      headersTimeoutMs: 50_000,
      requestTimeoutMs: 50_000,
    });
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const guard = setTimeout(() => socket.destroy(), 40_000);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve(Date.now() - started);
      });
    });
    // the silence limit (1.1 s), with room for a loaded machine, far from the head limit (50 s)
    expect(closedAfter).toBeLessThan(25_000);
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
    await expect(listen(createSimulator(), { port: 0, host: '127.0.0.1', limits: { maxBodyBytes: -1 } })).rejects.toThrow(/maxBodyBytes/);
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
    server = await listen(createSimulator(), { port: 0, host: '127.0.0.1', warn: (m: string) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });
});
