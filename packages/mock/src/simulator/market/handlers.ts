// The handler table of a simulator whose market source is not its own: every operation the spec
// marks `x-market-data` answers from the market first (`fromMarket`), except the handlers that
// read the market themselves. Built once per operation table; a local simulator keeps the plain
// table, so its requests pay nothing for the seam.
import type { HandlerTable, OperationId } from '../handler.js';
import type { OperationInfo } from '../operations.js';
import { fromMarket, isMarketReader } from './read.js';
import { marketDataKind } from './source.js';

const tables = new WeakMap<readonly OperationInfo[], HandlerTable>();

export function marketHandlers(table: HandlerTable, operations: readonly OperationInfo[]): HandlerTable {
  let wrapped = tables.get(operations);
  if (!wrapped) {
    const out: Record<string, unknown> = { ...table };
    for (const op of operations) {
      const id = op.operationId as OperationId;
      const handler = table[id];
      if (handler && marketDataKind(op.operation) && !isMarketReader(handler)) out[id] = fromMarket(handler as never);
    }
    wrapped = Object.freeze(out) as unknown as HandlerTable;
    tables.set(operations, wrapped);
  }
  return wrapped;
}
