// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more. The two paging styles of
// the spec's `x-pagination` are here; which operation pages how is generated from the spec
// (src/gen/pagination.gen.ts).

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
 * - `offset-limit`: query `offset`/`limit`, body `pagination.offset` and `pagination.total`.
 * `items` names the field of the body that holds the items. The next page starts after the items
 * received (count-based, so it holds whether `end` is inclusive or not: the spec leaves that
 * open); an empty page ends the list even if the server says there is more.
 */
export function pagedOperation(
  style: 'start-end' | 'offset-limit',
  items: string,
  fetchPage: (query: Query) => Promise<Page>,
  query: Query = {},
): PagedList<unknown, Page> {
  const startEnd = style === 'start-end';
  const field = startEnd ? 'start' : 'offset';
  const width = startEnd && query.end !== undefined ? (query.end as number) - ((query.start as number | undefined) ?? 0) : undefined;
  async function* pages(): AsyncGenerator<Page> {
    for (let at = (query[field] as number | undefined) ?? 0; ; ) {
      const page = await fetchPage({ ...query, [field]: at, ...(width === undefined ? {} : { end: at + width }) });
      yield page;
      const count = (page[items] as unknown[]).length;
      const { start, hasNext, offset, total } = page.pagination as { start: number; hasNext: boolean; offset: number; total: number };
      at = (startEnd ? start : offset) + count;
      if (!count || (startEnd ? !hasNext : at >= total)) return;
    }
  }
  return {
    byPage: pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page[items] as unknown[];
    },
  };
}
