// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more. The paging styles of the
// spec's `x-pagination` are here; which operation pages how is generated from the spec
// (src/gen/pagination.gen.ts). An answer that cannot be paged on (no list of items, or a next page
// not past the one answered, as from a service that ignores the paging) ends the list with a
// `PaginationError`, instead of asking for the same page forever.
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
  const drifted = (problem: string, page: unknown) =>
    new PaginationError(`${operation}: ${problem} (the answer does not page as the spec says)`, operation, { page });
  async function* pages(): AsyncGenerator<Page> {
    for (let at = (query[field] as number | undefined) ?? +numbered; ; ) {
      const page = await fetchPage({ ...query, [field]: at, ...(width === undefined ? {} : { end: at + width }) });
      const list = page?.[items];
      if (!Array.isArray(list)) throw drifted(`the page at ${field} ${at} has no \`${items}\` list`, page);
      const marks = ((numbered ? page : page.pagination) ?? {}) as Record<string, number>;
      if (marks[field]! < at) throw drifted(`asked for ${field} ${at}, the page answered has ${field} ${marks[field]}`, page);
      yield page;
      const next = marks[field]! + (numbered ? 1 : list.length);
      if (!list.length || (startEnd ? !marks.hasNext : numbered ? next > marks.totalPages! : next >= marks.total!)) return;
      if (!(next > at)) throw drifted(`the page at ${field} ${at} does not say where the next one is`, page);
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
