// The next page of each `x-pagination` style, from the answer of the page before.
import { describe, expect, it } from 'vitest';
import { firstPageParam, nextPageParam } from './paging.js';

describe('paging', () => {
  it('start-end: starts at the query start, keeps the width, ends when hasNext is false', () => {
    expect(firstPageParam('start-end')).toEqual({ start: 0 });
    const first = firstPageParam('start-end', { start: 4, end: 6 });
    expect(first).toEqual({ start: 4, end: 6 });
    const page = { data: [1, 2], pagination: { start: 4, end: 6, hasNext: true } };
    expect(nextPageParam('start-end', 'data', page, first)).toEqual({ start: 6, end: 8 });
    expect(nextPageParam('start-end', 'data', { ...page, pagination: { ...page.pagination, hasNext: false } }, first)).toBeUndefined();
  });

  it('offset-limit: moves by the items received, ends at the total', () => {
    const first = firstPageParam('offset-limit', { limit: 2 });
    expect(first).toEqual({ offset: 0 });
    const page = (offset: number, count: number) => ({ orders: Array.from({ length: count }), pagination: { offset, total: 5 } });
    expect(nextPageParam('offset-limit', 'orders', page(0, 2), first)).toEqual({ offset: 2 });
    expect(nextPageParam('offset-limit', 'orders', page(2, 2), { offset: 2 })).toEqual({ offset: 4 });
    expect(nextPageParam('offset-limit', 'orders', page(4, 1), { offset: 4 })).toBeUndefined();
  });

  it('page-number: starts at the query page (else 1), follows the page answered, ends at totalPages', () => {
    expect(firstPageParam('page-number')).toEqual({ page: 1 });
    const first = firstPageParam('page-number', { page: 2, user: 'u' });
    expect(first).toEqual({ page: 2 });
    const page = (n: number) => ({ orders: [{}], page: n, totalPages: 3 });
    expect(nextPageParam('page-number', 'orders', page(2), first)).toEqual({ page: 3 });
    expect(nextPageParam('page-number', 'orders', page(3), { page: 3 })).toBeUndefined();
    // A page past the last one (the server still answered it) ends the list too.
    expect(nextPageParam('page-number', 'orders', { orders: [{}], page: 5, totalPages: 3 }, { page: 5 })).toBeUndefined();
    // A parameter of another style never moves a page-number list.
    expect(nextPageParam('page-number', 'orders', page(1), { offset: 0 })).toBeUndefined();
  });

  it('an empty page ends the list whatever the answer says', () => {
    expect(nextPageParam('start-end', 'data', { data: [], pagination: { start: 0, hasNext: true } }, { start: 0 })).toBeUndefined();
    expect(nextPageParam('offset-limit', 'orders', { orders: [], pagination: { offset: 0, total: 9 } }, { offset: 0 })).toBeUndefined();
    expect(nextPageParam('page-number', 'orders', { orders: [], page: 1, totalPages: 9 }, { page: 1 })).toBeUndefined();
  });
});
