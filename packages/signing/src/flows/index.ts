/**
 * @x/signing/flows: the one-call flows (swap, trigger v2 price order, two-step cancel, express
 * verification) on top of an `@x/fetch-client` client. Needs `@x/fetch-client` (a peer dependency).
 */
export { FlowError, type FlowErrorCode } from '../errors.js';
export type { FlowClient, FlowMethod, FlowCallOverrides, FlowCallResult, SuccessBody, RequestOf } from './client.js';
export type { Sleep, FlowRuntimeOptions, BackoffOptions } from './runtime.js';
export { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
export { SWAP_EXPIRY_CODES, SWAP_PENDING_CODES, swapExecuteOutcome, type SwapExecuteOutcome } from './swap-outcomes.js';
export {
  swap,
  SWAP_EXECUTE_WINDOW_MS,
  type SwapOptions,
  type SwapResult,
  type SwapClient,
  type SwapOrder,
  type SwapOrderParams,
  type SwapExecution,
} from './swap.js';
export {
  getOrRegisterTriggerVault,
  type TriggerVault,
  type TriggerVaultClient,
  type TriggerVaultOptions,
  type TriggerVaultResult,
} from './trigger-vault.js';
export {
  createPriceOrder,
  type PriceOrderOptions,
  type PriceOrderResult,
  type PriceOrderParams,
  type PriceOrderClient,
  type PriceOrderRecovery,
  type DepositCraft,
  type CreatedPriceOrder,
} from './price-order.js';
export type { TriggerOrderRecord } from './find-price-order.js';
export {
  cancelPriceOrder,
  type CancelPriceOrderOptions,
  type CancelPriceOrderResult,
  type CancelRetryOptions,
  type CancelOrderClient,
  type CancelInitiation,
  type CancelConfirmation,
} from './cancel-order.js';
export {
  expressVerify,
  type ExpressVerificationOptions,
  type ExpressVerificationResult,
  type ExpressClient,
  type ExpressPaymentCurrency,
} from './express-verification.js';
