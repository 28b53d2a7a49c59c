// The options of every operation, run through a real TanStack QueryClient against the simulator.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { NotFoundError } from '@x/fetch-client';
import { DEFAULT_TTL_MS } from '@x/fetch-client/polite';
import { loadSpec, operations } from '@x/openapi/reader';
import { afterEach, describe, expect, it } from 'vitest';
import { MINTS, newWorld } from '../test/support.ts';
import { pagedOperations, readOperations, writeOperations } from './gen/operations.gen.js';
import { xKeys } from './keys.js';
import { createQueries } from './queries.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => queryClient.clear());

describe('createQueries', () => {
  it('has one entry per operation of the spec: reads query, paged reads also page, the rest mutate', async () => {
    const { api } = await newWorld();
    const q = createQueries(api) as unknown as Record<string, Record<string, unknown>>;
    const spec = operations(loadSpec());
    expect(Object.keys(q).sort()).toEqual(spec.map((op) => op.operationId).sort());
    for (const op of spec) {
      const entry = q[op.operationId]!;
      const read = op.method === 'GET' && op.extensions['x-side-effects'] !== true;
      expect(typeof entry.queryOptions, op.operationId).toBe(read ? 'function' : 'undefined');
      expect(typeof entry.mutationOptions, op.operationId).toBe(read ? 'undefined' : 'function');
      expect(typeof entry.infiniteQueryOptions, op.operationId).toBe(op.pagination ? 'function' : 'undefined');
    }
    expect(readOperations.length + writeOperations.length).toBe(spec.length);
    expect(Object.keys(pagedOperations).sort()).toEqual(
      spec
        .filter((op) => op.pagination)
        .map((op) => op.operationId)
        .sort(),
    );
  });

  it('keys hold the parameters; a read fetches through the client and is cached under its key', async () => {
    const { api, requests } = await newWorld();
    const q = createQueries(api);
    const query = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };
    const options = q.swapGetOrder.queryOptions({ query });
    expect(options.queryKey).toEqual(['x', 'swapGetOrder', { query }]);
    expect(q.swapGetOrder.queryKey({ query: { ...query, amount: '1' } })).not.toEqual(options.queryKey);
    expect(options.staleTime).toBe(DEFAULT_TTL_MS.quote); // x-market-data: quote
    expect(q.triggerV2GetVault.queryOptions().staleTime).toBe(0); // not market data
    const order = await queryClient.fetchQuery(options);
    expect(order.inAmount).toBe('40000000');
    expect(order.outputMint).toBe(MINTS.STABLECOIN_USD);
    expect(queryClient.getQueryData(options.queryKey)).toEqual(order);
    expect(requests).toEqual(['GET /swap/v2/order']);
    // The operation's prefix reaches every cached read of it.
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('swapGetOrder') })).toHaveLength(1);
  });

  it('a scope ends every key: two wallets on one QueryClient never share an answer', async () => {
    const { api, requests } = await newWorld();
    const [a, b] = [createQueries(api, { scope: 'wallet-a' }), createQueries(api, { scope: 'wallet-b' })];
    expect(a.predictionGetTradingStatus.queryKey()).toEqual(['x', 'predictionGetTradingStatus', {}, { scope: 'wallet-a' }]);
    expect(a.predictionListEvents.infiniteQueryOptions().queryKey).toEqual([
      'x',
      'predictionListEvents',
      'infinite',
      {},
      { scope: 'wallet-a' },
    ]);
    await queryClient.fetchQuery(a.predictionGetTradingStatus.queryOptions());
    await queryClient.fetchQuery(b.predictionGetTradingStatus.queryOptions());
    expect(requests).toEqual(['GET /prediction/v1/trading-status', 'GET /prediction/v1/trading-status']);
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('predictionGetTradingStatus') })).toHaveLength(2);
  });

  it('a failed read rejects with the typed error of @x/fetch-client, even on a throwOnError: false client', async () => {
    const { api } = await newWorld();
    const q = createQueries(api);
    await expect(queryClient.fetchQuery(q.predictionGetEvent.queryOptions({ path: { eventId: 'no-such-event' } }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('pages a start-end list with infiniteQueryOptions until hasNext is false, the same items as one big page', async () => {
    const { api } = await newWorld();
    const q = createQueries(api);
    const all = await queryClient.fetchQuery(q.predictionListEvents.queryOptions({ query: { category: 'sports' } }));
    expect(all.data.length).toBeGreaterThan(2);
    const options = q.predictionListEvents.infiniteQueryOptions({ category: 'sports', start: 0, end: 2 });
    expect(options.queryKey).toEqual(['x', 'predictionListEvents', 'infinite', { category: 'sports', start: 0, end: 2 }]);
    const observer = new InfiniteQueryObserver(queryClient, options);
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>;
    for (let i = 0; i < 20 && result.hasNextPage; i++) result = await observer.fetchNextPage();
    expect(result.hasNextPage).toBe(false);
    const pages = result.data!;
    expect(pages.pages[0]!.data).toHaveLength(2);
    expect(pages.pages.flatMap((page) => page.data).map((event) => event.eventId)).toEqual(all.data.map((event) => event.eventId));
  });

  it('mutationOptions call the write with its variables and resolve to its body', async () => {
    const { api, wallet, requests } = await newWorld();
    const options = createQueries(api).triggerV2CreateChallenge.mutationOptions();
    expect(options.mutationKey).toEqual(['x', 'triggerV2CreateChallenge']);
    const challenge = await options.mutationFn!({ body: { walletPubkey: wallet.address, type: 'message' } }, {} as never);
    expect(challenge.type).toBe('message');
    expect(requests).toEqual(['POST /trigger/v2/auth/challenge']);
  });
});
