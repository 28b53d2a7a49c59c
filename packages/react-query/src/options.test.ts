// The options of every operation, run through a real TanStack QueryClient against the simulator.
import {
  dehydrate,
  hashKey,
  hydrate,
  InfiniteQueryObserver,
  MutationCache,
  MutationObserver,
  onlineManager,
  QueryClient,
  QueryObserver,
} from '@tanstack/react-query';
import { createClient, NotFoundError, PaginationError } from '@x/fetch-client';
import { DEFAULT_TTL_MS } from '@x/fetch-client/polite';
import { deref, loadSpec, operations } from '@x/openapi/reader';
import { answerTriggerChallenge, signTransaction } from '@x/signing';
import { afterEach, describe, expect, it } from 'vitest';
import { MINTS, newWorld, openV1Orders, otherWallet, stringsIn, type World } from '../test/support.ts';
import { pagedOperations, readOperations, sensitiveAnswers, sensitiveOperations, writeOperations } from './gen/operations.gen.js';
import { hashXKey, keyScopeOf, xKeys } from './keys.js';
import { readQueryOptions, writeMutationOptions } from './options.js';
import { createQueries } from './queries.js';
import { REDACTED } from './sensitive.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => queryClient.clear());

/** The world's client on another base URL (the same simulator answers it). */
function onBaseUrl(world: World, baseUrl: string) {
  return createClient({
    baseUrl,
    apiKey: 'test-key',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      world.requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return await world.sim.fetch(request);
    },
  });
}

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
    expect(options.queryKey).toEqual(['x', 'swapGetOrder', { query }, { baseUrl: 'http://simulator.test' }]);
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

  it('a read that prepares a transaction to sign (x-prepares-transaction) is never served from the cache: two swaps, two orders', async () => {
    const { api, wallet, requests } = await newWorld();
    const q = createQueries(api);
    const quote = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };
    const withTaker = q.swapGetOrder.queryOptions({ query: { ...quote, taker: wallet.address } });
    const first = await queryClient.fetchQuery(withTaker);
    const second = await queryClient.fetchQuery(withTaker);
    // The second swap of the same amount got the first one's order: signing it again re-sends the first swap.
    expect(requests).toEqual(['GET /swap/v2/order', 'GET /swap/v2/order']);
    expect(second.requestId).not.toBe(first.requestId);
    expect(withTaker).toMatchObject({ staleTime: 0, gcTime: 0 });
    // A quote (no taker) is market data: fresh for its kind's time, one request.
    await queryClient.fetchQuery(q.swapGetOrder.queryOptions({ query: quote }));
    await queryClient.fetchQuery(q.swapGetOrder.queryOptions({ query: quote }));
    expect(requests).toHaveLength(3);
    // The reads that always prepare one (x-prepares-transaction: true).
    expect(q.swapGetBuild.queryOptions({ query: { ...quote, taker: wallet.address } })).toMatchObject({ staleTime: 0, gcTime: 0 });
    expect(q.tokensCraftExpressTransaction.queryOptions({} as never)).toMatchObject({ staleTime: 0, gcTime: 0 });
  });

  it('a scope ends every key: two wallets on one QueryClient never share an answer', async () => {
    const { api, requests } = await newWorld();
    const [a, b] = [createQueries(api, { scope: 'wallet-a' }), createQueries(api, { scope: 'wallet-b' })];
    expect(a.predictionGetTradingStatus.queryKey()).toEqual([
      'x',
      'predictionGetTradingStatus',
      {},
      { baseUrl: 'http://simulator.test', scope: 'wallet-a' },
    ]);
    expect(a.predictionListEvents.infiniteQueryOptions().queryKey).toEqual([
      'x',
      'predictionListEvents',
      'infinite',
      {},
      { baseUrl: 'http://simulator.test', scope: 'wallet-a' },
    ]);
    await queryClient.fetchQuery(a.predictionGetTradingStatus.queryOptions());
    await queryClient.fetchQuery(b.predictionGetTradingStatus.queryOptions());
    expect(requests).toEqual(['GET /prediction/v1/trading-status', 'GET /prediction/v1/trading-status']);
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('predictionGetTradingStatus') })).toHaveLength(2);
  });

  it("two wallets signed in on one service and one QueryClient never see each other's answers, without a scope", async () => {
    const world = await newWorld();
    const other = await otherWallet(world);
    const [a, b] = [createQueries(world.api), createQueries(other.api)];
    // A read whose answer depends on who signs in (a bearer operation of the spec): keyed per client.
    expect(a.triggerV2GetVault.queryKey()).not.toEqual(b.triggerV2GetVault.queryKey());
    expect(a.triggerV2GetOrderHistory.queryKey()).not.toEqual(b.triggerV2GetOrderHistory.queryKey());
    expect(a.triggerV2GetOrderHistory.infiniteQueryOptions().queryKey).not.toEqual(
      b.triggerV2GetOrderHistory.infiniteQueryOptions().queryKey,
    );
    await world.api.triggerV2RegisterVault();
    await other.api.triggerV2RegisterVault();
    const vaultA = await queryClient.fetchQuery(a.triggerV2GetVault.queryOptions());
    // What a component of wallet B is shown at once (TanStack shows a cached answer while asking again).
    expect(new QueryObserver(queryClient, b.triggerV2GetVault.queryOptions()).getCurrentResult().data).toBeUndefined();
    const vaultB = await queryClient.fetchQuery(b.triggerV2GetVault.queryOptions());
    expect(vaultB.vaultPubkey).not.toBe(vaultA.vaultPubkey);
    expect(queryClient.getQueryData(a.triggerV2GetVault.queryKey())).toEqual(vaultA);
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('triggerV2GetVault') })).toHaveLength(2);
    // The same client keeps one key (createQueries again, the one-at-a-time options) and no credential is in it.
    expect(createQueries(world.api).triggerV2GetVault.queryKey()).toEqual(a.triggerV2GetVault.queryKey());
    expect(readQueryOptions(world.api, 'triggerV2GetVault').queryKey).toEqual(a.triggerV2GetVault.queryKey());
    const keys = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    );
    for (const secret of [...world.secrets, ...other.secrets, world.wallet.address, other.wallet.address])
      expect(keys).not.toContain(secret);
    // Reads that answer alike whoever asks are still shared by the two clients.
    expect(a.predictionGetTradingStatus.queryKey()).toEqual(b.predictionGetTradingStatus.queryKey());
  });

  it('a BigInt in the parameters (an amount as money) is a key like any other (hashing it threw)', async () => {
    const { api, requests } = await newWorld();
    const q = createQueries(api);
    const query = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: 40_000_000n as unknown as string };
    const options = q.swapGetOrder.queryOptions({ query });
    const order = await queryClient.fetchQuery(options);
    expect(order.inAmount).toBe('40000000');
    await queryClient.fetchQuery(options); // fresh for 2 s: the same entry, not asked again
    expect(requests).toEqual(['GET /swap/v2/order']);
    // Another BigInt amount is another entry; the string amount too (as TanStack keeps 1 and '1' apart).
    await queryClient.fetchQuery(q.swapGetOrder.queryOptions({ query: { ...query, amount: 20_000_000n as unknown as string } }));
    await queryClient.fetchQuery(q.swapGetOrder.queryOptions({ query: { ...query, amount: '40000000' } }));
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('swapGetOrder') })).toHaveLength(3);
    const events = q.predictionListEvents.infiniteQueryOptions({ category: 'sports', start: 0n as unknown as number, end: 2 });
    expect((await queryClient.fetchInfiniteQuery(events)).pages).toHaveLength(1);
    // A key without a BigInt hashes as TanStack's own hashKey: getQueryData(key) finds the entry.
    expect(options.queryKeyHashFn).toBe(hashXKey);
    expect(hashXKey(['x', { b: 1, a: [2] }])).toBe(hashKey(['x', { a: [2], b: 1 }]));
    expect(hashXKey(['x', { a: 1n }])).toBe('["x",{"a":{"$bigint":"1"}}]');
  });

  it('two clients on other base URLs (live and a simulator) sharing one QueryClient never share an answer', async () => {
    const world = await newWorld();
    const other = await newWorld();
    const query = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };
    const [live, sim] = [createQueries(world.api), createQueries(onBaseUrl(other, 'http://other.test/'))];
    expect(live.swapGetOrder.queryKey({ query })).toEqual(['x', 'swapGetOrder', { query }, { baseUrl: 'http://simulator.test' }]);
    expect(sim.swapGetOrder.queryKey({ query })).toEqual(['x', 'swapGetOrder', { query }, { baseUrl: 'http://other.test' }]);
    await queryClient.fetchQuery(live.swapGetOrder.queryOptions({ query }));
    // A quote stays fresh 2 s: with one key, the second client would be given the first one's answer.
    await queryClient.fetchQuery(sim.swapGetOrder.queryOptions({ query }));
    expect(world.requests).toEqual(['GET /swap/v2/order']);
    expect(other.requests).toEqual(['GET /swap/v2/order']);
    expect(queryClient.getQueriesData({ queryKey: xKeys.operation('swapGetOrder') })).toHaveLength(2);
    // xKeys.read without a KeyScope is the part of the key every client's entry starts with.
    expect(queryClient.getQueriesData({ queryKey: xKeys.read('swapGetOrder', { query }) })).toHaveLength(2);
    expect(queryClient.getQueryData(xKeys.read('swapGetOrder', { query }, keyScopeOf(world.api)))).toBeDefined();
    // The infinite queries, the scope and the keys of the flow hooks carry the base URL too.
    expect(createQueries(world.api, { scope: 'w' }).predictionListEvents.infiniteQueryOptions().queryKey).toEqual([
      'x',
      'predictionListEvents',
      'infinite',
      {},
      { baseUrl: 'http://simulator.test', scope: 'w' },
    ]);
  });

  it('a key never holds a credential: not the API key, nor a user or password written into the base URL', async () => {
    const withKeyA = createClient({ baseUrl: 'http://simulator.test', apiKey: 'key-a' });
    const withKeyB = createClient({ baseUrl: 'http://simulator.test/', apiKey: 'key-b' });
    const [a, b] = [createQueries(withKeyA), createQueries(withKeyB)];
    // Two API keys of one service get the same answers (the key names the app, not who asks): one entry.
    expect(a.predictionGetTradingStatus.queryKey()).toEqual(b.predictionGetTradingStatus.queryKey());
    expect(JSON.stringify(a.predictionGetTradingStatus.queryKey())).not.toContain('key-a');
    const userinfo = createClient({ baseUrl: 'http://user:secret-pass@simulator.test/api/?token=secret-token#x', apiKey: 'k' });
    const key = JSON.stringify(createQueries(userinfo).predictionGetTradingStatus.queryKey());
    expect(key).toContain('"baseUrl":"http://simulator.test/api"');
    expect(key).not.toMatch(/secret|user/);
  });

  it('no client (undefined: not created yet, or null) is a clear error naming what is expected, not a TypeError on `transport`', async () => {
    for (const missing of [undefined, null]) {
      expect(() => createQueries(missing as never)).toThrow(/a createClient\(\) instance of @x\/fetch-client, got (undefined|null)/);
      expect(() => readQueryOptions(missing as never, 'predictionGetTradingStatus')).toThrow(/createClient\(\) instance/);
      const write = writeMutationOptions(missing as never, 'triggerV2CreateChallenge');
      await expect(write.mutationFn!({ body: { walletPubkey: 'w', type: 'message' } }, {} as never)).rejects.toThrow(
        /a createClient\(\) instance of @x\/fetch-client, got (undefined|null)/,
      );
    }
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
    expect(options.queryKey).toEqual([
      'x',
      'predictionListEvents',
      'infinite',
      { category: 'sports', start: 0, end: 2 },
      { baseUrl: 'http://simulator.test' },
    ]);
    const observer = new InfiniteQueryObserver(queryClient, options);
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>;
    for (let i = 0; i < 20 && result.hasNextPage; i++) result = await observer.fetchNextPage();
    expect(result.hasNextPage).toBe(false);
    const pages = result.data!;
    expect(pages.pages[0]!.data).toHaveLength(2);
    expect(pages.pages.flatMap((page) => page.data).map((event) => event.eventId)).toEqual(all.data.map((event) => event.eventId));
  });

  it('pages a page-number list (trigger v1 orders) with infiniteQueryOptions up to totalPages', async () => {
    const world = await newWorld();
    const keys = await openV1Orders(world, 12);
    const options = createQueries(world.api).triggerV1GetTriggerOrders.infiniteQueryOptions({ user: world.wallet.address });
    expect(options.initialPageParam).toEqual({ page: 1 });
    const observer = new InfiniteQueryObserver(queryClient, options);
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>;
    for (let i = 0; i < 20 && result.hasNextPage; i++) result = await observer.fetchNextPage();
    expect(result.hasNextPage).toBe(false);
    const pages = result.data!;
    expect(pages.pageParams).toEqual([{ page: 1 }, { page: 2 }]);
    expect(pages.pages.map((page) => [page.page, page.totalPages, page.orders.length])).toEqual([
      [1, 2, 10],
      [2, 2, 2],
    ]);
    // Newest first, every order once.
    expect(pages.pages.flatMap((page) => page.orders.map((order) => order.orderKey))).toEqual(keys.reverse());
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

describe('a write whose repeat creates nothing (x-already-exists)', () => {
  it('vault register run again (a retry after a lost answer) resolves with the existing vault, not the 409 the service answers', async () => {
    const world = await newWorld();
    const register = createQueries(world.api).triggerV2RegisterVault.mutationOptions();
    const first = await new MutationObserver(queryClient, register).mutate(undefined);
    const again = await new MutationObserver(queryClient, register).mutate(undefined);
    expect(again).toEqual(first);
    expect(world.requests.filter((route) => route === 'GET /trigger/v2/vault/register')).toHaveLength(2);
  });

  it('a 409 without the record reads it (the read x-already-exists names); another status is still the error', async () => {
    const world = await newWorld();
    const register = createQueries(world.api).triggerV2RegisterVault.mutationOptions();
    const vault = await new MutationObserver(queryClient, register).mutate(undefined);
    world.failNext('GET /trigger/v2/vault/register', Response.json({ error: 'Vault already registered' }, { status: 409 }));
    expect(await new MutationObserver(queryClient, register).mutate(undefined)).toEqual(vault);
    expect(world.requests.slice(-2)).toEqual(['GET /trigger/v2/vault/register', 'GET /trigger/v2/vault']);
    world.failNext('GET /trigger/v2/vault/register', Response.json({ error: 'Failed to generate or store vault' }, { status: 403 }));
    await expect(new MutationObserver(queryClient, register).mutate(undefined)).rejects.toMatchObject({ status: 403 });
  });
});

describe('writes that carry a credential (x-sensitive body fields)', () => {
  /** An order for the world's wallet, signed: the body of a swap execute. */
  async function signedSwap(world: World) {
    const order = await queryClient.fetchQuery(
      createQueries(world.api).swapGetOrder.queryOptions({
        query: { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000', taker: world.wallet.address },
      }),
    );
    const signedTransaction = await signTransaction(order.transaction!, world.wallet, { feePayer: order.signatureFeePayer ?? null });
    return { signedTransaction, requestId: order.requestId };
  }

  /** Every string TanStack Query holds: each mutation's state, and what a persister would write of the cache. */
  const cached = () => [
    ...stringsIn(
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state),
    ),
    ...stringsIn(dehydrate(queryClient, { shouldDehydrateMutation: () => true, shouldDehydrateQuery: () => true })),
  ];

  it('the table lists each write whose body the spec marks x-sensitive, with those fields', () => {
    const marked = operations(loadSpec()).flatMap((op) => {
      const body = op.requestBody?.schema as { properties?: Record<string, Record<string, unknown>> } | undefined;
      const properties = deref(body ?? {}).properties ?? {};
      const fields = Object.keys(properties).filter(
        (name) => deref(properties[name]!)['x-sensitive'] === true || properties[name]!['x-sensitive'] === true,
      );
      return fields.length > 0 ? [[op.operationId, fields.sort()]] : [];
    });
    expect(Object.entries(sensitiveOperations)).toEqual(marked.sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(sensitiveOperations.swapExecute).toEqual(['signedTransaction']);
  });

  it('swap execute: the real signed transaction is sent, and no state of the MutationCache holds it', async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    const variables = { body };
    const observer = new MutationObserver(queryClient, createQueries(world.api).swapExecute.mutationOptions());
    const execution = await observer.mutate(variables);
    expect(execution).toMatchObject({ status: 'Success', code: 0 });
    expect(world.secrets).toContain(body.signedTransaction); // what went on the wire
    expect(queryClient.getMutationCache().getAll()[0]!.state.variables).toEqual({
      body: { signedTransaction: REDACTED, requestId: body.requestId },
    });
    expect(body.signedTransaction).not.toBe(REDACTED); // the caller's own body object is left alone
    const held = cached();
    expect(held).toContain(body.requestId); // the state is there, readable
    for (const secret of world.secrets) expect(held.some((text) => text.includes(secret))).toBe(false);

    // Called again with the same variables after it succeeded: refused, nothing sent.
    const executes = world.requests.length;
    await expect(observer.mutate(variables)).rejects.toThrow(/signedTransaction of this call is not kept/);
    expect(world.requests.length).toBe(executes);
  });

  it("a QueryClient-wide MutationCache's onMutate and its subscribers never see the signed transaction of sealed variables", async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    const seen: string[] = [];
    const mutationCache = new MutationCache({
      onMutate: (variables) => void seen.push(JSON.stringify(variables), ...stringsIn(variables)),
    });
    const client = new QueryClient({ mutationCache });
    mutationCache.subscribe((event) => void seen.push(...stringsIn(event.mutation?.state.variables)));
    const q = createQueries(world.api);
    const variables = q.swapExecute.seal({ body });
    expect(variables.body).toEqual({ signedTransaction: REDACTED, requestId: body.requestId });
    const execution = await new MutationObserver(client, q.swapExecute.mutationOptions()).mutate(variables);
    expect(execution).toMatchObject({ status: 'Success', code: 0 });
    expect(world.secrets).toContain(body.signedTransaction); // the real one was sent
    expect(seen.join(' ')).toContain(body.requestId);
    expect(seen.join(' ')).not.toContain(body.signedTransaction);
    expect(body.signedTransaction).not.toBe(REDACTED); // the caller's body is left alone
    // A write without sensitive fields: a copy, as given.
    const challenge = { body: { walletPubkey: world.wallet.address, type: 'message' as const } };
    expect(q.triggerV2CreateChallenge.seal(challenge)).toEqual(challenge);
  });

  it('without seal, TanStack gives the variables as passed to mutate to the MutationCache onMutate before any option runs (why seal exists)', async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    const seen: string[] = [];
    const client = new QueryClient({
      mutationCache: new MutationCache({ onMutate: (variables) => void seen.push(JSON.stringify(variables)) }),
    });
    await new MutationObserver(client, createQueries(world.api).swapExecute.mutationOptions()).mutate({ body });
    // If TanStack ever runs the options' onMutate first, this fails: then the options alone suffice.
    expect(seen.join(' ')).toContain(body.signedTransaction);
    // From the options' onMutate on, the state holds the redacted copy.
    expect(client.getMutationCache().getAll()[0]!.state.variables).toEqual({
      body: { signedTransaction: REDACTED, requestId: body.requestId },
    });
  });

  it("TanStack's retries send the real signed transaction again", async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    world.failNext('POST /swap/v2/execute', Response.json({ error: 'try again' }, { status: 400 }));
    const observer = new MutationObserver(queryClient, {
      ...createQueries(world.api).swapExecute.mutationOptions(),
      retry: 1,
      retryDelay: 0,
    });
    expect(await observer.mutate({ body })).toMatchObject({ status: 'Success' });
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute')).toHaveLength(2);
    expect(world.secrets.filter((secret) => secret === body.signedTransaction)).toHaveLength(2);
    for (const secret of world.secrets) expect(cached().some((text) => text.includes(secret))).toBe(false);
  });

  it('a failed execute: the error the mutation keeps holds no signed transaction', async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    world.failNext('POST /swap/v2/execute', Response.json({ code: -2, error: 'bad transaction' }, { status: 400 }));
    const observer = new MutationObserver(queryClient, createQueries(world.api).swapExecute.mutationOptions());
    await expect(observer.mutate({ body })).rejects.toThrow();
    expect(world.secrets).toContain(body.signedTransaction);
    for (const secret of world.secrets) expect(cached().some((text) => text.includes(secret))).toBe(false);
  });

  it('a mutation paused while offline (what a persister writes) already holds no signed transaction; it runs once online', async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    onlineManager.setOnline(false);
    try {
      const observer = new MutationObserver(queryClient, createQueries(world.api).swapExecute.mutationOptions());
      const done = observer.mutate({ body });
      await until(() => observer.getCurrentResult().isPaused);
      const persisted = dehydrate(queryClient); // by default: the paused mutations
      expect(persisted.mutations).toHaveLength(1);
      expect(stringsIn(persisted).some((text) => text.includes(body.signedTransaction))).toBe(false);
      onlineManager.setOnline(true);
      void queryClient.resumePausedMutations(); // what a mounted QueryClient does when the browser is back online
      expect(await done).toMatchObject({ status: 'Success' });
      expect(world.secrets).toContain(body.signedTransaction);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('a mutation restored from a persisted cache cannot send the redacted value: a clear error, nothing sent', async () => {
    const world = await newWorld();
    const options = createQueries(world.api).swapExecute.mutationOptions();
    await expect(options.mutationFn!({ body: { signedTransaction: REDACTED, requestId: 'r-1' } }, {} as never)).rejects.toThrow(
      /not kept \(a restored or repeated mutation\)/,
    );
    expect(world.requests).toEqual([]);
  });

  it('frozen variables (an immutable store) are refused with a clear error, nothing sent: the signed transaction would stay in the state', async () => {
    const world = await newWorld();
    const body = await signedSwap(world);
    const observer = new MutationObserver(queryClient, createQueries(world.api).swapExecute.mutationOptions());
    const executes = world.requests.length;
    await expect(observer.mutate(Object.freeze({ body }))).rejects.toThrow(
      /swapExecute: the variables are frozen .*signedTransaction.* give an object that is not frozen/,
    );
    expect(world.requests.length).toBe(executes);
    // A frozen body in variables that are not frozen is fine: the body itself is never changed.
    expect(await observer.mutate({ body: Object.freeze({ ...body }) })).toMatchObject({ status: 'Success' });
    for (const secret of world.secrets) expect(cached().some((text) => text.includes(secret))).toBe(false);
  });

  it('a write without sensitive fields keeps its variables as given', async () => {
    const world = await newWorld();
    const variables = { body: { walletPubkey: world.wallet.address, type: 'message' as const } };
    const observer = new MutationObserver(queryClient, createQueries(world.api).triggerV2CreateChallenge.mutationOptions());
    await observer.mutate(variables);
    expect(queryClient.getMutationCache().getAll()[0]!.state.variables).toBe(variables);
    expect(variables.body.walletPubkey).toBe(world.wallet.address);
  });
});

describe('writes whose answer carries a credential (x-sensitive answer fields)', () => {
  it('the table lists auth verify, whose answer is the bearer token', () => {
    expect(sensitiveAnswers).toEqual({ triggerV2VerifyChallenge: ['token'] });
  });

  it("auth verify: data.token is the working token; the mutation state, a persister's JSON and a spread of data do not hold it", async () => {
    const world = await newWorld();
    const q = createQueries(world.api);
    const challenge = await new MutationObserver(queryClient, q.triggerV2CreateChallenge.mutationOptions()).mutate({
      body: { walletPubkey: world.wallet.address, type: 'message' },
    });
    const body = await answerTriggerChallenge(challenge, world.wallet);
    const data = await new MutationObserver(queryClient, q.triggerV2VerifyChallenge.mutationOptions()).mutate({ body });
    const { token } = data;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    // The token works: the simulator takes it as the wallet's bearer token.
    const vault = await world.sim.fetch(
      new Request('http://simulator.test/trigger/v2/vault', { headers: { 'x-api-key': 'test-key', authorization: `Bearer ${token}` } }),
    );
    // Authenticated (a bad token is 401), and no vault is registered yet.
    expect(vault.status).toBe(404);

    expect(Object.keys(data)).not.toContain('token');
    expect(JSON.stringify({ ...data })).not.toContain(token);
    const verify = queryClient.getMutationCache().getAll().at(-1)!;
    expect(verify.state.data).toBe(data);
    const persisted = JSON.stringify(dehydrate(queryClient, { shouldDehydrateMutation: () => true }));
    expect(persisted).toContain(world.wallet.address); // the cache is written: the verify call and its wallet are in it
    expect(persisted).not.toContain(token);
    expect(stringsIn(verify.state)).not.toContain(token);
  });
});

/** Waits (bounded in count, not a timed assertion) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}

describe('a service that ignores the paging (drift)', () => {
  /** A client on the world's simulator whose requests lose their paging parameters on the way. */
  const driftingClient = (world: World) =>
    createClient({
      baseUrl: 'http://simulator.test',
      apiKey: 'test-key',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        for (const name of ['start', 'page', 'offset']) url.searchParams.delete(name);
        return await world.sim.fetch(new Request(url, request));
      },
    });

  it('start-end: the next page answered at the first position again stops with a PaginationError, not the same page forever', async () => {
    const world = await newWorld();
    const options = createQueries(driftingClient(world)).predictionListEvents.infiniteQueryOptions({
      category: 'sports',
      start: 0,
      end: 2,
    });
    const observer = new InfiniteQueryObserver(queryClient, options);
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>;
    expect(result.hasNextPage).toBe(true);
    for (let i = 0; i < 5 && result.hasNextPage && !result.isFetchNextPageError; i++) result = await observer.fetchNextPage();
    expect(result.isFetchNextPageError).toBe(true);
    expect(result.error).toBeInstanceOf(PaginationError);
    expect(result.data!.pages).toHaveLength(1); // the repeated page was not added
  });

  it('a page without the paging marks the spec requires is a PaginationError, as the client says (it ended the list quietly)', async () => {
    const world = await newWorld();
    // The history answered without its `pagination` (offset, total): where it is and whether more follow are unknown.
    const unmarked = createClient({
      baseUrl: 'http://simulator.test',
      apiKey: 'test-key',
      fetch: async () => Response.json({ orders: [{ id: 'o1' }, { id: 'o2' }] }),
    });
    const query = { user: world.wallet.address, limit: 2 } as never;
    const options = createQueries(unmarked).triggerV2GetOrderHistory.infiniteQueryOptions(query);
    await expect(queryClient.fetchInfiniteQuery(options)).rejects.toBeInstanceOf(PaginationError);
    // The same page through the client's own paged list: the same error, from the same step.
    const listed = (async () => {
      for await (const _ of unmarked.paginateTriggerV2GetOrderHistory(query)) void _;
    })();
    await expect(listed).rejects.toBeInstanceOf(PaginationError);
  });
});

describe('infinite data restored from a persisted cache (an older version kept a page without its paging marks)', () => {
  it('restoring shows the pages and ends the list (it threw while rendering); a fresh fetch of such a page is still a PaginationError', async () => {
    const world = await newWorld();
    const query = { user: world.wallet.address, limit: 2 } as never;
    const unmarked = { orders: [{ id: 'o1' }, { id: 'o2' }] }; // no `pagination` (offset, total)
    const app = createQueries(
      createClient({ baseUrl: 'http://simulator.test', apiKey: 'test-key', maxRetries: 0, fetch: async () => Response.json(unmarked) }),
    );
    const options = app.triggerV2GetOrderHistory.infiniteQueryOptions(query);
    // What a persister wrote of the older version's cache, restored into the app's QueryClient.
    const older = new QueryClient();
    older.setQueryData(options.queryKey, { pages: [unmarked], pageParams: [{ offset: 0 }] } as never);
    const restored = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    hydrate(restored, JSON.parse(JSON.stringify(dehydrate(older))));

    const observer = new InfiniteQueryObserver(restored, { ...options, staleTime: Number.POSITIVE_INFINITY });
    const shown = observer.getCurrentResult();
    expect(shown.data?.pages).toEqual([unmarked]);
    expect(shown.hasNextPage).toBe(false);
    expect(shown.isError).toBe(false);
    // Asked again, the service's unmarked page is the query's error.
    const fresh = await observer.refetch();
    expect(fresh.error).toBeInstanceOf(PaginationError);
  });
});

describe("retries: the client's, never TanStack Query's on top", () => {
  /** A client answering every request with `status`, retrying (or not) as its own rule says, at once. */
  function answering(status: number) {
    const sent: string[] = [];
    const api = createClient({
      baseUrl: 'http://simulator.test',
      apiKey: 'test-key',
      retryBaseDelayMs: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        return Response.json({ error: `status ${status}` }, { status });
      },
    });
    return { q: createQueries(api), sent };
  }
  // What a browser app gets from `new QueryClient()`: 3 retries (retryDelay 0 here, not 1 s, 2 s, 4 s).
  const appDefault = () =>
    new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 }, mutations: { retry: 3, retryDelay: 0 } } });

  it('a refused key (401) or a refusal (403) is asked once: the error shows at once, no more requests the service refuses', async () => {
    for (const status of [401, 403]) {
      const { q, sent } = answering(status);
      await expect(appDefault().fetchQuery(q.predictionGetTradingStatus.queryOptions())).rejects.toMatchObject({ status });
      expect(sent, `${status}`).toEqual(['GET /prediction/v1/trading-status']);
    }
  });

  it('a paged read refused (401) is asked once too', async () => {
    const { q, sent } = answering(401);
    await expect(
      appDefault().fetchInfiniteQuery(q.predictionListEvents.infiniteQueryOptions({ category: 'sports' })),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(sent).toEqual(['GET /prediction/v1/events']);
  });

  it('a passing failure (503, 429) is retried by the client (maxRetries 2: 3 requests), not again by TanStack (12)', async () => {
    for (const status of [503, 429]) {
      const { q, sent } = answering(status);
      await expect(appDefault().fetchQuery(q.predictionGetTradingStatus.queryOptions())).rejects.toMatchObject({ status });
      expect(sent, `${status}`).toHaveLength(3);
    }
  });

  it('swap execute (x-safe-to-retry, retried by the client) refused: sent once, not again by TanStack', async () => {
    const { q, sent } = answering(401);
    const observer = new MutationObserver(appDefault(), q.swapExecute.mutationOptions());
    await expect(observer.mutate({ body: { signedTransaction: 'AQ==', requestId: 'r-1' } })).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['POST /swap/v2/execute']);
  });

  it("the app's own retry given with the options is in charge", async () => {
    const { q, sent } = answering(503);
    await expect(appDefault().fetchQuery({ ...q.predictionGetTradingStatus.queryOptions(), retry: 1 })).rejects.toMatchObject({
      status: 503,
    });
    expect(sent).toHaveLength(6); // two calls of the client, three requests each
  });
});

describe('retries of writes', () => {
  it("a write the spec does not mark x-safe-to-retry is sent once, whatever the app's default mutation retries", async () => {
    const { api, wallet, requests, failNext } = await newWorld();
    const retrying = new QueryClient({ defaultOptions: { mutations: { retry: 2, retryDelay: 0 } } });
    const options = createQueries(api).triggerV2CreateChallenge.mutationOptions();
    expect(options.retry).toBe(false);
    failNext('POST /trigger/v2/auth/challenge', new Response('{"error":"unavailable"}', { status: 503 }));
    const observer = new MutationObserver(retrying, options);
    await expect(observer.mutate({ body: { walletPubkey: wallet.address, type: 'message' } })).rejects.toThrow();
    expect(requests).toEqual(['POST /trigger/v2/auth/challenge']);
  });

  it('no write is retried by TanStack Query, x-safe-to-retry (swap execute) neither: the client retries those itself', () => {
    const q = createQueries(newClientForKeys()) as unknown as Record<string, { mutationOptions?: () => { retry?: unknown } }>;
    for (const id of writeOperations) expect(q[id]!.mutationOptions!().retry, id).toBe(false);
  });
});

function newClientForKeys() {
  return createClient({ baseUrl: 'http://simulator.test', apiKey: 'test-key' });
}
