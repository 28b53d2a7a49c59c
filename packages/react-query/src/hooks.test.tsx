// @vitest-environment happy-dom
// The hooks rendered by React (react-dom in happy-dom) against the simulator in-process: the swap
// (a quote that refreshes while shown, sign, execute, outcome), the price order (create, then
// polled until the simulator fills it) and a trigger v1 order (polled until it leaves for the history).
import { dehydrate, QueryClient, QueryClientProvider, useInfiniteQuery, useMutationState, useQuery } from '@tanstack/react-query';
import { act, type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createClient, PaginationError, PermissionDeniedError, RateLimitError } from '@x/fetch-client';
import { afterEach, describe, expect, it } from 'vitest';
import { holdPollTimers } from '../test/poll-timers.ts';
import { MINTS, newWorld, openV1Orders, stringsIn, type World } from '../test/support.ts';
import { XClientProvider, useXQueries } from './context.js';
import { createQueries } from './queries.js';
import { usePriceOrder, useCreatePriceOrder } from './price-order.js';
import { useSwap, useSwapQuote } from './swap.js';
import { useTriggerV1Order } from './trigger-v1-order.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The hooks poll only when a test ticks (see poll-timers.ts): `until` ticks while it waits.
const timers = holdPollTimers();

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Renders `ui` inside the providers; `latest()` is the last value the probe component saw. */
function render<T>(
  world: World,
  useProbe: () => T,
  // The app's default QueryClient (3 retries in a browser): the options set their own `retry`.
  queryClient = new QueryClient(),
  strict = false,
): { latest: () => T; queryClient: QueryClient } {
  let value: T;
  function Probe(): ReactNode {
    value = useProbe();
    return null;
  }
  const container = document.createElement('div');
  root = createRoot(container);
  const tree = (
    <QueryClientProvider client={queryClient}>
      <XClientProvider client={world.api}>
        <Probe />
      </XClientProvider>
    </QueryClientProvider>
  );
  act(() => root!.render(strict ? <StrictMode>{tree}</StrictMode> : tree));
  return { latest: () => value, queryClient };
}

/**
 * Asserts that none of the credentials the client sent (signed transactions, challenge signatures,
 * bearer tokens) is in what the app's TanStack Query holds: `mutations` (what `useMutationState`
 * gave the component) and everything a persister would write of the QueryClient.
 */
function expectNoCredentialIn(world: World, queryClient: QueryClient, mutations: unknown): void {
  expect(world.secrets.length).toBeGreaterThan(0);
  const held = [
    ...stringsIn(mutations),
    ...stringsIn(queryClient.getMutationCache().getAll().map((mutation) => mutation.state)),
    ...stringsIn(queryClient.getQueryCache().getAll().map((query) => query.state)),
    ...stringsIn(dehydrate(queryClient, { shouldDehydrateMutation: () => true, shouldDehydrateQuery: () => true })),
  ];
  for (const secret of world.secrets) expect(held.some((text) => text.includes(secret))).toBe(false);
}

/**
 * Waits (bounded in count, not a timed assertion) until `done` holds, letting React and the
 * simulator run; each turn is one tick of the polling hooks, unless `tick` is false.
 */
async function until(done: () => boolean, what: string, { tick = true } = {}): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (done()) return;
    await act(async () => {
      if (tick) timers.tick();
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * Asserts that no hook polls any more: no interval is left, and ticks (each a poll of every hook
 * still polling, and time for its request to be sent) send nothing: `sent()` does not grow.
 */
async function expectPollingStopped(sent: () => number): Promise<void> {
  const before = sent();
  expect(timers.live()).toEqual([]);
  for (let i = 0; i < 3; i++) await act(async () => void timers.tick());
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(sent()).toBe(before);
}

/** A client on `answers` (each request the next one, the last one kept); `sent` counts the requests. */
function scripted(answers: (() => Response)[]) {
  const sent: string[] = [];
  const api = createClient({
    baseUrl: 'http://simulator.test',
    apiKey: 'test-key',
    maxRetries: 0, // the hook's polling is what is tested, not the client's own retries
    fetch: async (input, init) => {
      sent.push(new Request(input, init).url);
      return answers[Math.min(sent.length, answers.length) - 1]!();
    },
  });
  return { api, sent };
}

/** A price order selling 40 PLATFORM_TOKEN when its price goes above 0.60 USD, for a day. */
const sellAbove = (world: World) =>
  ({
    orderType: 'single',
    inputMint: MINTS.PLATFORM_TOKEN,
    inputAmount: '40000000',
    outputMint: MINTS.STABLECOIN_USD,
    triggerMint: MINTS.PLATFORM_TOKEN,
    triggerCondition: 'above',
    triggerPriceUsd: 0.6,
    slippageBps: 50,
    expiresAt: world.sim.control.now() + 24 * 3_600_000,
  }) as const;

const order = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };

describe('the hooks in React', () => {
  it('useXQueries gives the options of the provided client; without a provider it says what is missing', async () => {
    const world = await newWorld();
    const view = render(world, () => useXQueries());
    expect(view.latest().predictionGetTradingStatus.queryKey()).toEqual(['x', 'predictionGetTradingStatus', {}, { baseUrl: 'http://simulator.test' }]);
    act(() => root?.unmount());
    const container = document.createElement('div');
    root = createRoot(container);
    const errors: unknown[] = [];
    function Lost(): ReactNode {
      try {
        useXQueries();
      } catch (error) {
        errors.push(error);
      }
      return null;
    }
    act(() => root!.render(<Lost />));
    expect(String(errors[0])).toContain('XClientProvider');
  });

  it('a flow hook without a provider names itself in the error (it named useXClient, which the app never called)', () => {
    const errors: unknown[] = [];
    function Lost(): ReactNode {
      for (const hook of [() => useSwap({ signer: undefined }), () => useCreatePriceOrder({ signer: undefined })])
        try {
          hook();
        } catch (error) {
          errors.push(String(error));
        }
      return null;
    }
    root = createRoot(document.createElement('div'));
    act(() => root!.render(<Lost />));
    expect(errors).toEqual([
      expect.stringMatching(/^Error: useSwap needs an <XClientProvider/),
      expect.stringMatching(/^Error: useCreatePriceOrder needs an <XClientProvider/),
    ]);
  });

  it('useInfiniteQuery renders pages restored from a persisted cache without their paging marks (it threw out of the render)', async () => {
    const world = await newWorld();
    const unmarked = { orders: [{ id: 'o1', orderState: 'open' }] }; // kept by an older version: no `pagination`
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const { api } = scripted([() => Response.json(unmarked)]);
    const key = createQueries(api).triggerV2GetOrderHistory.infiniteQueryOptions().queryKey;
    queryClient.setQueryData(key, { pages: [unmarked], pageParams: [{ offset: 0 }] } as never);
    const view = render({ ...world, api }, () => useInfiniteQuery(useXQueries().triggerV2GetOrderHistory.infiniteQueryOptions()), queryClient);
    expect(view.latest().data?.pages).toEqual([unmarked]);
    expect(view.latest().hasNextPage).toBe(false);
  });

  it('swap: the quote refreshes while shown, then the wallet signs a checked order and it executes', async () => {
    const world = await newWorld();
    const view = render(world, () => ({
      quote: useSwapQuote(order, { refetchIntervalMs: 20 }),
      swap: useSwap({ signer: world.wallet, sleep: async (ms) => world.sim.control.advanceTime(ms) }),
      mutations: useMutationState(),
    }));
    await until(() => view.latest().quote.data !== undefined, 'a quote');
    expect(view.latest().quote.data!.outAmount).toMatch(/^\d+$/);
    expect(view.latest().quote.data!.transaction ?? null).toBeNull(); // no taker: a quote, nothing to sign
    await until(() => world.requests.filter((r) => r === 'GET /swap/v2/order').length >= 3, 'the quote refreshed');
    const before = world.sim.control.getBalance(world.wallet.address, MINTS.PLATFORM_TOKEN)!;
    act(() => view.latest().swap.mutate(order));
    await until(() => !view.latest().swap.isPending && view.latest().swap.status !== 'idle', 'the swap ended');
    const { data, error } = view.latest().swap;
    expect(error).toBeNull();
    expect(data!.execution).toMatchObject({ status: 'Success', code: 0 });
    expect(data!.order.taker).toBe(world.wallet.address);
    expect(world.requests).toContain('POST /swap/v2/execute');
    expect(before - world.sim.control.getBalance(world.wallet.address, MINTS.PLATFORM_TOKEN)!).toBe(40_000_000n);
    // The signed transaction went out, and neither the outcome nor any state keeps it.
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute').length).toBeGreaterThan(0);
    expect(data).not.toHaveProperty('signedTransaction');
    expect(data!.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(view.latest().mutations.map((state) => state.status)).toEqual(['success']);
    expectNoCredentialIn(world, view.queryClient, view.latest().mutations);
  });

  it('swap: the outcome shows as soon as the swap ended, while the quotes it marked stale are still being asked again (it waited for them)', async () => {
    const world = await newWorld();
    let held: Promise<void> | undefined;
    let release = () => {};
    const api = createClient({
      baseUrl: 'http://simulator.test',
      apiKey: 'test-key',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        // A quote (no taker) asked while `held`: a slow quote service; the swap's own order (a taker) is not held.
        if (held && url.pathname === '/swap/v2/order' && !url.searchParams.has('taker')) await held;
        return await world.sim.fetch(request);
      },
    });
    const view = render({ ...world, api }, () => ({
      quote: useSwapQuote(order),
      swap: useSwap({ signer: world.wallet, sleep: async (ms) => world.sim.control.advanceTime(ms) }),
    }));
    await until(() => view.latest().quote.data !== undefined, 'a quote', { tick: false });
    held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      act(() => view.latest().swap.mutate(order));
      await until(() => view.latest().quote.isFetching, 'the quotes asked again after the swap', { tick: false });
      await until(() => view.latest().swap.isSuccess, 'the swap outcome shown', { tick: false });
      expect(view.latest().swap.data!.execution.status).toBe('Success');
      expect(view.latest().quote.isFetching).toBe(true); // the quote refresh is still under way
    } finally {
      release();
    }
  });

  it('swap: a quote the service refuses (a 400) stops refreshing (it asked again every interval); a passing failure (503) refreshes on', async () => {
    const world = await newWorld();
    const refused = scripted([() => Response.json({ error: 'Invalid inputMint' }, { status: 400 })]);
    const view = render({ ...world, api: refused.api }, () => useSwapQuote(order, { refetchIntervalMs: 20 }));
    await until(() => view.latest().isError, 'the quote failed', { tick: false });
    await expectPollingStopped(() => refused.sent.length);
    act(() => root?.unmount());
    const unavailable = scripted([() => Response.json({ error: 'unavailable' }, { status: 503 })]);
    const again = render({ ...world, api: unavailable.api }, () => useSwapQuote(order, { refetchIntervalMs: 20 }));
    await until(() => again.latest().isError, 'the quote failed', { tick: false });
    expect(timers.live()).toEqual([20]);
  });

  it('swap: an order the service cannot build is a typed error and nothing is executed', async () => {
    const world = await newWorld();
    const view = render(world, () => useSwap({ signer: world.wallet }));
    act(() => view.latest().mutate({ ...order, amount: '999000000000' }));
    await until(() => view.latest().isError, 'the swap failed');
    expect(view.latest().error).toMatchObject({ code: 'SWAP_ORDER_FAILED' });
    expect(world.requests).not.toContain('POST /swap/v2/execute');
  });

  it("swap: an app's default mutation retries never run the flow again (a new order signed while the first may still land)", async () => {
    const world = await newWorld();
    const retrying = new QueryClient({ defaultOptions: { mutations: { retry: 2, retryDelay: 0 } } });
    const view = render(world, () => useSwap({ signer: world.wallet, maxExecuteCalls: 1 }), retrying);
    world.failNext('POST /swap/v2/execute', new Response('{"error":"unavailable"}', { status: 503 }));
    act(() => view.latest().mutate(order));
    await until(() => view.latest().isError || view.latest().isSuccess, 'the swap ended');
    expect(view.latest().error).toMatchObject({ code: 'SWAP_STATUS_UNKNOWN' });
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(1);
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute')).toHaveLength(1);
  });

  it('swap: a failed execute is a typed error, and neither it nor any state holds the signed transaction', async () => {
    const world = await newWorld();
    const view = render(world, () => useSwap({ signer: world.wallet }));
    world.failNext('POST /swap/v2/execute', Response.json({ code: -2, error: 'bad transaction' }, { status: 400 }));
    act(() => view.latest().mutate(order));
    await until(() => view.latest().isError, 'the swap failed');
    expect(view.latest().error).toMatchObject({ code: 'SWAP_EXECUTE_FAILED' });
    expectNoCredentialIn(world, view.queryClient, view.latest().error);
  });

  it('price order: a refused create is an error, and neither it nor any state holds the signed deposit or the bearer token', async () => {
    const world = await newWorld();
    const view = render(world, () => useCreatePriceOrder({ signer: world.wallet }));
    world.failNext('POST /trigger/v2/orders/price', Response.json({ error: 'Invalid deposit' }, { status: 400 }));
    act(() => view.latest().mutate(sellAbove(world)));
    await until(() => view.latest().isError, 'the create failed');
    expect(world.requests).toContain('POST /trigger/v2/orders/price');
    expectNoCredentialIn(world, view.queryClient, view.latest().error);
  });

  it('swap: started from an effect (as the README does) under StrictMode, one swap runs, not two', async () => {
    const world = await newWorld();
    const view = render(
      world,
      () => {
        const swap = useSwap({ signer: world.wallet });
        useEffect(() => {
          if (swap.isIdle) swap.mutate(order);
        }, [swap]);
        return swap;
      },
      undefined,
      true,
    );
    await until(() => view.latest().isSuccess || view.latest().isError, 'the swap ended');
    expect(view.latest().error).toBeNull();
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(1);
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute')).toHaveLength(1);
  });

  it('swap: mutate twice before the first ends (a double click) runs one swap; after it ends, the next runs', async () => {
    const world = await newWorld();
    const view = render(world, () => useSwap({ signer: world.wallet }));
    act(() => {
      view.latest().mutate(order);
      view.latest().mutate(order);
    });
    await until(() => view.latest().isSuccess || view.latest().isError, 'the swap ended');
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(1);
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute')).toHaveLength(1);
    await act(async () => {
      await view.latest().mutateAsync(order).catch(() => undefined); // a new run (its outcome is not the point)
    });
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(2);
  });

  it('swap: variables holding a BigInt (an amount as money) run, and a double click still joins the run (hashing them threw)', async () => {
    const world = await newWorld();
    const view = render(world, () => useSwap({ signer: world.wallet }));
    const withBigInt = { ...order, amount: 40_000_000n as unknown as string };
    act(() => {
      view.latest().mutate(withBigInt);
      view.latest().mutate({ ...withBigInt });
    });
    await until(() => view.latest().isSuccess || view.latest().isError, 'the swap ended');
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(1);
    expect(String(view.latest().error)).not.toMatch(/BigInt/);
    // Another amount as a BigInt is other variables: refused while one runs.
    let first: Promise<unknown> | undefined;
    let second: Promise<unknown> | undefined;
    act(() => {
      first = view.latest().mutateAsync(withBigInt).catch(() => undefined);
      second = view.latest().mutateAsync({ ...order, amount: 20_000_000n as unknown as string });
    });
    await expect(second).rejects.toThrow(/a run for other variables is in progress/);
    await first;
  });

  it("swap: mutateAsync of another order while a swap runs is refused, nothing sent for it (it resolved with the running swap's outcome)", async () => {
    const world = await newWorld();
    const view = render(world, () => useSwap({ signer: world.wallet }));
    let first: Promise<{ order: { inAmount: string } }> | undefined;
    let second: Promise<unknown> | undefined;
    act(() => {
      first = view.latest().mutateAsync(order);
      second = view.latest().mutateAsync({ ...order, amount: '20000000' });
    });
    await expect(second).rejects.toThrow(/useSwap: a run for other variables is in progress: nothing was sent for these/);
    expect((await first!).order.inAmount).toBe('40000000');
    expect(world.requests.filter((route) => route === 'GET /swap/v2/order')).toHaveLength(1);
    expect(world.requests.filter((route) => route === 'POST /swap/v2/execute')).toHaveLength(1);
  });

  it('price order: mutate twice before the first ends (a double click) creates one order, one deposit signed', async () => {
    const world = await newWorld();
    const view = render(world, () => useCreatePriceOrder({ signer: world.wallet }));
    const priceOrder = sellAbove(world);
    act(() => {
      view.latest().mutate(priceOrder);
      view.latest().mutate(priceOrder);
    });
    await until(() => view.latest().isSuccess || view.latest().isError, 'the order was created');
    expect(view.latest().error).toBeNull();
    expect(world.requests.filter((route) => route === 'POST /trigger/v2/deposit/craft')).toHaveLength(1);
    expect(world.requests.filter((route) => route === 'POST /trigger/v2/orders/price')).toHaveLength(1);
  });

  it("price order: the wallet's vault read shows the vault the flow registered (it stayed a 404 until refetched)", async () => {
    const world = await newWorld();
    const view = render(world, () => ({
      vault: useQuery(useXQueries().triggerV2GetVault.queryOptions()),
      create: useCreatePriceOrder({ signer: world.wallet }),
    }));
    await until(() => view.latest().vault.isError, 'no vault yet', { tick: false });
    expect(view.latest().vault.error).toMatchObject({ status: 404 });
    act(() => view.latest().create.mutate(sellAbove(world)));
    await until(() => view.latest().create.isSuccess || view.latest().create.isError, 'the order was created', { tick: false });
    expect(view.latest().create.data?.vaultRegistered).toBe(true);
    await until(() => view.latest().vault.data !== undefined, 'the vault read again', { tick: false });
    expect(view.latest().vault.data).toMatchObject({ vaultPubkey: view.latest().create.data!.vault.vaultPubkey });
  });

  it('price order: signs in, creates the order, polls it until the simulator fills it, then stops polling', async () => {
    const world = await newWorld();
    const view = render(world, () => {
      const create = useCreatePriceOrder({ signer: world.wallet });
      return { create, order: usePriceOrder(create.data?.id, { pollIntervalMs: 10 }), mutations: useMutationState() };
    });
    act(() => view.latest().create.mutate(sellAbove(world)));
    await until(() => view.latest().create.isSuccess || view.latest().create.isError, 'the order was created');
    expect(view.latest().create.error).toBeNull();
    const orderId = view.latest().create.data!.id;
    expect(world.requests.slice(0, 2)).toEqual(['POST /trigger/v2/auth/challenge', 'POST /trigger/v2/auth/verify']);
    await until(() => view.latest().order.data !== undefined, 'the order was read');
    expect(view.latest().order.data).toMatchObject({ id: orderId, orderState: 'open' });
    expect(timers.live()).toEqual([10]); // open: polled
    // The market's price crosses the trigger; the simulator's market watch fills the order.
    world.market.control.setPrice(MINTS.PLATFORM_TOKEN, 0.7);
    expect((await world.sim.control.pollMarket()).filled).toEqual([orderId]);
    await until(() => view.latest().order.data?.orderState === 'filled', 'the order filled');
    // Final: polling stopped.
    await expectPollingStopped(() => world.requests.filter((r) => r === 'GET /trigger/v2/orders/history').length);
    // The challenge signature, the bearer token and the signed deposit went out; no state keeps them.
    expect(view.latest().create.data).not.toHaveProperty('signedDeposit');
    expect(view.latest().create.data!.depositSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(world.requests).toContain('POST /trigger/v2/orders/price');
    expectNoCredentialIn(world, view.queryClient, view.latest().mutations);
  });

  it("price order: no id yet (undefined, or an empty string) reads nothing (an empty id read the wallet's whole history)", async () => {
    const world = await newWorld();
    const { api, sent } = scripted([() => Response.json({ orders: [] })]);
    for (const id of [undefined, '']) {
      const view = render({ ...world, api }, () => usePriceOrder(id, { pollIntervalMs: 10 }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(view.latest().fetchStatus).toBe('idle');
      expect(view.latest().data).toBeUndefined();
    }
    expect(sent).toHaveLength(0);
  });

  it('trigger v1 order: no wallet or no order key yet (undefined, or empty) reads nothing', async () => {
    const world = await newWorld();
    const { api, sent } = scripted([() => Response.json({ orders: [], page: 1, totalPages: 1 })]);
    for (const [user, key] of [
      [undefined, 'k'],
      ['', 'k'],
      ['u', undefined],
      ['u', ''],
    ] as const) {
      const view = render({ ...world, api }, () => useTriggerV1Order(user, key, { pollIntervalMs: 10 }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(view.latest().fetchStatus).toBe('idle');
    }
    expect(sent).toHaveLength(0);
  });

  it('price order: an error that will not heal (403) stops polling (it polled the refusal forever)', async () => {
    const world = await newWorld();
    const { api, sent } = scripted([() => Response.json({ error: 'not allowed' }, { status: 403 })]);
    const view = render({ ...world, api }, () => usePriceOrder('order-1', { pollIntervalMs: 10 }));
    await until(() => view.latest().isError, 'the read failed', { tick: false });
    expect(view.latest().error).toBeInstanceOf(PermissionDeniedError);
    await expectPollingStopped(() => sent.length);
    expect(sent).toHaveLength(1);
  });

  it('price order: a passing failure (503, 429) polls on, no sooner than the Retry-After asked for', async () => {
    const world = await newWorld();
    const { api, sent } = scripted([
      () => Response.json({ error: 'unavailable' }, { status: 503 }),
      () => Response.json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '3' } }),
      () => Response.json({ orders: [{ id: 'order-1', orderState: 'open' }] }),
    ]);
    const view = render({ ...world, api }, () => usePriceOrder('order-1', { pollIntervalMs: 10 }));
    await until(() => view.latest().isError, 'the 503', { tick: false });
    expect(timers.live()).toEqual([10]);
    await act(async () => void timers.tick());
    await until(() => view.latest().error instanceof RateLimitError, 'the 429', { tick: false });
    expect(timers.live()).toEqual([3000]);
    await act(async () => void timers.tick());
    await until(() => view.latest().data !== undefined, 'the order', { tick: false });
    expect(view.latest().data).toMatchObject({ orderState: 'open' });
    expect(timers.live()).toEqual([10]);
    expect(sent).toHaveLength(3);
  });

  it('trigger v1 order: polls the active listing, then the history once it is filled, then stops', async () => {
    const world = await newWorld();
    const [orderKey] = await openV1Orders(world);
    const view = render(world, () => useTriggerV1Order(world.wallet.address, orderKey, { pollIntervalMs: 10 }));
    await until(() => view.latest().data !== undefined, 'the order was read');
    expect(view.latest().data).toMatchObject({ isFinal: false, order: { orderKey, status: 'Open' } });
    // Its key is the client's (its base URL), as every key of the package.
    expect(view.queryClient.getQueryCache().getAll()[0]!.queryKey[3]).toEqual({ baseUrl: 'http://simulator.test' });
    const lists = () => world.requests.filter((r) => r === 'GET /trigger/v1/getTriggerOrders').length;
    await until(() => lists() >= 3, 'the order was read again');
    expect(timers.live()).toEqual([10]); // open: polled
    world.sim.control.fillOrder(orderKey!);
    await until(() => view.latest().data?.isFinal === true, 'the order left for the history');
    expect(view.latest().data?.order).toMatchObject({ orderKey, status: 'Completed', rawRemainingMakingAmount: '0' });
    await expectPollingStopped(lists); // final: polling stopped
  });

  it('trigger v1 order: walks the pages of each listing, finding an old order behind 11 newer ones on page 2', async () => {
    const world = await newWorld();
    const [old, ...newer] = await openV1Orders(world, 12);
    const view = render(world, () => useTriggerV1Order(world.wallet.address, old, { pollIntervalMs: 10 }));
    await until(() => view.latest().data !== undefined, 'the order was read');
    expect(view.latest().data).toMatchObject({ isFinal: false, order: { orderKey: old, status: 'Open' } });
    // All twelve finish: the 11 newer ones fill page 1 of the history, the old one is on page 2.
    for (const key of [...newer, old!]) world.sim.control.fillOrder(key);
    await until(() => view.latest().data?.isFinal === true, 'the order was found in the history');
    expect(view.latest().data?.order).toMatchObject({ orderKey: old, status: 'Completed' });
  });

  it('trigger v1 order: a service that ignores the paging is a PaginationError and polling stops (it polled the error forever)', async () => {
    const world = await newWorld();
    const [old] = await openV1Orders(world, 12); // behind 11 newer ones: on page 2 of the active listing
    let lists = 0;
    const drifting = createClient({
      baseUrl: 'http://simulator.test',
      apiKey: 'test-key',
      fetch: async (input, init) => {
        const url = new URL(new Request(input, init).url);
        url.searchParams.delete('page'); // every page asked is answered with page 1
        lists++;
        return await world.sim.fetch(new Request(url, init));
      },
    });
    const view = render({ ...world, api: drifting }, () => useTriggerV1Order(world.wallet.address, old, { pollIntervalMs: 10 }));
    await until(() => view.latest().isError, 'the read failed');
    expect(view.latest().error).toBeInstanceOf(PaginationError);
    await expectPollingStopped(() => lists); // not polled again
  });

  it("a refused key (401) is read once by each polling hook, whatever the app's default retries (it was read 4 times before the error showed)", async () => {
    const world = await newWorld();
    const retrying = () => new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });
    const refused = () => Response.json({ error: 'invalid key' }, { status: 401 });
    const probes: (() => { isError: boolean; error: unknown })[] = [
      () => useTriggerV1Order(world.wallet.address, 'order-1', { pollIntervalMs: 10 }),
      () => usePriceOrder('order-1', { pollIntervalMs: 10 }),
      () => useSwapQuote({ inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '1' }, { refetchIntervalMs: 10 }),
    ];
    for (const probe of probes) {
      const { api, sent } = scripted([refused]);
      const view = render({ ...world, api }, probe, retrying());
      await until(() => view.latest().isError, 'the read failed', { tick: false });
      expect(view.latest().error).toMatchObject({ status: 401 });
      expect(sent).toHaveLength(1);
      act(() => root?.unmount());
    }
  });

  it('a poll interval or page bound that is not a positive number is a clear error (0 or NaN silently stopped polling)', async () => {
    const world = await newWorld();
    const order = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '1' };
    const cases: [() => unknown, RegExp][] = [
      [() => usePriceOrder('order-1', { pollIntervalMs: 0 }), /usePriceOrder: pollIntervalMs must be a positive number of milliseconds, got 0/],
      [() => usePriceOrder('order-1', { pollIntervalMs: Number.NaN }), /pollIntervalMs must be a positive number of milliseconds, got NaN/],
      [() => useTriggerV1Order('user', 'key', { pollIntervalMs: -5 }), /useTriggerV1Order: pollIntervalMs must be .*, got -5/],
      [() => useTriggerV1Order('user', 'key', { maxPages: 0 }), /useTriggerV1Order: maxPages must be a positive integer, got 0/],
      [() => useTriggerV1Order('user', 'key', { maxPages: 1.5 }), /maxPages must be a positive integer, got 1.5/],
      [() => useSwapQuote(order, { refetchIntervalMs: 0 }), /useSwapQuote: refetchIntervalMs must be a positive number of milliseconds, got 0/],
    ];
    // Infinity is taken: read once (a quote that does not refresh), every page.
    const taken = render(world, () => [useSwapQuote(order, { refetchIntervalMs: Number.POSITIVE_INFINITY }), useTriggerV1Order(undefined, undefined, { maxPages: Number.POSITIVE_INFINITY })]);
    expect(taken.latest()).toHaveLength(2);
    act(() => root?.unmount());
    for (const [hook, message] of cases) {
      const view = render(world, () => {
        try {
          hook();
          return undefined;
        } catch (error) {
          return error;
        }
      });
      expect(view.latest()).toBeInstanceOf(RangeError);
      expect(String(view.latest())).toMatch(message);
      act(() => root?.unmount());
    }
  });

  it('trigger v1 order: reads at most maxPages pages of each listing, so an order past them stays unseen', async () => {
    const world = await newWorld();
    const [old] = await openV1Orders(world, 11);
    const lists = () => world.requests.filter((r) => r === 'GET /trigger/v1/getTriggerOrders').length;
    const view = render(world, () => useTriggerV1Order(world.wallet.address, old, { pollIntervalMs: 10, maxPages: 1 }));
    await until(() => lists() >= 6, 'the listings were read three times');
    expect(view.latest().data).toEqual({ order: undefined, isFinal: false });
  });

  it('trigger v1 order: two reads of one order with different maxPages do not share an answer', async () => {
    const world = await newWorld();
    const [old] = await openV1Orders(world, 11);
    const view = render(
      world,
      () =>
        [
          useTriggerV1Order(world.wallet.address, old, { pollIntervalMs: 10, maxPages: 1 }),
          useTriggerV1Order(world.wallet.address, old, { pollIntervalMs: 10 }),
        ] as const,
    );
    await until(() => view.latest()[1].data?.order !== undefined, 'the order found on page 2');
    expect(view.latest()[1].data).toMatchObject({ order: { orderKey: old }, isFinal: false });
    expect(view.latest()[0].data).toEqual({ order: undefined, isFinal: false });
  });
});
