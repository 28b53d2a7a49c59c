// @x/fetch-client and @x/signing together in Chromium: the built dists, bundled by esbuild into
// a page on 127.0.0.1, call the @x/mock simulator served in node on another port (CORS) with the
// browser's fetch, and sign with WebCrypto Ed25519 keys made in the page.
import { createSimulator, type Simulator } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPage, type BrowserTestPage } from '../../../../tools/browser/page.ts';
import { MINTS } from '../simulator-harness.js';
import type { SigningScenarios } from './page-entry.ts';

const entry = fileURLToPath(new URL('./page-entry.ts', import.meta.url));

let sim: Simulator;
let server: RunningServer;
let page: BrowserTestPage<SigningScenarios>;
/** Origin headers and preflights the simulator saw: the page's calls are cross-origin. */
const origins = new Set<string>();
let preflights = 0;

beforeAll(async () => {
  // Real clock from now: the session in the page reads the token's expiry with the page's Date.now.
  sim = createSimulator({ clock: 'real', now: Date.now() });
  server = await listen(sim, {
    host: '127.0.0.1',
    port: 0,
    onRequest(request) {
      const origin = request.header('origin');
      if (origin !== undefined) origins.add(origin);
      if (request.method === 'OPTIONS') preflights += 1;
    },
  });
  page = await openTestPage<SigningScenarios>(entry);
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)
afterAll(async () => {
  await page?.close();
  await server?.close();
});

describe('@x/fetch-client + @x/signing in the browser', { timeout: 60_000 }, () => {
  it('orders a swap, refuses a narrower expectation, signs with WebCrypto and executes it (code 0)', async () => {
    const startBalance = sim.control.getBalance('11111111111111111111111111111112', MINTS.STABLECOIN_USD) ?? 0n;
    const r = await page.run('swap', {
      baseUrl: server.url,
      inputMint: MINTS.PLATFORM_TOKEN,
      outputMint: MINTS.STABLECOIN_USD,
      amount: '40000000',
    });
    expect(r.paths).toEqual(['GET /swap/v2/order', 'POST /swap/v2/execute']);
    expect(r.order.router).toBe('router_onchain');
    expect(r.order.feePayer).toBe(r.wallet);
    expect(r.order.rateLimitRemaining).toEqual(expect.any(Number)); // exposed to the page by CORS
    expect(r.unsignedSigners).toEqual([{ address: r.wallet, signed: false, signature: null }]);
    expect(r.refusal).toEqual({ isRejected: true, code: 'UNEXPECTED_PROGRAM' });
    expect(r.signedSigners).toEqual([
      { address: r.wallet, signed: true, signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) },
    ]);
    expect(r.execution).toMatchObject({ status: 'Success', code: 0, success: true, signature: r.signedSigners[0]!.signature });
    // The simulator verified the browser's signature and moved the balances.
    expect(sim.control.getBalance(r.wallet, MINTS.PLATFORM_TOKEN)).toBe(100_000_000_000n - 40_000_000n);
    expect(sim.control.getBalance(r.wallet, MINTS.STABLECOIN_USD)! - startBalance).toBe(BigInt(r.execution.totalOutputAmount!));
    expect([...origins]).toEqual([page.url.replace(/\/$/, '')]);
    expect(preflights).toBeGreaterThan(0);
  });

  it.each(['message', 'transaction'] as const)('signs in to trigger v2 with a %s challenge and reuses the token', async (challengeType) => {
    const r = await page.run('triggerSignIn', { baseUrl: server.url, challengeType });
    expect(r.sessionWallet).toBe(r.wallet);
    expect(r.paths).toEqual([
      'POST /trigger/v2/auth/challenge',
      'POST /trigger/v2/auth/verify',
      'GET /trigger/v2/vault/register',
      'GET /trigger/v2/vault',
    ]);
    expect(r.registered).toEqual({
      status: 201,
      userPubkey: r.wallet,
      vaultPubkey: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    });
    expect(r.vault).toEqual({ userPubkey: r.wallet, vaultPubkey: r.registered.vaultPubkey });
  });

  it('had no page error, console error or failed request', () => {
    expect(page.problems).toEqual([]);
  });
});
