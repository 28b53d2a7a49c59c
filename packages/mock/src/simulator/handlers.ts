// Handle stage: the handler of every operationId of the spec, one module per area. `satisfies
// HandlerTable` makes a missing, unknown or mistyped handler a compile error.
import type { HandlerTable } from './handler.js';
import { swapGetOrder } from './swap/order.js';
import { swapGetBuild } from './swap/build.js';
import { swapExecute } from './swap/execute.js';
import { txSubmit } from './tx/submit.js';
import { tokensCheckExpressEligibility, tokensCraftExpressTransaction, tokensExecuteExpress } from './express/handlers.js';
import { portfolioGetStakedPlatformToken } from './portfolio/handlers.js';
import {
  triggerV1CancelOrder,
  triggerV1CancelOrders,
  triggerV1CreateOrder,
  triggerV1Execute,
  triggerV1GetTriggerOrders,
} from './trigger-v1/handlers.js';
import { triggerV2CreateChallenge, triggerV2VerifyChallenge } from './trigger-v2/auth.js';
import { triggerV2GetVault, triggerV2RegisterVault } from './trigger-v2/vault.js';
import { triggerV2CraftDeposit } from './trigger-v2/deposit.js';
import { triggerV2CreatePriceOrder, triggerV2UpdatePriceOrder } from './trigger-v2/orders.js';
import { triggerV2CancelPriceOrder, triggerV2ConfirmCancelPriceOrder } from './trigger-v2/cancel.js';
import { triggerV2GetOrderHistory } from './trigger-v2/history.js';
import {
  predictionGetEvent,
  predictionGetEventMarket,
  predictionGetEventScore,
  predictionGetEventScores,
  predictionGetMarket,
  predictionGetOrderbook,
  predictionGetSuggestedEvents,
  predictionGetTradingStatus,
  predictionListEvents,
  predictionSearchEvents,
} from './prediction/handlers.js';
import {
  lendBorrowOperate,
  lendBorrowOperateInstructions,
  lendGetBorrowPositions,
  lendGetBorrowVaults,
  lendGetEarnEarnings,
} from './lend/handlers.js';

export const HANDLERS = {
  swapGetOrder,
  swapGetBuild,
  swapExecute,
  txSubmit,
  tokensCheckExpressEligibility,
  tokensCraftExpressTransaction,
  tokensExecuteExpress,
  portfolioGetStakedPlatformToken,
  triggerV1CreateOrder,
  triggerV1Execute,
  triggerV1CancelOrder,
  triggerV1CancelOrders,
  triggerV1GetTriggerOrders,
  triggerV2CreateChallenge,
  triggerV2VerifyChallenge,
  triggerV2GetVault,
  triggerV2RegisterVault,
  triggerV2CraftDeposit,
  triggerV2CreatePriceOrder,
  triggerV2UpdatePriceOrder,
  triggerV2CancelPriceOrder,
  triggerV2ConfirmCancelPriceOrder,
  triggerV2GetOrderHistory,
  predictionListEvents,
  predictionSearchEvents,
  predictionGetEvent,
  predictionGetSuggestedEvents,
  predictionGetEventScores,
  predictionGetEventScore,
  predictionGetEventMarket,
  predictionGetMarket,
  predictionGetOrderbook,
  predictionGetTradingStatus,
  lendGetEarnEarnings,
  lendGetBorrowVaults,
  lendGetBorrowPositions,
  lendBorrowOperate,
  lendBorrowOperateInstructions,
} as const satisfies HandlerTable;
