// The next page of a paged read, by its `x-pagination` style:
// - `start-end`: query `start`/`end` (the width `end - start` kept), body `pagination.start`/`hasNext`;
// - `offset-limit`: query `offset`/`limit`, body `pagination.offset`/`total`.
// An empty page ends the list whatever the body says.

export type PageParam = { readonly start: number; readonly end?: number } | { readonly offset: number };
type Body = Record<string, unknown>;

/** The page parameter of the first page: the query's own paging values, else the list's start. */
export function firstPageParam(style: string, query: Record<string, unknown> = {}): PageParam {
  if (style === 'start-end') {
    const start = typeof query.start === 'number' ? query.start : 0;
    return typeof query.end === 'number' ? { start, end: query.end } : { start };
  }
  return { offset: typeof query.offset === 'number' ? query.offset : 0 };
}

/** The page parameter after `page` (fetched with `param`), or `undefined` after the last page. */
export function nextPageParam(style: string, items: string, page: Body, param: PageParam): PageParam | undefined {
  const count = Array.isArray(page[items]) ? (page[items] as unknown[]).length : 0;
  if (count === 0) return undefined;
  const pagination = (page.pagination ?? {}) as Record<string, unknown>;
  if (style === 'start-end' && 'start' in param) {
    if (pagination.hasNext !== true) return undefined;
    const start = (typeof pagination.start === 'number' ? pagination.start : param.start) + count;
    return param.end === undefined ? { start } : { start, end: start + (param.end - param.start) };
  }
  if ('offset' in param) {
    const offset = (typeof pagination.offset === 'number' ? pagination.offset : param.offset) + count;
    return typeof pagination.total === 'number' && offset < pagination.total ? { offset } : undefined;
  }
  return undefined;
}
