// The explorer page in Debian's Chromium, after a scripted paper-trading session (a swap, a trigger
// order fill, an open trigger v1 order, a lend deposit) against a local fake upstream (a second simulator on 127.0.0.1): it
// asks for the control key, then shows the balances, the order's state, the decoded transactions,
// a redacted journal whose HAR export is redacted too, the value chart and the upstream's health.
// A screenshot goes to test-results/explorer.png, and to docs/explorer.png (the README's) with
// UPDATE_SCREENSHOT=1.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../tools/browser/chromium.ts';
import { listen, type RunningServer } from '../../src/node/index.ts';
import type { Simulator } from '../../src/simulator/index.ts';
import { API_KEY, call, makeSimulator, NATIVE, STABLECOIN } from '../../src/simulator/test-support/harness.ts';
import { scriptedSession, type Session } from '../../src/simulator/test-support/session.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../src/upstream/test-support/upstream-simulator.ts';
import { EXPLORER_HTML } from '../../src/simulator/explore/page.ts';

const KEY = 'explorer-test-control-key';
const screenshot = fileURLToPath(
  new URL(process.env.UPDATE_SCREENSHOT === '1' ? '../../docs/explorer.png' : '../../test-results/explorer.png', import.meta.url),
);

let upstream: UpstreamSimulator;
let sim: Simulator;
let server: RunningServer;
let session: Session;
let browser: Browser;
let page: Page;
const problems: string[] = [];
/** Until the page has the key, its reads answer 401, which Chromium logs as console errors. */
let keyAccepted = false;

beforeAll(async () => {
  upstream = await startUpstreamSimulator();
  upstream.sim.control.setPrice('NATIVE_COIN', 200);
  sim = makeSimulator({
    controlKey: KEY,
    upstream: {
      baseUrl: upstream.url,
      apiKey: 'upstream-key',
      intervalMs: 0,
      ttlMs: { quote: 0, live: 0, catalogue: 0 },
      watchIntervalMs: 0,
    },
  });
  session = await scriptedSession(sim, { stepMs: 15_000 });
  // The live price moves; the next quote teaches it to the simulator (the chart's last point).
  upstream.sim.control.setPrice('NATIVE_COIN', 260);
  sim.control.advanceTime(60_000);
  await call(sim, 'GET', '/swap/v2/order', { query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000' } });
  server = await listen(sim, { port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !(keyAccepted === false && /status of 401/.test(msg.text())))
      problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    if (!req.url().startsWith(server.url) && !/^(data|blob|about):/.test(req.url())) problems.push(`request outside: ${req.url()}`);
  });
  await page.goto(`${server.url}/__explorer`, { waitUntil: 'load' });
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)

afterAll(async () => {
  await browser?.close();
  await server?.close();
  sim?.close();
  await upstream?.close();
});

/** As the page shows an amount of whole tokens. */
const shown = (units: bigint, decimals: number): string =>
  (Number(units) / 10 ** decimals).toLocaleString('en-US', { maximumFractionDigits: 6 });

describe('the explorer page', () => {
  it('asks for the control key, then shows the world', async () => {
    await page.waitForSelector('#keyform', { state: 'visible' });
    expect(await page.locator('body').getAttribute('data-loaded')).toBeNull();
    expect(problems).toEqual([]);
    await page.fill('#key', KEY);
    await page.click('#keyform button');
    await page.waitForSelector('body[data-loaded="true"]');
    // One more poll, started with the key: any key-less read still in flight has been answered by then.
    const status = await page.locator('#status').textContent();
    await page.waitForFunction((before) => document.getElementById('status')?.textContent !== before, status, { timeout: 30_000 });
    keyAccepted = true;
    await expect(page.locator('#keyform').isVisible()).resolves.toBe(false);
  });

  it('shows each balance of the wallet as the simulator holds it', async () => {
    const card = page.locator(`.card[data-wallet="${session.wallet.address}"]`);
    for (const token of sim.control.wallets().prices) {
      const units = sim.control.getBalance(session.wallet.address, token.mint)!;
      await expect(card.locator(`[data-token="${token.symbol}"]`).textContent()).resolves.toBe(shown(units, token.decimals));
    }
    expect(await card.locator('h3 .total').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    // live prices: NATIVE_COIN at the upstream's price
    expect(await page.locator('#prices').textContent()).toContain('$260.00');
  });

  it('shows the trigger order filled, the lend deposit and the decoded transactions', async () => {
    await expect(page.locator(`tr[data-order="${session.orderId}"] .state`).textContent()).resolves.toBe('filled');
    await expect(page.locator(`tr[data-order="${session.orderId}"]`).textContent()).resolves.toContain('0.1 NATIVE_COIN');
    await expect(page.locator(`tr[data-order="${session.v1OrderKey}"] .state`).textContent()).resolves.toBe('Open');
    await expect(page.locator(`tr[data-order="${session.v1OrderKey}"]`).textContent()).resolves.toContain('100 PLATFORM_TOKEN');
    await expect(page.locator(`tr[data-position="${session.positionId}"]`).textContent()).resolves.toContain('1 NATIVE_COIN');
    const swap = await page.locator(`tr[data-signature="${session.swapSignature}"]`).textContent();
    expect(swap).toContain('swapExecute');
    expect(swap).toContain('swap in: 100 PLATFORM_TOKEN');
    const deposit = await page.locator(`tr[data-signature="${session.depositSignature}"]`).textContent();
    expect(deposit).toContain('0.1 NATIVE_COIN');
  });

  it('opens a journal entry with its bodies redacted', async () => {
    const verify = page.locator('tr.entry', { hasText: 'triggerV2VerifyChallenge' });
    await verify.click();
    await page.waitForSelector('pre.req');
    const request = JSON.parse((await page.locator('pre.req').textContent())!);
    const answer = JSON.parse((await page.locator('pre.res').textContent())!);
    expect(request.signature).toBe('[redacted]');
    expect(request.walletPubkey).toBe(session.wallet.address);
    expect(answer.token).toBe('[redacted]');
    const html = await page.content();
    for (const secret of [...session.secrets, KEY]) expect(html).not.toContain(secret);
  });

  it('exports the selected requests as a redacted HAR file', async () => {
    await page.click('#select-all');
    await page.waitForFunction(() => !(document.getElementById('export') as HTMLButtonElement).disabled);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const text = readFileSync((await download.path())!, 'utf8');
    const har = JSON.parse(text);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.length).toBeGreaterThanOrEqual(8);
    expect(har.log.entries.map((e: { _operationId: string }) => e._operationId)).toContain('swapExecute');
    for (const secret of [...session.secrets, KEY, API_KEY]) expect(text).not.toContain(secret);
  });

  it('draws the value chart and the upstream health', async () => {
    const line = page.locator(`#chart polyline.series[data-wallet="${session.wallet.address}"]`);
    const points = (await line.getAttribute('points'))!.trim().split(' ');
    expect(points.length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('#upstream-section').isVisible()).resolves.toBe(true);
    const calls = Number((await page.locator('[data-stat="calls"] b').textContent())!.replace(/,/g, ''));
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBe(sim.control.upstream().calls);
    expect(await page.locator('#upstream').textContent()).toContain('circuit');
  });

  it('takes a screenshot', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshot });
    expect(readFileSync(screenshot).length).toBeGreaterThan(10_000);
  });

  it('keeps updating while open', async () => {
    const token = sim.control.wallets().prices.find((p) => p.symbol === 'EXAMPLE_TOKEN')!;
    sim.control.setBalance(session.wallet.address, token.mint, 123n * 10n ** BigInt(token.decimals));
    const cell = `.card[data-wallet="${session.wallet.address}"] [data-token="EXAMPLE_TOKEN"]`;
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '123', cell, { timeout: 30_000 });
  });

  it('is one small document that loads nothing from outside and logs no error', () => {
    expect(problems.join('\n')).toBe('');
    expect(Buffer.byteLength(EXPLORER_HTML)).toBeLessThan(40_000);
  });
});

describe('the explorer page of a fresh simulator on loopback', () => {
  it('opens without a key and explains each empty panel', async () => {
    const fresh = makeSimulator();
    const local = await listen(fresh, { port: 0, host: '127.0.0.1' });
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    tab.on('pageerror', (err) => errors.push(err.message));
    try {
      await tab.goto(`${local.url}/__explorer`, { waitUntil: 'load' });
      await tab.waitForSelector('body[data-loaded="true"]');
      expect(await tab.locator('#keyform').isVisible()).toBe(false);
      expect(await tab.locator('#wallets').textContent()).toContain('No wallet has done anything yet');
      expect(await tab.locator('#orders').textContent()).toContain('No trigger order yet');
      expect(await tab.locator('#transactions').textContent()).toContain('No transaction has landed yet');
      expect(await tab.locator('#journal').textContent()).toContain('No request yet');
      expect(await tab.locator('#chart').textContent()).toContain('No value recorded yet');
      expect(await tab.locator('#upstream-section').isVisible()).toBe(false);
      expect(await tab.locator('#prices').textContent()).toContain('NATIVE_COIN');
      expect(errors).toEqual([]);
    } finally {
      await tab.close();
      await local.close();
    }
  });
});
