// Opens the built docs site in Debian's Chromium: every area, operation and guide page is listed,
// the GET /swap/v2/order operation opens with its code samples (curl and @x/fetch-client), each
// guide shows its sequence and its code, menu links open directly in a new page (hash links),
// no image is blank, screenshots are saved, and nothing errors or fails to load.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSpec, operations as specOperations } from '@x/openapi/reader';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../tools/browser/chromium.ts';
import { serveFile } from '../../../tools/browser/serve-static.ts';

const site = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const spec: any = loadSpec();
// the document the site renders: the spec plus code samples and the guide pages (tools/build-spec.ts)
const docsSpec = JSON.parse(readFileSync(fileURLToPath(new URL('../dist/openapi.docs.json', import.meta.url)), 'utf8'));
const guides: { name: string; description: string }[] = docsSpec.tags.filter((t: any) => t['x-traitTag']);
const artifacts = fileURLToPath(new URL('../test-results/', import.meta.url));

const operations: { tag: string; summary: string; method: string; path: string }[] = specOperations().map((op) => ({
  tag: op.tags[0]!,
  summary: op.summary ?? '',
  method: op.method.toLowerCase(),
  path: op.path,
}));

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
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('docs site', () => {
  it('shows the API title', async () => {
    await expect(page.title()).resolves.toContain(spec.info.title);
  });

  const menuLabels = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="Menu/MenuItem"] a')].map((a) =>
        (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      ),
    );

  /** Whether the area's first menu entry after its own is one of its operations (it is open). */
  const isOpen = async (name: string) => {
    const labels = await menuLabels();
    const next = labels[labels.indexOf(name) + 1] ?? '';
    return operations.some((o) => o.tag === name && next.startsWith(o.summary));
  };

  const openArea = async (name: string) => {
    if (await isOpen(name)) return;
    await page
      .locator('[data-component-name="Menu/MenuItem"] a', { hasText: new RegExp(`^${name}$`) })
      .first()
      .click();
    // The menu opens after the click returns; on a loaded machine, a read right away can come first.
    await expect.poll(() => isOpen(name), { timeout: 30_000 }).toBe(true);
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
    const missing = operations
      .filter((o) => !labels.includes(`${o.summary} ${o.method.toUpperCase()}`))
      .map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(0);
  });

  const menuLinks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="Menu/MenuItem"] a')].map((a) => ({
        label: (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        href: a.getAttribute('href') ?? '',
      })),
    );
  const mainText = () => page.evaluate(() => (document.querySelector('main') ?? document.body).innerText);
  const codeBlocks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="CodeBlock/CodeBlock"]')].map((e) => (e as HTMLElement).innerText),
    );

  it('lists the guide pages (getting started, the multi-step flows) before the API areas', async () => {
    expect(guides.map((g) => g.name)).toEqual(expect.arrayContaining(['Getting started']));
    expect(guides.filter((g) => g.name.startsWith('Flow:')).length).toBeGreaterThanOrEqual(4);
    const labels = (await menuLinks()).map((l) => l.label);
    for (const g of guides) expect(labels, g.name).toContain(g.name);
    expect(labels.indexOf(guides.at(-1)!.name)).toBeLessThan(labels.indexOf(spec.tags[0].name));
  });

  it('writes every menu link as a hash link, which opens its page when loaded directly', async () => {
    const links = await menuLinks();
    expect(links.filter((l) => !l.href.startsWith('#/')).map((l) => `${l.label} ${l.href}`)).toEqual([]);
    const target = links.find((l) => l.label.startsWith('Flow: two-step cancel'))!;
    const other = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await other.goto(new URL(target.href, server.url).href, { waitUntil: 'load' });
      await expect
        .poll(() => other.evaluate(() => (document.querySelector('main') ?? document.body).innerText), { timeout: 30_000 })
        .toContain('/trigger/v2/orders/price/confirm-cancel/{id}');
    } finally {
      await other.close();
    }
  });

  it.each(guides.map((g) => [g.name, g] as const))('guide "%s" shows its sequence and its code', async (_name, guide) => {
    const link = (await menuLinks()).find((l) => l.label === guide.name)!;
    await page.evaluate((hash) => (location.hash = hash), link.href);
    const blocks = [...guide.description.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
    const code = blocks.filter((b) => b.lang === 'ts' || b.lang === 'sh');
    expect(code.length, 'code blocks').toBeGreaterThan(0);
    const expected = blocks.map((b) => b.code.split('\n')[0]!.trim());
    if (guide.name.startsWith('Flow:'))
      expect(
        blocks.some((b) => b.lang === 'text' && b.code.includes('→')),
        'a sequence',
      ).toBe(true);
    await expect.poll(mainText, { timeout: 30_000 }).toContain(expected[0]);
    const text = await mainText();
    for (const line of expected) expect(text, guide.name).toContain(line);
    if (guide.name === 'Flow: swap') {
      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: `${artifacts}docs-flow-swap.png` });
    }
  });

  it('opens GET /swap/v2/order and saves a screenshot', async () => {
    const order = operations.find((o) => o.path === '/swap/v2/order' && o.method === 'get')!;
    await openArea(order.tag);
    await page.locator('[data-component-name="Menu/MenuItem"] a', { hasText: order.summary }).first().click();
    await page.waitForFunction(() => location.hash.includes('swapgetorder'), undefined, { timeout: 30_000 });
    const main = page.locator('main').first();
    await expect.poll(() => main.innerText(), { timeout: 30_000 }).toContain('/swap/v2/order');
    await expect(main.innerText()).resolves.toContain('inputMint');
    // The gateway's answers are listed beside the area's own errors, as the spec declares them.
    const responses = async () => {
      const text = await main.innerText();
      const at = text.indexOf('Responses', text.indexOf('/swap/v2/order'));
      return text.slice(at, text.indexOf('Expand all', at));
    };
    await expect.poll(responses, { timeout: 30_000 }).toMatch(/200\s+401\s+403\s+429\s+default/);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: `${artifacts}docs-swap-order.png` });
  });

  // One operation per area: the renderer shows the generated samples (their content for every
  // operation is checked, and type-checked, by tools/test/docs-samples.test.ts).
  const firstOfEachArea: (typeof operations)[number][] = (spec.tags as { name: string }[]).flatMap(
    (t) => operations.find((o) => o.tag === t.name) ?? [],
  );
  it.each(firstOfEachArea.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s shows a curl and an @x/fetch-client sample',
    async (_label, o) => {
      const operationId: string = spec.paths[o.path][o.method].operationId;
      const area = (await menuLinks()).find((l) => l.label === o.tag);
      expect(area, `menu link of ${o.tag}`).toBeDefined();
      await page.evaluate((hash) => (location.hash = hash), `${area!.href}/${operationId.toLowerCase()}`);
      await expect.poll(mainText, { timeout: 30_000 }).toContain(o.path);
      const chooser = page
        .locator('[data-component-name="Panel/PanelHeader"] button[aria-haspopup="menu"]', { hasText: /^(curl|@x\/fetch-client)$/ })
        .first();
      await chooser.waitFor({ timeout: 30_000 });
      if ((await chooser.innerText()).trim() !== 'curl') {
        await chooser.click();
        await page.getByRole('menuitem', { name: 'curl' }).first().click();
      }
      await expect.poll(async () => (await codeBlocks()).join('\n'), { timeout: 30_000 }).toContain(`curl -sS`);
      expect((await codeBlocks()).join('\n')).toContain(o.path.replace(/\{.*$/, ''));
      await chooser.click();
      await page.getByRole('menuitem', { name: '@x/fetch-client' }).first().click();
      await expect.poll(async () => (await codeBlocks()).join('\n'), { timeout: 30_000 }).toContain(`await x.${operationId}(`);
      if (o.path === '/swap/v2/order') await page.screenshot({ path: `${artifacts}docs-swap-order-sample.png` });
    },
  );

  it('shows no blank image (the renderer attribution, whose logo is not bundled, is hidden)', async () => {
    const blank = await page.evaluate(() =>
      [...document.querySelectorAll('img')]
        .filter((img) => img.offsetParent !== null && img.getBoundingClientRect().width > 0)
        .filter((img) => img.naturalWidth <= 1 || img.naturalHeight <= 1)
        .map((img) => img.outerHTML.slice(0, 120)),
    );
    expect(blank).toEqual([]);
    const attribution = await page.evaluate(
      () => [...document.querySelectorAll('a')].filter((a) => a.innerText.includes('API docs by') && a.offsetParent !== null).length,
    );
    expect(attribution).toBe(0);
  });

  it('had no console error and no failed or outside request', () => {
    expect(problems).toEqual([]);
  });
});
