// Bundle size: small programs bundled by esbuild for the browser (minified, React in production
// mode), gzipped (level 9), each beside the same program written without @x/react-query (the
// options by hand on the same client, same React and TanStack Query), so the difference is what
// the package adds. The package is taken from its built dist through its `exports` map.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

const client = `import { createClient } from '@x/fetch-client';
const x = createClient({ baseUrl: 'https://api.invalid', apiKey: 'k' });
const query = { inputMint: 'a', outputMint: 'b', amount: '1' };`;

/** Each case: a program with @x/react-query, and the same program by hand. */
export const CASES = {
  'one query': {
    with: `${client}
import { QueryClient } from '@tanstack/react-query';
import { readQueryOptions } from '@x/react-query';
export const run = () => new QueryClient().fetchQuery(readQueryOptions(x, 'swapGetOrder', { query }));`,
    without: `${client}
import { QueryClient } from '@tanstack/react-query';
export const run = () => new QueryClient().fetchQuery({
  queryKey: ['swapGetOrder', { query }],
  queryFn: async ({ signal }) => (await x.swapGetOrder({ query, signal })).data,
  staleTime: 2000,
});`,
  },
  'small app (provider, a refreshing quote, one read)': {
    with: `${client}
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { XClientProvider, useSwapQuote, useXQueries } from '@x/react-query';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
function Quote() {
  const quote = useSwapQuote(query);
  const status = useQuery(useXQueries().predictionGetTradingStatus.queryOptions());
  return h('p', null, String(quote.data?.outAmount), String(status.data?.trading_active));
}
createRoot(document.body).render(h(QueryClientProvider, { client: new QueryClient() }, h(XClientProvider, { client: x }, h(Quote))));`,
    without: `${client}
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
function Quote() {
  const quote = useQuery({ queryKey: ['swapGetOrder', { query }], queryFn: async ({ signal }) => (await x.swapGetOrder({ query, signal })).data, staleTime: 2000, refetchInterval: 2000 });
  const status = useQuery({ queryKey: ['predictionGetTradingStatus'], queryFn: async ({ signal }) => (await x.predictionGetTradingStatus({ signal })).data, staleTime: 5000 });
  return h('p', null, String(quote.data?.outAmount), String(status.data?.trading_active));
}
createRoot(document.body).render(h(QueryClientProvider, { client: new QueryClient() }, h(Quote)));`,
  },
  'dApp (swap and price order hooks, with @x/signing)': {
    with: `${client}
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { XClientProvider, useCreatePriceOrder, usePriceOrder, useSwap, useSwapQuote } from '@x/react-query';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
function App({ signer }) {
  const quote = useSwapQuote(query);
  const swap = useSwap({ signer });
  const create = useCreatePriceOrder({ signer });
  const order = usePriceOrder(create.data?.id);
  return h('button', { onClick: () => swap.mutate(query) }, String(quote.data?.outAmount), String(order.data?.orderState));
}
createRoot(document.body).render(h(QueryClientProvider, { client: new QueryClient() }, h(XClientProvider, { client: x }, h(App, { signer: undefined }))));`,
    without: `${client}
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { swap, createPriceOrder } from '@x/signing/flows';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
function App({ signer }) {
  const quote = useQuery({ queryKey: ['swapGetOrder', { query }], queryFn: async ({ signal }) => (await x.swapGetOrder({ query, signal })).data, refetchInterval: 2000 });
  const doSwap = useMutation({ mutationFn: (order) => swap({ client: x, signer, order }) });
  const create = useMutation({ mutationFn: (order) => createPriceOrder({ client: x, signer, order }) });
  const id = create.data?.id;
  const order = useQuery({ queryKey: ['order', id], enabled: !!id, queryFn: async () => (await x.triggerV2GetOrderHistory({ query: { id } })).data.orders.find((o) => o.id === id), refetchInterval: (q) => (['filled', 'cancelled', 'expired', 'failed'].includes(q.state.data?.orderState) ? false : 1000) });
  return h('button', { onClick: () => doSwap.mutate(query) }, String(quote.data?.outAmount), String(order.data?.orderState));
}
createRoot(document.body).render(h(QueryClientProvider, { client: new QueryClient() }, h(App, { signer: undefined })));`,
  },
} as const;

/** Minified and gzipped bytes of one program. */
async function gzBytes(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'jsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

export interface BundleFigure {
  readonly name: string;
  readonly withPackage: number;
  readonly byHand: number;
}

export async function measureBundles(): Promise<BundleFigure[]> {
  const figures: BundleFigure[] = [];
  for (const [name, programs] of Object.entries(CASES))
    figures.push({ name, withPackage: await gzBytes(programs.with), byHand: await gzBytes(programs.without) });
  return figures;
}
