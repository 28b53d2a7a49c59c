// Runs in Chromium, bundled by esbuild from the packed packages installed in a fresh project
// (packed-project.ts): a React app on @x/react-query whose client calls the page's own origin with
// the browser's fetch; MSW's service worker (`setupWorker` of msw/browser) hands each request to the
// simulator of @x/mock, which runs in the page. The simulator trades on paper against a second
// simulator that plays the market, so that a price move fills a trigger order. The wallet is a
// WebCrypto Ed25519 key made in the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ApiClient, createClient } from '@x/fetch-client';
import { createSimulator, type Simulator, world } from '@x/mock';
import { XClientProvider, useCreatePriceOrder, usePriceOrder, useSwap, useSwapQuote } from '@x/react-query';
import { createTriggerAuthSession, type Signer, signerFromKeyPair } from '@x/signing';
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createElement as h, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { exposeScenarios } from '../../../../tools/browser/expose.ts';

const PLATFORM_TOKEN = world.tokens.PLATFORM_TOKEN.mint;
const STABLECOIN_USD = world.tokens.STABLECOIN_USD.mint;
/** The API's address as the app sees it: the page's own origin, answered by MSW's worker. */
const BASE_URL = `${location.origin}/api`;

interface App {
  readonly sim: Simulator;
  readonly market: Simulator;
  readonly wallet: Signer;
  readonly api: ApiClient;
  /** Method and path of every request the client sent. */
  readonly requests: string[];
  /** Method, path and status of every answer that was not 2xx. */
  readonly failures: string[];
}

/** The simulator of the scenario running, the requests it was handed and its answers that were not 2xx. */
let current: { sim: Simulator; requests: string[]; failures: string[] } | undefined;
const worker = setupWorker(
  http.all(`${BASE_URL}/*`, async ({ request }) => {
    if (!current) throw new Error('no simulator is running');
    const { requests, failures, sim } = current;
    const path = new URL(request.url).pathname.slice('/api'.length);
    requests.push(`${request.method} ${path}`);
    const response = await sim.fetch(new Request(new URL(path + new URL(request.url).search, location.origin), request));
    if (!response.ok) failures.push(`${request.method} ${path} ${response.status}`);
    return response;
  }),
);
let started: Promise<unknown> | undefined;

async function newApp(): Promise<App> {
  started ??= worker.start({ quiet: true });
  await started;
  const market = createSimulator({ seed: 2, now: Date.now() });
  const sim = createSimulator({
    now: Date.now(),
    upstream: {
      baseUrl: 'http://market.invalid',
      apiKey: 'market-key',
      fetch: async (input, init) => await market.fetch(new Request(input, init)),
      intervalMs: 0,
      watchIntervalMs: 0,
    },
  });
  const requests: string[] = [];
  const failures: string[] = [];
  current = { sim, requests, failures };
  const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
  const session = createTriggerAuthSession({ client: () => api, signer: wallet, now: () => sim.control.now() });
  const api: ApiClient = createClient({
    baseUrl: BASE_URL,
    apiKey: 'browser-key',
    bearer: session, // the browser's own fetch: MSW's worker answers
  });
  return { sim, market, wallet, api, requests, failures };
}

function mount(app: App, child: ReactNode): { container: HTMLElement; unmount(): Promise<void> } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queryClient = new QueryClient();
  root.render(h(QueryClientProvider, { client: queryClient }, h(XClientProvider, { client: app.api }, child)));
  return {
    container,
    /**
     * Unmounts between two reads, not during one: TanStack Query aborts a read whose last observer
     * goes away, which Chromium reports as a failed request (net::ERR_ABORTED). The check and the
     * unmount run in one task, so a refetch timer cannot start a read between them.
     */
    async unmount() {
      await until(() => queryClient.isFetching() === 0, 'no read in flight');
      root.unmount();
      container.remove();
    },
  };
}

/** Waits for `done` (bounded: 2000 looks 10 ms apart), sampling what the page shows. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the page never showed: ${what}`);
}

const text = (container: HTMLElement, id: string) => container.querySelector(`#${id}`)?.textContent ?? '';
/** Clicks a button once React has rendered it (and enabled it). */
async function click(container: HTMLElement, id: string): Promise<void> {
  const button = () => container.querySelector<HTMLButtonElement>(`#${id}`);
  await until(() => button()?.disabled === false, `the button #${id}`);
  button()!.click();
}
const count = (requests: string[], what: string) => requests.filter((r) => r === what).length;

const swapOrder = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN_USD, amount: '40000000' };

function SwapPanel({ wallet }: { wallet: Signer }) {
  const swap = useSwap({ signer: wallet });
  // The quote rests while the swap runs: the swap's success invalidates it, and TanStack Query
  // would abort a refresh still in flight then (a failed request in Chromium's eyes).
  const quote = useSwapQuote(swapOrder, { refetchIntervalMs: 100, enabled: !swap.isPending });
  const outcome = swap.data
    ? `${swap.data.execution.status} code ${swap.data.execution.code} out ${swap.data.execution.totalOutputAmount}`
    : swap.error
      ? `error ${(swap.error as { code?: string }).code ?? swap.error.message}`
      : '';
  return h(
    'section',
    null,
    h('p', { id: 'quote' }, quote.data ? `quote ${quote.data.outAmount}` : 'quoting'),
    h('button', { type: 'button', id: 'swap', disabled: !quote.data || swap.isPending, onClick: () => swap.mutate(swapOrder) }, 'Swap'),
    h('p', { id: 'outcome' }, outcome),
  );
}

function PriceOrderPanel({ wallet, expiresAt }: { wallet: Signer; expiresAt: number }) {
  const create = useCreatePriceOrder({ signer: wallet });
  const order = usePriceOrder(create.data?.id, { pollIntervalMs: 50 });
  const place = () =>
    create.mutate({
      orderType: 'single',
      inputMint: PLATFORM_TOKEN,
      inputAmount: '40000000',
      outputMint: STABLECOIN_USD,
      triggerMint: PLATFORM_TOKEN,
      triggerCondition: 'above',
      triggerPriceUsd: 0.6,
      slippageBps: 50,
      expiresAt,
    });
  const state = order.data ? order.data.orderState : create.error ? `error ${create.error.message}` : create.isPending ? 'placing' : '';
  return h(
    'section',
    null,
    h('button', { type: 'button', id: 'place', onClick: place }, 'Place'),
    h('p', { id: 'order-id' }, create.data?.id ?? ''),
    h('p', { id: 'state' }, state),
  );
}

const scenarios = {
  /** Quote shown and refreshed, the Swap button signs a checked order with the wallet and executes it. */
  async swap() {
    const app = await newApp();
    const page = mount(app, h(SwapPanel, { wallet: app.wallet }));
    try {
      const before = app.sim.control.getBalance(app.wallet.address, PLATFORM_TOKEN);
      await until(() => text(page.container, 'quote').startsWith('quote '), 'a quote');
      const quote = text(page.container, 'quote');
      await until(() => count(app.requests, 'GET /swap/v2/order') >= 3, 'the quote refreshed');
      await click(page.container, 'swap');
      await until(() => text(page.container, 'outcome') !== '', 'the outcome');
      const after = app.sim.control.getBalance(app.wallet.address, PLATFORM_TOKEN);
      return {
        wallet: app.wallet.address,
        quote,
        outcome: text(page.container, 'outcome'),
        spent: String((before ?? 0n) - (after ?? 0n)),
        executes: count(app.requests, 'POST /swap/v2/execute'),
        failures: app.failures,
      };
    } finally {
      await page.unmount();
    }
  },

  /** Place (sign-in, vault, deposit signed by the wallet, create), shown open; the market moves; shown filled; polling stops. */
  async priceOrder() {
    const app = await newApp();
    const page = mount(app, h(PriceOrderPanel, { wallet: app.wallet, expiresAt: app.sim.control.now() + 24 * 3_600_000 }));
    try {
      const states: string[] = [];
      const see = () => {
        const state = text(page.container, 'state');
        if (state !== '' && states.at(-1) !== state) states.push(state);
        return state;
      };
      await click(page.container, 'place');
      await until(() => see() === 'open' || see().startsWith('error'), 'the order open');
      const orderId = text(page.container, 'order-id');
      app.market.control.setPrice(PLATFORM_TOKEN, 0.7);
      const report = await app.sim.control.pollMarket();
      await until(() => see() === 'filled', 'the order filled');
      const reads = count(app.requests, 'GET /trigger/v2/orders/history');
      await new Promise((resolve) => setTimeout(resolve, 300)); // six polling intervals
      return {
        wallet: app.wallet.address,
        orderId,
        filledByMarket: report.filled,
        states,
        firstRequests: app.requests.slice(0, 2),
        readsAfterFinal: count(app.requests, 'GET /trigger/v2/orders/history') - reads,
        received: String(app.sim.control.getBalance(app.wallet.address, STABLECOIN_USD) ?? 0n),
        failures: app.failures,
      };
    } finally {
      await page.unmount();
    }
  },
};

export type ReactQueryScenarios = typeof scenarios;
exposeScenarios(scenarios);
