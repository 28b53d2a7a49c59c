// Handle stage: the handler of every operationId of the spec, one module (or a few) per area. An area
// module exports each of its operations' handlers under the operation's id
// (`export const lendGetBorrowVaults: Handler<'lendGetBorrowVaults'> = ...`), so a new operation of an
// existing area needs nothing here. `satisfies HandlerTable` makes a missing or mistyped handler a
// compile error, and `Handler<K>` only takes a K the spec has, so a handler outlives no operation.
import { operationIds } from '../gen/operations.gen.js';
import * as expressHandlers from './express/handlers.js';
import type { HandlerTable } from './handler.js';
import * as lendHandlers from './lend/handlers.js';
import * as portfolioHandlers from './portfolio/handlers.js';
import * as predictionHandlers from './prediction/handlers.js';
import * as swapBuild from './swap/build.js';
import * as swapExecute from './swap/execute.js';
import * as swapOrder from './swap/order.js';
import * as triggerV1Handlers from './trigger-v1/handlers.js';
import * as triggerV2Auth from './trigger-v2/auth.js';
import * as triggerV2Cancel from './trigger-v2/cancel.js';
import * as triggerV2Deposit from './trigger-v2/deposit.js';
import * as triggerV2History from './trigger-v2/history.js';
import * as triggerV2Orders from './trigger-v2/orders.js';
import * as triggerV2Vault from './trigger-v2/vault.js';
import * as txSubmit from './tx/submit.js';

/** Every export of the area modules: the handlers, and whatever else the areas export. */
const exported = {
  ...swapOrder,
  ...swapBuild,
  ...swapExecute,
  ...txSubmit,
  ...expressHandlers,
  ...portfolioHandlers,
  ...triggerV1Handlers,
  ...triggerV2Auth,
  ...triggerV2Vault,
  ...triggerV2Deposit,
  ...triggerV2Orders,
  ...triggerV2Cancel,
  ...triggerV2History,
  ...predictionHandlers,
  ...lendHandlers,
} satisfies HandlerTable;

/** The handler of every operationId of the spec, and nothing else. */
export const HANDLERS: HandlerTable = Object.freeze(
  Object.fromEntries(operationIds.map((id) => [id, exported[id]])),
) as unknown as HandlerTable;
