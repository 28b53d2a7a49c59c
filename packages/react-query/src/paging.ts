// The next page of a paged read, by its `x-pagination` style:
// - `start-end`: query `start`/`end` (the width `end - start` kept), body `pagination.start`/`hasNext`;
// - `offset-limit`: query `offset`/`limit`, body `pagination.offset`/`total`;
// - `page-number`: query `page` (from 1), body `page`/`totalPages`.
// An empty page ends the list whatever the body says. A page at another position than asked (a
// service ignoring the paging) or without its list of items is a `PaginationError` holding that page,
// as `@x/fetch-client`'s `paginate…` throws: the infinite query stops instead of adding the same
// page again and again.
import { PaginationError } from '@x/fetch-client';

export type PageParam = { readonly start: number; readonly end?: number } | { readonly offset: number } | { readonly page: number };
type Body = Record<string, unknown>;

const num = (value: unknown, otherwise: number): number => (typeof value === 'number' ? value : otherwise);

/** The page parameter of the first page: the query's own paging values, else the list's start. */
export function firstPageParam(style: string, query: Record<string, unknown> = {}): PageParam {
  if (style === 'start-end') {
    const start = num(query.start, 0);
    return typeof query.end === 'number' ? { start, end: query.end } : { start };
  }
  if (style === 'page-number') return { page: num(query.page, 1) };
  return { offset: num(query.offset, 0) };
}

/** `page`, fetched with `param`, when it is the page asked for; else a `PaginationError` holding it. */
export function checkPage<T>(operation: string, style: string, items: string, page: T, param: PageParam): T {
  const body = (page ?? {}) as Body;
  const marks = (style === 'page-number' ? body : (body.pagination ?? {})) as Body;
  const [field, asked] = 'page' in param ? ['page', param.page] : 'start' in param ? ['start', param.start] : ['offset', param.offset];
  const at = marks[field];
  if (!Array.isArray(body[items]) || (typeof at === 'number' && at < asked))
    throw new PaginationError(`${operation}: the page at ${field} ${asked} does not page as the spec says`, operation, { page });
  return page;
}

/** The page parameter after `page` (fetched with `param`), or `undefined` after the last page. */
export function nextPageParam(style: string, items: string, page: Body, param: PageParam): PageParam | undefined {
  const count = Array.isArray(page[items]) ? (page[items] as unknown[]).length : 0;
  if (count === 0) return undefined;
  if (style === 'page-number' && 'page' in param) {
    const next = num(page.page, param.page) + 1;
    return typeof page.totalPages === 'number' && next <= page.totalPages ? { page: next } : undefined;
  }
  const pagination = (page.pagination ?? {}) as Record<string, unknown>;
  if (style === 'start-end' && 'start' in param) {
    if (pagination.hasNext !== true) return undefined;
    const start = num(pagination.start, param.start) + count;
    return param.end === undefined ? { start } : { start, end: start + (param.end - param.start) };
  }
  if (style === 'offset-limit' && 'offset' in param) {
    const offset = num(pagination.offset, param.offset) + count;
    return typeof pagination.total === 'number' && offset < pagination.total ? { offset } : undefined;
  }
  return undefined;
}
