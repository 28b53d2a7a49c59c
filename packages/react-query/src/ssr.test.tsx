// Server rendering (no `window`, no `document`): the provider and every hook render to a string,
// nothing is fetched, signed or polled on the server.
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createClient } from '@x/fetch-client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MINTS, newWorld } from '../test/support.ts';
import { XClientProvider } from './context.js';
import { createQueries } from './queries.js';
import { useCreatePriceOrder, usePriceOrder } from './price-order.js';
import { useSwap, useSwapQuote } from './swap.js';
import { useTriggerV1Order } from './trigger-v1-order.js';

describe('server rendering', () => {
  it('renders the hooks without a window and sends nothing', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const world = await newWorld();
    function App() {
      const quote = useSwapQuote({ inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' });
      const swap = useSwap({ signer: undefined });
      const create = useCreatePriceOrder({ signer: undefined });
      const order = usePriceOrder('00000000-0000-4000-8000-000000000000');
      const v1 = useTriggerV1Order(world.wallet.address, 'order-key');
      return <p>{[quote.status, swap.status, create.status, order.status, v1.status].join(' ')}</p>;
    }
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <XClientProvider client={world.api} scope={world.wallet.address}>
          <App />
        </XClientProvider>
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>pending idle idle pending pending</p>');
    expect(world.requests).toEqual([]);
  });

  it("the browser takes the server's answers when both clients call the same base URL (keys hold it), whatever their API keys", async () => {
    const world = await newWorld();
    const server = new QueryClient();
    const quote = { query: { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' } };
    await server.prefetchQuery(createQueries(world.api).swapGetOrder.queryOptions(quote));
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    const inBrowser = createClient({ baseUrl: 'http://simulator.test/', apiKey: 'browser-key' });
    const options = createQueries(inBrowser).swapGetOrder.queryOptions(quote);
    expect(browser.getQueryData(options.queryKey)).toMatchObject({ inAmount: '40000000' });
    // Another base URL (a relative one in the browser, say) is another key: the browser would ask again.
    expect(browser.getQueryData(createQueries(createClient({ baseUrl: '/api' })).swapGetOrder.queryKey(quote))).toBeUndefined();
  });
});
