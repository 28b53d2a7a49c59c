// Which operations are reads, writes and paged reads, from the spec's methods and extensions.
import type { Operation } from '@x/openapi/reader';

export interface Classified {
  reads: string[];
  writes: string[];
  paged: { id: string; style: string; items: string }[];
  /** The reads marked `x-market-data`, with their kind (`quote`, `live`, `catalogue`). */
  marketData: { id: string; kind: string }[];
  /** The reads that report an outcome by polling (`x-waiter` with `final`): the values that end it. */
  finalStates: { id: string; final: string[] }[];
  /**
   * The reads that only list records (`x-waiter` with `match`): the items field, the key field, and
   * the query of the listing where a record is still going (`pending`) and where it is final.
   */
  finalListings: { id: string; items: string; by: string; pending?: Record<string, unknown>; final: Record<string, unknown> }[];
}

type WaiterMark = { final?: unknown; pending?: unknown; match?: { items: string; by: string } };
const queryOf = (listing: unknown) => (listing as { query?: Record<string, unknown> } | undefined)?.query;

export function classifyOperations(ops: readonly Operation[]): Classified {
  const byId = [...ops].sort((a, b) => a.operationId.localeCompare(b.operationId));
  const isRead = (op: Operation) => op.method === 'GET' && op.extensions['x-side-effects'] !== true;
  const paged = byId.filter((op) => op.pagination !== undefined);
  for (const op of paged)
    if (!isRead(op))
      throw new Error(`${op.operationId} is paged (x-pagination) but is not a read: an infinite query must not change state`);
  return {
    reads: byId.filter(isRead).map((op) => op.operationId),
    writes: byId.filter((op) => !isRead(op)).map((op) => op.operationId),
    paged: paged.map((op) => ({ id: op.operationId, style: op.pagination!.style, items: op.pagination!.items })),
    marketData: byId
      .filter((op) => isRead(op) && typeof op.extensions['x-market-data'] === 'string')
      .map((op) => ({ id: op.operationId, kind: op.extensions['x-market-data'] as string })),
    finalStates: byId.flatMap((op) => {
      const final = (op.extensions['x-waiter'] as WaiterMark | undefined)?.final;
      return isRead(op) && Array.isArray(final) ? [{ id: op.operationId, final: final.map(String) }] : [];
    }),
    finalListings: byId.flatMap((op) => {
      const mark = op.extensions['x-waiter'] as WaiterMark | undefined;
      const final = queryOf(mark?.final);
      if (!isRead(op) || !mark?.match || !final) return [];
      const pending = queryOf(mark.pending);
      return [{ id: op.operationId, items: mark.match.items, by: mark.match.by, ...(pending && { pending }), final }];
    }),
  };
}
