// Paged lists through the client: prediction events (start/end/hasNext), trigger v2 history
// (limit/offset/total) and trigger v1 orders (page/totalPages), served by an injected fetch over an
// in-memory list.
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch.js';
import { createClient } from './create-client.js';
import { NotFoundError, PaginationError } from './errors.js';
import { pagedOperation } from './pagination.js';

const events = Array.from({ length: 7 }, (_, i) => ({ eventId: `e${i}` }));
const orders = Array.from({ length: 5 }, (_, i) => ({ id: `o${i}` }));
const v1Orders = Array.from({ length: 5 }, (_, i) => ({ orderKey: `k${i}` }));

/**
 * Serves `events` with an inclusive `end` (start 0, end 2: 3 items). The spec's examples and the
 * simulator read `end` as exclusive; the client pages right either way, and this proves the other.
 */
function eventServer(defaultWidth = 3) {
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const start = Number(url.searchParams.get('start') ?? 0);
    const end = url.searchParams.has('end') ? Number(url.searchParams.get('end')) : start + defaultWidth - 1;
    const data = events.slice(start, end + 1);
    return json({ data, pagination: { start, end: start + data.length - 1, total: events.length, hasNext: end + 1 < events.length } });
  });
}

function historyServer() {
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 2);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return json({ orders: orders.slice(offset, offset + limit), pagination: { total: orders.length, limit, offset } });
  });
}

/** Serves `v1Orders` as trigger v1 does: numbered pages of `size` from 1, with `page` and `totalPages`. */
function v1Server(size = 2) {
  return fakeFetch((request) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    const totalPages = Math.max(1, Math.ceil(v1Orders.length / size));
    return json({ user: 'u', orderStatus: 'history', orders: v1Orders.slice((page - 1) * size, page * size), totalPages, page });
  });
}

describe('paginatePredictionListEvents', () => {
  it('iterates every event across pages, keeping the filters', async () => {
    const fake = eventServer();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    const seen: string[] = [];
    for await (const event of x.paginatePredictionListEvents({ category: 'sports' })) seen.push(event.eventId);
    expect(seen).toEqual(events.map((e) => e.eventId));
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every((r) => new URL(r.url).searchParams.get('category') === 'sports')).toBe(true);
  });

  it('keeps the requested page width and exposes the pages', async () => {
    const fake = eventServer();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    const sizes: number[] = [];
    for await (const page of x.paginatePredictionListEvents({ start: 1, end: 3 }).byPage()) sizes.push(page.data.length);
    expect(sizes).toEqual([3, 3]);
    expect(fake.requests.map((r) => new URL(r.url).search)).toEqual(['?start=1&end=3', '?start=4&end=6']);
  });

  it('stops early when the loop breaks, and surfaces errors', async () => {
    const fake = eventServer();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    for await (const event of x.paginatePredictionListEvents()) if (event.eventId === 'e1') break;
    expect(fake.requests).toHaveLength(1);

    const failing = createClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: fakeFetch(() => json({ message: 'gone' }, 404)).fetch,
      throwOnError: false,
    });
    const iterate = async () => {
      for await (const _ of failing.paginatePredictionListEvents()) void _;
    };
    await expect(iterate()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('paginateTriggerV2GetOrderHistory', () => {
  it('iterates every order with limit/offset and sends the bearer token', async () => {
    const fake = historyServer();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch, bearer: { getToken: async () => 't' } });
    const ids: string[] = [];
    for await (const order of x.paginateTriggerV2GetOrderHistory({ state: 'past', limit: 2 })) ids.push(order.id);
    expect(ids).toEqual(orders.map((o) => o.id));
    expect(fake.requests.map((r) => new URL(r.url).searchParams.get('offset'))).toEqual(['0', '2', '4']);
    expect(fake.requests.every((r) => r.headers.get('authorization') === 'Bearer t')).toBe(true);
  });
});

describe('paginateTriggerV1GetTriggerOrders', () => {
  it('iterates every order page by page from 1 to totalPages, keeping the filters', async () => {
    const fake = v1Server();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    const keys: string[] = [];
    for await (const order of x.paginateTriggerV1GetTriggerOrders({ user: 'u', orderStatus: 'history' })) keys.push(order.orderKey);
    expect(keys).toEqual(v1Orders.map((o) => o.orderKey));
    expect(fake.requests.map((r) => new URL(r.url).search)).toEqual([
      '?user=u&orderStatus=history&page=1',
      '?user=u&orderStatus=history&page=2',
      '?user=u&orderStatus=history&page=3',
    ]);
  });

  it('starts at the page asked for', async () => {
    const fake = v1Server();
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch });
    const pages: number[] = [];
    for await (const page of x.paginateTriggerV1GetTriggerOrders({ user: 'u', page: 2 }).byPage()) pages.push(page.page);
    expect(pages).toEqual([2, 3]);
  });
});

describe('cursor rules', () => {
  /** The queries a paged list sends for `pages`, read to the end. */
  async function queries(
    style: 'start-end' | 'offset-limit' | 'page-number',
    pages: Array<Record<string, unknown>>,
    query?: Record<string, unknown>,
  ) {
    const sent: Array<Record<string, unknown>> = [];
    const list = pagedOperation(
      style,
      'items',
      async (q) => {
        sent.push(q);
        return pages[sent.length - 1]!;
      },
      query,
    );
    for await (const _ of list) void _;
    return sent;
  }

  it('next start is counted from the items received, keeping the width', async () => {
    const page = (start: number, hasNext: boolean) => ({ items: [1, 2, 3], pagination: { start, hasNext } });
    expect(await queries('start-end', [page(0, true), page(3, false)], { start: 0, end: 2 })).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 5 },
    ]);
    expect(await queries('start-end', [page(10, true), page(13, false)], { start: 10 })).toEqual([{ start: 10 }, { start: 13 }]);
  });

  it('next offset stops at the total', async () => {
    const page = (offset: number, n: number) => ({ items: Array(n).fill(0), pagination: { offset, total: 5 } });
    expect(await queries('offset-limit', [page(0, 2), page(2, 2), page(4, 1)], { limit: 2 })).toEqual([
      { limit: 2, offset: 0 },
      { limit: 2, offset: 2 },
      { limit: 2, offset: 4 },
    ]);
  });

  it('next page number follows the page answered, up to totalPages', async () => {
    const page = (n: number, totalPages: number) => ({ items: [1], page: n, totalPages });
    expect(await queries('page-number', [page(1, 3), page(2, 3), page(3, 3)])).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    expect(await queries('page-number', [page(4, 5), page(5, 5)], { page: 4, user: 'u' })).toEqual([
      { page: 4, user: 'u' },
      { page: 5, user: 'u' },
    ]);
    // A single page, and a page past the last one the server still answers, end the list.
    expect(await queries('page-number', [page(1, 1)])).toEqual([{ page: 1 }]);
    expect(await queries('page-number', [page(7, 2)], { page: 7 })).toEqual([{ page: 7 }]);
  });

  it('a service that ignores the paging: a PaginationError instead of its first page again, not the same page asked forever', async () => {
    const sameEvents = { items: [1, 2], pagination: { start: 0, hasNext: true } };
    await expect(queries('start-end', [sameEvents, sameEvents, sameEvents])).rejects.toThrow(
      ': the page at start 2 does not page as the spec says',
    );
    const sameOrders = { items: [1, 2], pagination: { offset: 0, total: 9 } };
    await expect(queries('offset-limit', [sameOrders, sameOrders, sameOrders])).rejects.toBeInstanceOf(PaginationError);
    const firstPage = { items: [1], page: 1, totalPages: 3 };
    await expect(queries('page-number', [firstPage, firstPage, firstPage])).rejects.toBeInstanceOf(PaginationError);
  });

  it('a page that does not say where the next one is: a PaginationError holding it', async () => {
    const list = pagedOperation('offset-limit', 'items', async () => ({ items: [1, 2] }), {}, 'triggerV2GetOrderHistory');
    const error = await (async () => {
      for await (const _ of list) void _;
    })().catch((e: unknown) => e);
    expect(error).toEqual(
      new PaginationError('triggerV2GetOrderHistory: the page at offset 0 does not page as the spec says', 'triggerV2GetOrderHistory', {
        page: { items: [1, 2] },
      }),
    );
  });

  it('a page without the marks its style requires (position, and hasNext, total or totalPages): a PaginationError, in every style', async () => {
    await expect(queries('start-end', [{ items: [1, 2] }])).rejects.toBeInstanceOf(PaginationError);
    await expect(queries('start-end', [{ items: [1, 2], pagination: { hasNext: false } }])).rejects.toBeInstanceOf(PaginationError);
    await expect(queries('start-end', [{ items: [1, 2], pagination: { start: 0 } }])).rejects.toBeInstanceOf(PaginationError);
    await expect(queries('offset-limit', [{ items: [1, 2], pagination: { offset: 0 } }])).rejects.toBeInstanceOf(PaginationError);
    await expect(queries('page-number', [{ items: [1], totalPages: 3 }])).rejects.toBeInstanceOf(PaginationError);
    await expect(queries('page-number', [{ items: [1], page: 1 }])).rejects.toBeInstanceOf(PaginationError);
  });

  it('a page without its list of items: a PaginationError holding the page, before it is yielded', async () => {
    const drifted = { events: [1], pagination: { start: 0, hasNext: true } };
    const list = pagedOperation('start-end', 'items', async () => drifted, {}, 'predictionListEvents');
    const error = (await list
      .byPage()
      [Symbol.asyncIterator]()
      .next()
      .catch((e: unknown) => e)) as PaginationError;
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toBe('predictionListEvents: the page at start 0 does not page as the spec says');
    expect(error.operation).toBe('predictionListEvents');
    expect(error.page).toBe(drifted);
  });

  it('an empty page ends the list even if the server claims more', async () => {
    expect(await queries('start-end', [{ items: [], pagination: { start: 0, hasNext: true } }])).toHaveLength(1);
    expect(await queries('offset-limit', [{ items: [], pagination: { offset: 0, total: 9 } }])).toHaveLength(1);
    expect(await queries('page-number', [{ items: [], page: 1, totalPages: 9 }])).toHaveLength(1);
  });
});
