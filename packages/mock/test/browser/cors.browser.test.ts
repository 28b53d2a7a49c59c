// CORS in Chromium: a page on one origin calls the simulator (node:http, 127.0.0.1, another port)
// through @x/fetch-client with custom headers, as a web app would. The preflight must allow the
// headers the browser asks for, and the answers must expose the rate-limit headers.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPage, type BrowserTestPage } from '../../../../tools/browser/page.ts';
import { createSimulator } from '../../src/index.ts';
import { listen, type RunningServer } from '../../src/node/index.ts';
import type { CorsScenarios } from './cors-page-entry.ts';

const entry = fileURLToPath(new URL('./cors-page-entry.ts', import.meta.url));
let page: BrowserTestPage<CorsScenarios>;
let server: RunningServer;

beforeAll(async () => {
  server = await listen(createSimulator(), { port: 0, host: '127.0.0.1' });
  page = await openTestPage<CorsScenarios>(entry);
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)
afterAll(async () => {
  await page?.close();
  await server?.close();
});

describe('the simulator called from another origin', () => {
  it('accepts custom headers set through the client and exposes the rate-limit headers', async () => {
    const r = await page.run('customHeaders', server.url);
    expect(new URL(r.origin).port).not.toBe(String(server.port)); // really another origin
    expect(r.status.status).toBe(200);
    expect(r.status.body).toEqual({ trading_active: true });
    expect(r.status.rateLimit).toEqual({ remaining: expect.any(Number), current: 1, reset: expect.any(Number) });
    expect(r.challenge.status).toBe(200);
    expect(r.challenge.type).toBe('message');
    expect(r.challenge.rateLimit.current).toBe(2);
  });

  it('had no page error, console error or failed request', () => {
    expect(page.problems).toEqual([]);
  });
});
