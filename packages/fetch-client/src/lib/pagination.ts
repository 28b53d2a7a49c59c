// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more. The paging styles of the
// spec's `x-pagination` are here; which operation pages how is generated from the spec
// (src/gen/pagination.gen.ts). A page that cannot be paged on (no list of items, a page of another
// position than asked, as from a service that ignores the paging, or no next position past it)
// ends the list with a `PaginationError` holding that page, instead of asking for the same page forever.
import { PaginationError } from './errors.js';

export interface PagedList<TItem, TPage> extends AsyncIterable<TItem> {
  /** The pages themselves (each a full answer body). */
  byPage(): AsyncIterable<TPage>;
}

type Query = Record<string, unknown>;
type Page = Record<string, unknown>;

/**
 * The paged list of one operation, by its `x-pagination` style:
 * - `start-end`: query `start`/`end` (the width `end - start` kept from page to page), body
 *   `pagination.start` and `pagination.hasNext`;
 * - `offset-limit`: query `offset`/`limit`, body `pagination.offset` and `pagination.total`;
 * - `page-number`: query `page` (from 1), body `page` and `totalPages`: the list ends at the last page.
 * `items` names the field of the body that holds the items. The next start or offset is counted
 * from the items received (so it holds whether `end` is inclusive or not: the spec leaves that
 * open), the next page number follows the one answered; an empty page ends the list even if the
 * server says there is more. `operation` names the operation in a `PaginationError`.
 */
export function pagedOperation(
  style: 'start-end' | 'offset-limit' | 'page-number',
  items: string,
  fetchPage: (query: Query) => Promise<Page>,
  query: Query = {},
  operation = '',
): PagedList<unknown, Page> {
  const startEnd = style === 'start-end';
  const numbered = style === 'page-number';
  const field = startEnd ? 'start' : numbered ? 'page' : 'offset';
  const width = startEnd && query.end !== undefined ? (query.end as number) - ((query.start as number | undefined) ?? 0) : undefined;
  async function* pages(): AsyncGenerator<Page> {
    for (let at = (query[field] as number | undefined) ?? +numbered; ; ) {
      const page = await fetchPage({ ...query, [field]: at, ...(width === undefined ? {} : { end: at + width }) });
      const list = page?.[items] as unknown[] | undefined;
      const marks = ((numbered ? page : page?.pagination) ?? {}) as Record<string, number>;
      const next = marks[field]! + (numbered ? 1 : (list?.length as number));
      const last = !list?.length || (startEnd ? !marks.hasNext : numbered ? next > marks.totalPages! : next >= marks.total!);
      // No list of items, a page of another position than asked (a service ignoring the paging), or
      // no next position past this one: the list cannot go on from this page.
      if (!Array.isArray(list) || marks[field]! < at || !(last || next > at))
        throw new PaginationError(`${operation}: the page at ${field} ${at} does not page as the spec says`, operation, { page });
      yield page;
      if (last) return;
      at = next;
    }
  }
  return {
    byPage: pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page[items] as unknown[];
    },
  };
}
