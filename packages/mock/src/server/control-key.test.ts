// The control key of `x-mock serve`: off loopback the control API needs one (the server refuses to
// start without it), on loopback it stays open unless a key is given. Servers bound to 0.0.0.0 are
// reached through 127.0.0.1 only.
import { describe, expect, it } from 'vitest';
import { parseCli, serve, UsageError, type ServeOptions } from './cli-main.js';

const base: ServeOptions = { port: 0, host: '127.0.0.1', seed: 1, apiKeys: [], clock: 'manual', control: true };
const KEY = 'control-key-for-tests';

async function withServer(options: Partial<ServeOptions>, run: (url: string, lines: string[]) => Promise<void>): Promise<void> {
  const lines: string[] = [];
  const server = await serve({ ...base, ...options }, (l) => lines.push(l));
  try {
    await run(`http://127.0.0.1:${server.port}`, lines);
  } finally {
    await server.close();
  }
}

const control = (url: string, path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${url}/__control/${path}`, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) } });

describe('x-mock serve off loopback', () => {
  it.each([['0.0.0.0'], ['::'], ['192.0.2.1']])('refuses %s without a control key, saying what to add', (host) => {
    expect(() => parseCli(['serve', '--host', host])).toThrow(UsageError);
    expect(() => parseCli(['serve', '--host', host])).toThrow(/--control-key KEY \(or set X_MOCK_CONTROL_KEY\)/);
  });

  it('accepts a key from the option or the environment, or no control API at all', () => {
    expect(parseCli(['serve', '--host', '0.0.0.0', '--control-key', KEY])).toMatchObject({ controlKey: KEY });
    expect(parseCli(['serve', '--host', '0.0.0.0'], { X_MOCK_CONTROL_KEY: KEY })).toMatchObject({ controlKey: KEY });
    expect(parseCli(['serve', '--host', '0.0.0.0', '--no-control'])).toMatchObject({ control: false });
    expect(() => parseCli(['serve', '--control-key', 'short'])).toThrow(/at least 8/);
  });

  it.each([['127.0.0.1'], ['127.3.2.1'], ['::1'], ['localhost']])('keeps %s open without a key', (host) => {
    expect(parseCli(['serve', '--host', host])).not.toHaveProperty('controlKey');
  });

  it('bound to 0.0.0.0 with a key: 401 in the control shape without it or with a wrong one, works with it', async () => {
    await withServer({ host: '0.0.0.0', controlKey: KEY }, async (url, lines) => {
      expect(lines.join('\n')).toContain('need the control key');
      for (const headers of [{}, { 'x-control-key': 'wrong-key-wrong' }, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
        const res = await control(url, 'state', headers);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        const body = await res.json();
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error).toMatch(/control key (missing|wrong)/);
      }
      const write = await control(url, 'advance-time', {}, { method: 'POST', body: JSON.stringify({ ms: 1000 }) });
      expect(write.status).toBe(401);
      const reads = ['state', 'wallets', 'orders', 'transactions', 'journal', 'journal.har', 'history', 'upstream'];
      for (const path of reads) expect((await control(url, path, { 'x-control-key': KEY })).status).toBe(200);
      const moved = await control(
        url,
        'advance-time',
        { authorization: `Bearer ${KEY}` },
        { method: 'POST', body: JSON.stringify({ ms: 1000 }) },
      );
      expect(moved.status).toBe(200);
      // The API itself and the explorer page (which asks for the key) need no control key.
      expect((await fetch(`${url}/prediction/v1/trading-status`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
      const page = await fetch(`${url}/__explorer`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
      expect(await page.text()).not.toContain(KEY);
    });
  });

  it('on loopback: open without a key, guarded when one is given', async () => {
    await withServer({}, async (url) => {
      expect((await control(url, 'wallets')).status).toBe(200);
    });
    await withServer({ controlKey: KEY }, async (url) => {
      expect((await control(url, 'wallets')).status).toBe(401);
      expect((await control(url, 'wallets', { 'x-control-key': KEY })).status).toBe(200);
    });
  });
});
