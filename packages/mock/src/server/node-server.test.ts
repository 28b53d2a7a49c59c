import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../node/index.js';
import { createSimulator } from '../simulator/index.js';
import { MAX_BODY_BYTES } from './node-server.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('node:http server', () => {
  it('serves the pipeline on a free port and closes', async () => {
    const sim = createSimulator();
    server = await listen(sim, { port: 0, host: '127.0.0.1' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(
      `${server.url}/swap/v2/order?inputMint=D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD&outputMint=7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny&amount=100000000`,
      {
        headers: { 'x-api-key': 'k' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-ratelimit-current')).toBe('1');
    expect((await res.json()).outAmount).toBe('49950000');
    const unauthorized = await fetch(`${server.url}/prediction/v1/trading-status`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ code: 401, message: 'Unauthorized' });
  });

  it('answers the same bodies as the fetch handler, POST bodies included', async () => {
    const a = createSimulator({ seed: 5 });
    const b = createSimulator({ seed: 5 });
    server = await listen(a, { port: 0 });
    const body = JSON.stringify({ walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', type: 'message' });
    const init = { method: 'POST', body, headers: { 'x-api-key': 'k', 'content-type': 'application/json' } };
    const overHttp = await (await fetch(`${server.url}/trigger/v2/auth/challenge`, init)).json();
    const inProcess = await (await b.fetch(new Request('http://localhost/trigger/v2/auth/challenge', init))).json();
    expect(overHttp).toEqual(inProcess);
  });

  it('serves /openapi.json, HEAD without a body, and refuses bodies over 1 MiB', async () => {
    const sim = createSimulator();
    server = await listen(sim, { port: 0 });
    const spec = await fetch(`${server.url}/openapi.json`);
    expect((await spec.json()).openapi).toBe('3.1.0');
    const head = await fetch(`${server.url}/prediction/v1/trading-status`, { method: 'HEAD', headers: { 'x-api-key': 'k' } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const big = await fetch(`${server.url}/tx/v1/submit`, {
      method: 'POST',
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
      headers: { 'x-api-key': 'k' },
    });
    expect(big.status).toBe(413);
  });

  it('answers a POST without body headers at once, reads chunked and sized bodies, and keeps the connection for the next request', async () => {
    server = await listen(createSimulator({ seed: 5 }), { port: 0 });
    const challenge = JSON.stringify({ walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', type: 'message' });
    const head = (method: string, path: string, extra = ''): string =>
      `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: k\r\ncontent-type: application/json\r\n${extra}`;
    // Pipelined on one connection: a POST with no body at all (no content-length, no
    // transfer-encoding: an empty body), the same POST chunked and sized, a GET, then a close.
    const requests = [
      `${head('POST', '/trigger/v2/auth/challenge')}\r\n`,
      `${head('POST', '/trigger/v2/auth/challenge', 'transfer-encoding: chunked\r\n')}\r\n${challenge.length.toString(16)}\r\n${challenge}\r\n0\r\n\r\n`,
      `${head('POST', '/trigger/v2/auth/challenge', `content-length: ${challenge.length}\r\n`)}\r\n${challenge}`,
      `${head('GET', '/prediction/v1/trading-status', 'connection: close\r\n')}\r\n`,
    ];
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(server!.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error('no close within 30 s'));
      }, 30_000);
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      socket.on('connect', () => socket.write(requests.join('')));
    });
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([400, 200, 200, 200]);
    expect(text).toContain('"trading_active":true');
  });

  it('serves the docs page when given', async () => {
    const sim = createSimulator({ docsHtml: '<!doctype html><title>docs</title>' });
    server = await listen(sim, { port: 0 });
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(await docs.text()).toContain('<title>docs</title>');
  });
});
