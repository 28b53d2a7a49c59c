// The control API of `x-mock serve` in a browser's reach: a page of another origin cannot call it
// (cross-site request forgery), nor can a domain rebound to 127.0.0.1 (DNS rebinding); the
// explorer (same origin) and programs without a browser keep working, and the API keeps its CORS.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serve, type ServeOptions } from './cli-main.js';

const base: ServeOptions = { port: 0, host: '127.0.0.1', seed: 1, apiKeys: [], clock: 'manual', control: true };
const KEY = 'control-key-for-tests';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly these headers (node:http lets a test set Host and Origin as a browser or a rebound page would). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function withServer(options: Partial<ServeOptions>, run: (port: number) => Promise<void>): Promise<void> {
  const server = await serve({ ...base, ...options }, () => {});
  try {
    await run(server.port);
  } finally {
    await server.close();
  }
}

const json = { 'content-type': 'application/json' };
const reset = (port: number, headers: Record<string, string>) => send(port, 'POST', '/__control/reset', { ...json, ...headers }, '{}');
const setBalance = (port: number, headers: Record<string, string>) =>
  send(
    port,
    'POST',
    '/__control/set-balance',
    { ...json, ...headers },
    JSON.stringify({ wallet: '11111111111111111111111111111111', mint: 'STABLECOIN_USD', amount: '1' }),
  );

function expectRefused(reply: Reply, reason: RegExp): void {
  expect(reply.status).toBe(403);
  expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  const body = JSON.parse(reply.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatch(reason);
}

describe('the control API on loopback, without a control key', () => {
  it('refuses a page of another origin: writes, reads, preflights and the explorer page', async () => {
    await withServer({}, async (port) => {
      const evil = { host: `127.0.0.1:${port}`, origin: 'http://attacker.example' };
      expectRefused(await reset(port, evil), /another origin \(http:\/\/attacker\.example\)/);
      expectRefused(await setBalance(port, { ...evil, 'content-type': 'text/plain' }), /another origin/);
      expectRefused(await send(port, 'GET', '/__control/journal', evil), /another origin/);
      expectRefused(
        await send(port, 'OPTIONS', '/__control/reset', { ...evil, 'access-control-request-method': 'POST' }),
        /another origin/,
      );
      expectRefused(await send(port, 'GET', '/__explorer', evil), /another origin/);
      // Another port of the same machine is another origin; so is a sandboxed page (Origin: null).
      expectRefused(await reset(port, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port + 1}` }), /another origin/);
      expectRefused(await reset(port, { host: `127.0.0.1:${port}`, origin: 'null' }), /another origin \(null\)/);
    });
  });

  it('refuses a domain rebound to 127.0.0.1 (its own origin, a foreign Host)', async () => {
    await withServer({}, async (port) => {
      const rebound = { host: `rebound.example:${port}`, origin: `http://rebound.example:${port}` };
      expectRefused(await reset(port, rebound), /not to the host rebound\.example/);
      expectRefused(await send(port, 'GET', '/__control/wallets', { host: `rebound.example:${port}` }), /not to the host rebound\.example/);
      expectRefused(await send(port, 'GET', '/__explorer', { host: `rebound.example:${port}` }), /not to the host/);
    });
  });

  it("answers its own origin (the explorer page), this machine's names, and programs without a browser", async () => {
    await withServer({}, async (port) => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
        const own = await reset(port, { host, origin: `http://${host}` });
        expect(own.status, host).toBe(200);
        expect(own.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await reset(port, { host: `127.0.0.1:${port}` })).status).toBe(200);
      expect((await send(port, 'GET', '/__explorer', { host: `localhost:${port}` })).status).toBe(200);
    });
  });

  it('answers the host names given with --control-host', async () => {
    await withServer({ controlHosts: ['devbox.test'] }, async (port) => {
      expect((await reset(port, { host: `devbox.test:${port}`, origin: `http://devbox.test:${port}` })).status).toBe(200);
      expectRefused(await reset(port, { host: `other.test:${port}` }), /not to the host other\.test/);
    });
  });

  it('leaves the API its CORS for browser apps of any origin', async () => {
    await withServer({}, async (port) => {
      const headers = { host: `rebound.example:${port}`, origin: 'http://app.example', 'x-api-key': 'k' };
      const reply = await send(port, 'GET', '/prediction/v1/trading-status', headers);
      expect(reply.status).toBe(200);
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      const preflight = await send(port, 'OPTIONS', '/swap/v2/order', { ...headers, 'access-control-request-method': 'GET' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    });
  });
});

describe('the control API with a control key', () => {
  it('answers any host name with the key (a page cannot know it), still no other origin', async () => {
    await withServer({ host: '0.0.0.0', controlKey: KEY }, async (port) => {
      const named = { host: `devbox.test:${port}`, 'x-control-key': KEY };
      expect((await reset(port, named)).status).toBe(200);
      expect((await reset(port, { ...named, origin: `http://devbox.test:${port}` })).status).toBe(200);
      expectRefused(await reset(port, { ...named, origin: 'http://attacker.example' }), /another origin/);
    });
  });
});
