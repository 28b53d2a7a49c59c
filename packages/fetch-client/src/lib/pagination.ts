// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more.

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
