// Opens the built docs site in Debian's Chromium: every area and operation is listed, the
// GET /swap/v2/order operation opens, a screenshot is saved, and nothing errors or fails to load.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../tools/browser/chromium.ts';
import { serveFile } from '../../../tools/browser/serve-static.ts';

const site = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const spec = JSON.parse(readFileSync(fileURLToPath(new URL('../../../spec/dist/openapi.json', import.meta.url)), 'utf8'));
const artifacts = fileURLToPath(new URL('../test-results/', import.meta.url));

const operations: { tag: string; summary: string; method: string; path: string }[] = Object.entries<any>(spec.paths).flatMap(([path, item]) =>
  Object.entries<any>(item)
    .filter(([m]) => ['get', 'post', 'patch', 'put', 'delete'].includes(m))
    .map(([method, op]) => ({ tag: op.tags[0], summary: op.summary, method, path })),
);

let browser: Browser;
let page: Page;
let server: Awaited<ReturnType<typeof serveFile>>;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  server = await serveFile(site);
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:') && !url.startsWith('about:')) {
      problems.push(`request outside the site: ${url}`);
    }
  });
  await page.goto(server.url, { waitUntil: 'load' });
  await page.waitForSelector('[role="navigation"], .menu-content', { timeout: 30_000 });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('docs site', () => {
  it('shows the API title', async () => {
    await expect(page.title()).resolves.toContain(spec.info.title);
  });

  const menuLabels = () =>
    page.evaluate(() => [...document.querySelectorAll('[data-component-name="Menu/MenuItem"] a')].map((a) => (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

  const openArea = async (name: string) => {
    const labels = await menuLabels();
    const index = labels.indexOf(name);
    const next = labels[index + 1] ?? '';
    const expanded = operations.some((o) => o.tag === name && next.startsWith(o.summary));
    if (!expanded) await page.locator('[data-component-name="Menu/MenuItem"] a', { hasText: new RegExp(`^${name}$`) }).first().click();
  };

  it('lists every area in the menu', async () => {
    const labels = await menuLabels();
    const missing = spec.tags.map((t: { name: string }) => t.name).filter((name: string) => !labels.includes(name));
    expect(missing).toEqual([]);
  });

  it(`lists all ${operations.length} operations under their areas`, async () => {
    const seen: string[] = [];
    for (const tag of spec.tags) {
      await openArea(tag.name);
      seen.push(...(await menuLabels()));
    }
    const labels = seen.join('\n');
    const missing = operations.filter((o) => !labels.includes(`${o.summary} ${o.method.toUpperCase()}`)).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    expect(operations.length).toBe(38);
  });

  it('opens GET /swap/v2/order and saves a screenshot', async () => {
    const order = operations.find((o) => o.path === '/swap/v2/order' && o.method === 'get')!;
    await openArea(order.tag);
    await page.locator('[data-component-name="Menu/MenuItem"] a', { hasText: order.summary }).first().click();
    await page.waitForFunction(() => location.hash.includes('swapgetorder'), undefined, { timeout: 10_000 });
    const main = page.locator('main').first();
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toContain('/swap/v2/order');
    await expect(main.innerText()).resolves.toContain('inputMint');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: `${artifacts}docs-swap-order.png` });
  });

  it('had no console error and no failed or outside request', () => {
    expect(problems).toEqual([]);
  });
});
