// The page parameters of an infinite query, by its `x-pagination` style: `{ start, end? }`,
// `{ offset }` or `{ page }`. Which page follows, and whether a page can be paged on at all, is
// `pageStep` of `@x/fetch-client`, the step its `paginate…` lists take: an empty page ends the
// list; a page without its items or its paging marks, or at another position than asked (a service
// ignoring the paging), is a `PaginationError` holding that page, and the infinite query stops
// instead of adding the same page again and again.
import { type PagingStyle, pageStep } from '@x/fetch-client';

export type PageParam = { readonly start: number; readonly end?: number } | { readonly offset: number } | { readonly page: number };

const num = (value: unknown, otherwise: number): number => (typeof value === 'number' ? value : otherwise);

/** The page parameter of the first page: the query's own paging values, else the list's start. */
export function firstPageParam(style: PagingStyle, query: Record<string, unknown> = {}): PageParam {
  if (style === 'start-end') {
    const start = num(query.start, 0);
    return typeof query.end === 'number' ? { start, end: query.end } : { start };
  }
  if (style === 'page-number') return { page: num(query.page, 1) };
  return { offset: num(query.offset, 0) };
}

/** Where `param` asks for its page. */
const positionOf = (param: PageParam): number => ('page' in param ? param.page : 'start' in param ? param.start : param.offset);

/**
 * The page parameter after `page` (fetched with `param`), or `undefined` after the last page; a
 * `PaginationError` for a page that cannot be paged on (see `pageStep`). `operation` names it.
 */
export function nextPageParam(
  operation: string,
  style: PagingStyle,
  items: string,
  page: unknown,
  param: PageParam,
): PageParam | undefined {
  const next = pageStep(style, items, page as Record<string, unknown> | undefined, positionOf(param), operation);
  if (next === undefined) return undefined;
  if ('start' in param) return param.end === undefined ? { start: next } : { start: next, end: next + (param.end - param.start) };
  return 'page' in param ? { page: next } : { offset: next };
}
