// The request line of a head node's parser refused or timed out, in both capture modes: the native
// parser hooks (the default on this node) and the 'data' listener kept for parsers it does not know.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answered, capturedRequestLine, captureHeads, type HeadCaptureMode, headParsed } from './head-capture.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** A server that answers each client error with the captured request line as JSON (status 299 + the error's code). */
async function start(mode: HeadCaptureMode): Promise<{ port: number; modes: HeadCaptureMode[] }> {
  const modes: HeadCaptureMode[] = [];
  server = createServer(
    { maxHeaderSize: 1_024, headersTimeout: 300, requestTimeout: 2_000, connectionsCheckingInterval: 50 },
    (req, res) => {
      headParsed(req.socket);
      req.resume();
      req.on('end', () => {
        res.end('ok');
        answered(req.socket);
      });
    },
  );
  server.on('connection', (socket: Socket) => modes.push(captureHeads(socket, mode)));
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }, socket: Socket) => {
    const body = JSON.stringify({ code: error.code, line: capturedRequestLine(socket, error) ?? null });
    socket.end(`HTTP/1.1 299 Captured\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, modes };
}

/** Writes each string as its own TCP write, `pauseMs` apart, then trickles `x-slow` lines; resolves with the client-error answer. */
function exchange(port: number, writes: string[], { pauseMs = 40, trickle = true } = {}): Promise<{ code: string; line: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let received = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    // (a hang guard: the server's limits are at most 2 s, which a loaded machine may stretch)
    const guard = setTimeout(() => finish(new Error('no client-error answer within 30 s')), 30_000);
    const finish = (error?: Error): void => {
      clearTimeout(guard);
      clearInterval(timer);
      socket.destroy();
      const at = received.indexOf('HTTP/1.1 299');
      if (error || at < 0) reject(error ?? new Error(`no client-error answer in ${JSON.stringify(received)}`));
      else resolve(JSON.parse(received.slice(received.indexOf('\r\n\r\n', at) + 4)));
    };
    socket.on('data', (data) => {
      received += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish());
    socket.on('connect', () => {
      let next = 0;
      let trickled = 0;
      timer = setInterval(() => {
        if (socket.destroyed) return;
        if (next < writes.length) socket.write(writes[next++]!);
        else if (trickle && trickled++ < 40) socket.write('x-slow: a\r\n');
      }, pauseMs);
    });
  });
}

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`;

describe.each(['parser', 'data-listener'] as const)('head capture (%s)', (mode) => {
  it('keeps the request line of a head that trickles in until the head timeout', async () => {
    const { port, modes } = await start(mode);
    expect(await exchange(port, ['GET /prediction/v1/events?x=1 HTTP/1.1\r\n'])).toEqual({
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
      line: { method: 'GET', path: '/prediction/v1/events' },
    });
    expect(modes).toEqual([mode]);
  });

  it('joins a request line split across chunks', async () => {
    const { port } = await start(mode);
    expect(await exchange(port, ['DELETE /trig', 'ger/v2/orders HTTP/1.1\r\n', 'host: 127.0.0.1\r\n'])).toMatchObject({
      line: { method: 'DELETE', path: '/trigger/v2/orders' },
    });
  });

  it('knows nothing of a head whose request line never completed', async () => {
    const { port } = await start(mode);
    expect(await exchange(port, ['GET /predic'], { trickle: false })).toEqual({ code: 'ERR_HTTP_REQUEST_TIMEOUT', line: null });
  });

  it('finds the request line of an oversized head, in the failing chunk or in an earlier one', async () => {
    const { port } = await start(mode);
    const big = `x-big: ${'a'.repeat(2_000)}\r\n\r\n`;
    expect(await exchange(port, [`GET /swap/v2/build HTTP/1.1\r\n${big}`], { trickle: false })).toEqual({
      code: 'HPE_HEADER_OVERFLOW',
      line: { method: 'GET', path: '/swap/v2/build' },
    });
    expect(await exchange(port, ['GET /swap/v2/order HTTP/1.1\r\nhost: a\r\n', big], { trickle: false })).toEqual({
      code: 'HPE_HEADER_OVERFLOW',
      line: { method: 'GET', path: '/swap/v2/order' },
    });
  });

  it('finds the request line of a malformed head, even when a blank line follows the fault', async () => {
    const { port } = await start(mode);
    expect(await exchange(port, ['GET /tx/v1/submit HTTP/1.1\r\nbad\r\n\r\n'], { trickle: false })).toMatchObject({
      line: { method: 'GET', path: '/tx/v1/submit' },
    });
  });

  it('on a keep-alive connection, keeps the head of the next request, not the first (GET, then after a POST body)', async () => {
    const { port } = await start(mode);
    expect(await exchange(port, [get('/swap/v2/build'), 'GET /prediction/v1/events HTTP/1.1\r\n'])).toMatchObject({
      line: { method: 'GET', path: '/prediction/v1/events' },
    });
    const post = 'POST /swap/v2/execute HTTP/1.1\r\nhost: a\r\ncontent-length: 13\r\n\r\n';
    expect(await exchange(port, [post, '{"a":', '"b\r\n\r\n"}', 'PUT /lend/v1/deposit HTTP/1.1\r\n'])).toMatchObject({
      line: { method: 'PUT', path: '/lend/v1/deposit' },
    });
  });
});

describe('head capture (parser)', () => {
  it('keeps the start of a head that begins in the chunk that completes the request before it', async () => {
    const { port } = await start('parser');
    expect(await exchange(port, [`${get('/swap/v2/build')}GET /prediction/v1/events HTTP/1.1\r\n`])).toMatchObject({
      line: { method: 'GET', path: '/prediction/v1/events' },
    });
    expect(await exchange(port, [`${get('/swap/v2/build')}GET /predic`], { trickle: false })).toMatchObject({ line: null });
  });

  it('finds the request line of an oversized head that follows a complete request in its chunk', async () => {
    const { port } = await start('parser');
    expect(
      await exchange(port, [`${get('/swap/v2/build')}GET /prediction/v1/events HTTP/1.1\r\nx-big: ${'a'.repeat(2_000)}\r\n`], {
        trickle: false,
      }),
    ).toEqual({ code: 'HPE_HEADER_OVERFLOW', line: { method: 'GET', path: '/prediction/v1/events' } });
  });
});
