// `for await` over paged lists. A paged list iterates its items; `.byPage()` iterates the pages.
// Pages are fetched lazily, one at a time, as the loop asks for more. The paging styles of the
// spec's `x-pagination` are here, in one step (`pageStep`) that `@x/react-query` calls too; which
// operation pages how is generated from the spec (src/gen/pagination.gen.ts). A page that cannot be
// paged on (no list of items, no paging marks, a page of another position than asked, as from a
// service that ignores the paging) ends the list with a `PaginationError` holding that page,
// instead of asking for the same page forever.
import { PaginationError } from './errors.js';

export interface PagedList<TItem, TPage> extends AsyncIterable<TItem> {
  /** The pages themselves (each a full answer body). */
  byPage(): AsyncIterable<TPage>;
}

type Query = Record<string, unknown>;
type Page = Record<string, unknown>;
/** The paging styles of the spec's `x-pagination`. */
export type PagingStyle = 'start-end' | 'offset-limit' | 'page-number';

/** The query parameter (and the body's mark) that says where a page of `style` is. */
const fieldOf = (style: PagingStyle) => (style === 'start-end' ? 'start' : style === 'page-number' ? 'page' : 'offset');

/**
 * One step of a paged list: the position of the page after `page`, which was asked at `at` (its
 * `start`, `offset` or `page`), or `undefined` when `page` is the last one; or a `PaginationError`
 * holding `page` when it cannot be paged on. The rule of `paginate…`, the waiters and
 * `@x/react-query`'s infinite queries:
 * - `start-end`: body `pagination.start` and `pagination.hasNext`; the next start is this start
 *   plus the items received (so it holds whether `end` is inclusive or not: the spec leaves it open);
 * - `offset-limit`: body `pagination.offset` and `pagination.total`; the next offset is this offset
 *   plus the items received, while below the total;
 * - `page-number`: body `page` and `totalPages`; the next page follows the one answered, up to the last.
 * An empty page ends the list whatever the body says. A page without its list of items, without
 * the marks its style requires (where it is, and whether more follow: the spec requires them), or
 * at an earlier position than asked (a service ignoring the paging) is a `PaginationError`: asking
 * on would get the same page forever, and ending there would pass a part of the list for all of it.
 * `operation` names the operation in the error.
 */
export function pageStep(style: PagingStyle, items: string, page: Page | undefined, at: number, operation = ''): number | undefined {
  const field = fieldOf(style);
  const list = page?.[items] as unknown[] | undefined;
  const marks = ((field === 'page' ? page : page?.pagination) ?? {}) as Record<string, number>;
  const next = marks[field]! + (field === 'page' ? 1 : (list?.length as number));
  const more = (field === 'start' ? marks.hasNext : field === 'page' ? marks.totalPages : marks.total)!;
  if (!Array.isArray(list) || (list.length && !(marks[field]! >= at && more != null)))
    throw new PaginationError(`${operation}: the page at ${field} ${at} does not page as the spec says`, operation, { page });
  return list.length && (field === 'start' ? more : field === 'page' ? next <= more : next < more) ? next : undefined;
}

/**
 * The paged list of one operation, by its `x-pagination` style (see `pageStep`): `items` names
 * the field of the body that holds the items, `query` the operation's query, whose paging
 * parameters say where to begin (a `start-end` list keeps the width `end - start` from page to
 * page). `operation` names the operation in a `PaginationError`.
 */
export function pagedOperation(
  style: PagingStyle,
  items: string,
  fetchPage: (query: Query) => Promise<Page>,
  query: Query = {},
  operation = '',
): PagedList<unknown, Page> {
  const field = fieldOf(style);
  const width =
    field === 'start' && query.end !== undefined ? (query.end as number) - ((query.start as number | undefined) ?? 0) : undefined;
  async function* pages(): AsyncGenerator<Page> {
    for (let at: number | undefined = (query[field] as number | undefined) ?? +(field === 'page'); at !== undefined; ) {
      const page = await fetchPage({ ...query, [field]: at, ...(width === undefined ? {} : { end: at + width }) });
      const next = pageStep(style, items, page, at, operation);
      yield page;
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
