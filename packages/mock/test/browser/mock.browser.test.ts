// @x/mock in Chromium: the simulator's fetch handler (no node: dependency) answers prediction
// events and a whole trigger v2 sign-in signed with WebCrypto Ed25519 in the page. The page runs
// the built dist, bundled by esbuild. The MSW handlers run in Chromium behind MSW's service worker
// in msw-worker.browser.test.ts.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPage, type BrowserTestPage } from '../../../../tools/browser/page.ts';
import { createSimulator } from '../../src/index.ts';
import type { MockScenarios } from './page-entry.ts';

const entry = fileURLToPath(new URL('./page-entry.ts', import.meta.url));
let page: BrowserTestPage<MockScenarios>;

beforeAll(async () => {
  page = await openTestPage<MockScenarios>(entry);
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)
afterAll(async () => {
  await page?.close();
});

describe('@x/mock in the browser', () => {
  it('the simulator answers GET /prediction/v1/events exactly as it does in node', async () => {
    const query = 'category=sports&includeMarkets=true';
    const inPage = await page.run('predictionEvents', query);
    const inNode = await createSimulator().fetch(
      new Request(`http://localhost/prediction/v1/events?${query}`, { headers: { 'x-api-key': 'k' } }),
    );
    expect(inPage.status).toBe(200);
    expect(inPage.contentType).toContain('application/json');
    const body = inPage.body as { data: { eventId: string; markets?: unknown[] }[]; pagination: { total: number } };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.pagination.total).toBe(body.data.length);
    expect(body.data.every((event) => Array.isArray(event.markets) && event.markets.length > 0)).toBe(true);
    expect(body).toEqual(await inNode.json()); // same seed, same catalogue
  });

  it('signs in to trigger v2 with a WebCrypto Ed25519 key and registers a vault', async () => {
    const r = await page.run('triggerV2SignIn');
    expect(r.challenge.status).toBe(200);
    expect((r.challenge.body as { challenge: string }).challenge).toContain(`Wallet: ${r.wallet}`);
    expect(r.forged).toEqual({ status: 401, body: { error: 'Invalid signature' } });
    expect(r.verify).toEqual({ status: 200, sub: r.wallet });
    expect(r.noToken.status).toBe(401);
    expect(r.register.status).toBe(201);
    const vault = r.register.body as { userPubkey: string; vaultPubkey: string };
    expect(vault.userPubkey).toBe(r.wallet);
    expect(vault.vaultPubkey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(r.registerAgain.status).toBe(409);
    expect(r.vault).toEqual({ status: 200, body: expect.objectContaining({ userPubkey: r.wallet, vaultPubkey: vault.vaultPubkey }) });
  });

  it('had no page error, console error or failed request', () => {
    expect(page.problems).toEqual([]);
  });
});
