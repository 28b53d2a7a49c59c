// @x/react-query in Chromium, from the packed package: a React app renders a swap (quote shown and
// refreshed, the wallet signs, execute, outcome) and a trigger v2 price order (signed in, created,
// shown open, filled when the market's price crosses, polling stopped) against the simulator in the
// page, handed each request by MSW's service worker. Nothing leaves 127.0.0.1 (the page helper
// records any request that does).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserTestPage, openTestPage } from '../../../../tools/browser/page.ts';
import { installPackedProject } from './packed-project.ts';
import type { ReactQueryScenarios } from './page-entry.ts';

let project: string | undefined;
let page: BrowserTestPage<ReactQueryScenarios> | undefined;

beforeAll(async () => {
  project = installPackedProject();
  // MSW's worker script, from the installed msw, at the root of the page's origin (its scope).
  const workerScript = readFileSync(join(project, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'));
  page = await openTestPage<ReactQueryScenarios>(join(project, 'page-entry.ts'), {
    api: (req, res) => {
      if (req.url === '/mockServiceWorker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerScript);
      else res.writeHead(404).end(); // an API request the worker did not answer fails the scenario
    },
  });
}, 300_000);
afterAll(async () => {
  await page?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('@x/react-query in Chromium, from the packed package', { timeout: 60_000 }, () => {
  it('renders a swap: the quote, refreshed while shown; the wallet signs a checked order; the outcome', async () => {
    const r = await page!.run('swap');
    expect(r.quote).toMatch(/^quote \d+$/);
    expect(r.outcome).toMatch(/^Success code 0 out \d+$/);
    expect(r.executes).toBe(1);
    expect(r.failures).toEqual([]);
    expect(r.spent).toBe('40000000'); // the simulator verified the page's signature and moved the balance
  });

  it('renders a price order: signed in, created, shown open, filled after the market price moves, then no more polling', async () => {
    // A new wallet has no vault yet: the flow reads it (404, which Chromium logs), then registers it.
    const r = await page!.runExpecting([/the server responded with a status of 404/], 'priceOrder');
    expect(r.failures).toEqual(['GET /trigger/v2/vault 404']);
    expect(r.firstRequests).toEqual(['POST /trigger/v2/auth/challenge', 'POST /trigger/v2/auth/verify']);
    expect(r.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.filledByMarket).toEqual([r.orderId]);
    expect(r.states.at(-2)).toBe('open');
    expect(r.states.at(-1)).toBe('filled');
    expect(r.readsAfterFinal).toBe(0);
    expect(BigInt(r.received)).toBeGreaterThan(0n);
  });

  it('had no page error, console error or failed request', () => {
    expect(page!.problems).toEqual([]);
  });
});
