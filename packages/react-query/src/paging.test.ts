// The next page parameter of each `x-pagination` style, from the answer of the page before, by
// the client's `pageStep`.
import { PaginationError } from '@x/fetch-client';
import { describe, expect, it } from 'vitest';
import { firstPageParam, nextPageParam } from './paging.js';

describe('paging', () => {
  it('start-end: starts at the query start, keeps the width, ends when hasNext is false', () => {
    expect(firstPageParam('start-end')).toEqual({ start: 0 });
    const first = firstPageParam('start-end', { start: 4, end: 6 });
    expect(first).toEqual({ start: 4, end: 6 });
    const page = { data: [1, 2], pagination: { start: 4, end: 6, hasNext: true } };
    expect(nextPageParam('op', 'start-end', 'data', page, first)).toEqual({ start: 6, end: 8 });
    expect(
      nextPageParam('op', 'start-end', 'data', { ...page, pagination: { ...page.pagination, hasNext: false } }, first),
    ).toBeUndefined();
    expect(nextPageParam('op', 'start-end', 'data', page, { start: 4 })).toEqual({ start: 6 });
  });

  it('offset-limit: moves by the items received, ends at the total', () => {
    const first = firstPageParam('offset-limit', { limit: 2 });
    expect(first).toEqual({ offset: 0 });
    const page = (offset: number, count: number) => ({ orders: Array.from({ length: count }), pagination: { offset, total: 5 } });
    expect(nextPageParam('op', 'offset-limit', 'orders', page(0, 2), first)).toEqual({ offset: 2 });
    expect(nextPageParam('op', 'offset-limit', 'orders', page(2, 2), { offset: 2 })).toEqual({ offset: 4 });
    expect(nextPageParam('op', 'offset-limit', 'orders', page(4, 1), { offset: 4 })).toBeUndefined();
  });

  it('page-number: starts at the query page (else 1), follows the page answered, ends at totalPages', () => {
    expect(firstPageParam('page-number')).toEqual({ page: 1 });
    const first = firstPageParam('page-number', { page: 2, user: 'u' });
    expect(first).toEqual({ page: 2 });
    const page = (n: number) => ({ orders: [{}], page: n, totalPages: 3 });
    expect(nextPageParam('op', 'page-number', 'orders', page(2), first)).toEqual({ page: 3 });
    expect(nextPageParam('op', 'page-number', 'orders', page(3), { page: 3 })).toBeUndefined();
    // A page past the last one (the server still answered it) ends the list too.
    expect(nextPageParam('op', 'page-number', 'orders', { orders: [{}], page: 5, totalPages: 3 }, { page: 5 })).toBeUndefined();
  });

  it('an empty page ends the list whatever the answer says', () => {
    expect(nextPageParam('op', 'start-end', 'data', { data: [], pagination: { start: 0, hasNext: true } }, { start: 0 })).toBeUndefined();
    expect(
      nextPageParam('op', 'offset-limit', 'orders', { orders: [], pagination: { offset: 0, total: 9 } }, { offset: 0 }),
    ).toBeUndefined();
    expect(nextPageParam('op', 'page-number', 'orders', { orders: [], page: 1, totalPages: 9 }, { page: 1 })).toBeUndefined();
  });

  it('a page that cannot be paged on is a PaginationError naming the operation: no items, no marks, an earlier position', () => {
    const refused = (page: unknown, param: Parameters<typeof nextPageParam>[4], style: 'start-end' | 'offset-limit' | 'page-number') => {
      try {
        nextPageParam('triggerV2GetOrderHistory', style, 'orders', page, param);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused({ items: [1] }, { offset: 0 }, 'offset-limit')).toBeInstanceOf(PaginationError);
    expect(refused({ orders: [1, 2] }, { offset: 0 }, 'offset-limit')).toBeInstanceOf(PaginationError);
    expect(refused({ orders: [1], totalPages: 3 }, { page: 2 }, 'page-number')).toBeInstanceOf(PaginationError);
    const drifted = { orders: [1], pagination: { start: 0, hasNext: true } };
    const error = refused(drifted, { start: 3 }, 'start-end') as PaginationError;
    expect(error.message).toBe('triggerV2GetOrderHistory: the page at start 3 does not page as the spec says');
    expect(error.page).toBe(drifted);
  });
});
