// The docs site as the simulator serves it (`x-mock serve` → /docs), in Debian's Chromium: a menu
// link opened directly in a new page shows its page, and a page path under /docs (as the renderer
// would write it) leads to the same page instead of a 404.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../../packages/mock/dist/index.js';
import { launchChromium } from '../browser/chromium.ts';
import { closeServer } from '../test-support/close-server.ts';
import { root } from './workspace.ts';

let browser: Browser;
let server: Server;
let base: string;
const problems: string[] = [];

beforeAll(async () => {
  const sim = createSimulator({ docsHtml: readFileSync(join(root, 'packages', 'docs', 'dist', 'index.html'), 'utf8') });
  // the simulator's fetch handler behind a plain node:http server (GET is all the docs need)
  server = createServer(async (req, res) => {
    const answer = await sim.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'GET' }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)

afterAll(async () => {
  await browser?.close();
  await closeServer(server);
});

async function open(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  page.on('request', (req) => {
    if (!req.url().startsWith(base) && !/^(data|blob|about):/.test(req.url())) problems.push(`request outside the site: ${req.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('[data-component-name="Menu/MenuItem"] a', { timeout: 30_000 });
  return page;
}

const mainText = (page: Page) => page.evaluate(() => (document.querySelector('main') ?? document.body).innerText);

describe('docs served by the simulator at /docs', () => {
  it('a menu link opened in a new page shows its page', async () => {
    const home = await open(`${base}/docs`);
    const href = await home.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="Menu/MenuItem"] a')]
        .find((a) => (a as HTMLElement).innerText.trim() === 'Flow: two-step cancel')
        ?.getAttribute('href'),
    );
    await home.close();
    expect(href).toMatch(/^#\//);
    const page = await open(new URL(href!, `${base}/docs`).href);
    expect(page.url()).toContain('/docs#/');
    await expect.poll(() => mainText(page), { timeout: 30_000 }).toContain('/trigger/v2/orders/price/confirm-cancel/{id}');
    await page.close();
  });

  it('a page path under /docs leads to that page', async () => {
    const page = await open(`${base}/docs/swap/swapgetorder`);
    expect(new URL(page.url()).hash).toBe('#/swap/swapgetorder');
    await expect.poll(() => mainText(page), { timeout: 30_000 }).toContain('/swap/v2/order');
    await page.close();
  });

  it('had no page error and no failed or outside request', () => {
    expect(problems).toEqual([]);
  });
});
