// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more. The two paging styles of
// the spec's `x-pagination` are here; which operation pages how is generated from the spec
// (src/gen/pagination.gen.ts).

export interface PagedList<TItem, TPage> extends AsyncIterable<TItem> {
  /** The pages themselves (each a full answer body). */
  byPage(): AsyncIterable<TPage>;
}

interface PagingRules<TCursor, TPage, TItem> {
  first: TCursor;
  fetchPage(cursor: TCursor): Promise<TPage>;
  items(page: TPage): ReadonlyArray<TItem>;
  /** The cursor of the page after `page`, or `undefined` when `page` is the last one. */
  next(page: TPage, cursor: TCursor): TCursor | undefined;
}

export function pagedList<TCursor, TPage, TItem>(rules: PagingRules<TCursor, TPage, TItem>): PagedList<TItem, TPage> {
  async function* pages(): AsyncGenerator<TPage> {
    let cursor: TCursor | undefined = rules.first;
    while (cursor !== undefined) {
      const page = await rules.fetchPage(cursor);
      yield page;
      // An empty page ends the list even if the server says there is more.
      cursor = rules.items(page).length === 0 ? undefined : rules.next(page, cursor);
    }
  }
  return {
    byPage: pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* rules.items(page);
    },
  };
}

/** Prediction events: `start`/`end` indexes, `pagination.hasNext`. */
export interface StartEndCursor {
  start: number;
  end: number | undefined;
}

export function nextStartEnd(
  pagination: { start: number; hasNext: boolean },
  count: number,
  cursor: StartEndCursor,
): StartEndCursor | undefined {
  if (!pagination.hasNext) return undefined;
  // Count-based, so it holds whether `end` is inclusive or not (the spec leaves that open).
  const start = pagination.start + count;
  const width = cursor.end === undefined ? undefined : cursor.end - cursor.start;
  return { start, end: width === undefined ? undefined : start + width };
}

/** Trigger v2 history: `limit`/`offset`, `pagination.total`. */
export function nextOffset(pagination: { offset: number; total: number }, count: number): number | undefined {
  const offset = pagination.offset + count;
  return offset < pagination.total ? offset : undefined;
}

type Query = Record<string, unknown>;
type Page = Record<string, unknown>;

/**
 * The paged list of one operation, by its `x-pagination` style:
 * - `start-end`: query `start`/`end` (the width `end - start` kept from page to page), body
 *   `pagination.start` and `pagination.hasNext`;
 * - `offset-limit`: query `offset`/`limit`, body `pagination.offset` and `pagination.total`.
 * `items` names the field of the body that holds the items.
 */
export function pagedOperation(
  style: 'start-end' | 'offset-limit',
  items: string,
  fetchPage: (query: Query) => Promise<Page>,
  query: Query = {},
): PagedList<unknown, Page> {
  const itemsOf = (page: Page) => page[items] as ReadonlyArray<unknown>;
  if (style === 'start-end') {
    return pagedList<StartEndCursor, Page, unknown>({
      first: { start: (query.start as number | undefined) ?? 0, end: (query.end as number | undefined) ?? undefined },
      fetchPage: ({ start, end }) => fetchPage({ ...query, start, ...(end === undefined ? {} : { end }) }),
      items: itemsOf,
      next: (page, cursor) => nextStartEnd(page.pagination as { start: number; hasNext: boolean }, itemsOf(page).length, cursor),
    });
  }
  return pagedList<number, Page, unknown>({
    first: (query.offset as number | undefined) ?? 0,
    fetchPage: (offset) => fetchPage({ ...query, offset }),
    items: itemsOf,
    next: (page) => nextOffset(page.pagination as { offset: number; total: number }, itemsOf(page).length),
  });
}
