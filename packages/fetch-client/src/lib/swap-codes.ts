// The swap order's "200 with errorCode" answer and the swap execute `code`, explained from the
// spec's `x-error-codes` tables (generated into src/gen/error-codes.gen.ts).
import type { SwapExecuteResponse, SwapOrderResponse, SwapRouter } from '@x/types';
import { swapExecuteResponseCodeTable, swapOrderResponseErrorCodeTable } from '../gen/error-codes.gen.js';

/**
 * Meaning of a swap order `errorCode` for the router that answered, or `undefined` for a pair the
 * spec does not list. Match on router plus errorCode: `errorMessage` is parameterised.
 */
export function describeSwapOrderError(router: SwapRouter, errorCode: number): string | undefined {
  for (const row of swapOrderResponseErrorCodeTable) {
    if (row.code === errorCode && (row.routers as ReadonlyArray<string>).includes(router)) return row.meaning;
  }
  return undefined;
}

/** A swap order whose quote could not be built into a transaction (still a 200 answer). */
export interface SwapOrderFailure {
  router: SwapRouter;
  errorCode: number;
  /** From the spec's table; `undefined` for a code the spec does not list. */
  meaning: string | undefined;
  /** The service's parameterised text (`errorMessage`, or its duplicate `error`). */
  message: string | undefined;
  requestId: string;
}

/**
 * The failure carried by a swap order answer, or `undefined` when the answer is a quote
 * (`transaction` null, no taker) or a buildable order (`transaction` non-empty).
 */
export function getSwapOrderFailure(order: SwapOrderResponse): SwapOrderFailure | undefined {
  if (order.transaction !== '' || typeof order.errorCode !== 'number') return undefined;
  return {
    router: order.router,
    errorCode: order.errorCode,
    meaning: describeSwapOrderError(order.router, order.errorCode),
    message: order.errorMessage ?? order.error,
    requestId: order.requestId,
  };
}

/** Where a swap execute code comes from. */
export type SwapExecuteCodeGroup = (typeof swapExecuteResponseCodeTable)[number]['group'];

/**
 * What a swap execute `code` means for the swap: `success` (landed), `pending` (not known yet:
 * ask again with the same signed transaction and requestId), `expired` (get a new order and sign
 * again) or `failed`. From the `outcome` of the spec's `x-error-codes`.
 */
export type SwapExecuteOutcome = (typeof swapExecuteResponseCodeTable)[number]['outcome'];

export interface SwapExecuteCodeInfo {
  code: number;
  group: SwapExecuteCodeGroup;
  meaning: string;
  outcome: SwapExecuteOutcome;
}

/**
 * Meaning and group of a swap execute `code` (0 success; -1..-5 the execute step; -1000.. the
 * on-chain routers; -2000.. the RFQ router; positive codes are program errors).
 */
export function describeSwapExecuteCode(code: number): SwapExecuteCodeInfo | undefined {
  for (const row of swapExecuteResponseCodeTable) if (row.code === code) return { ...row };
  if (code > 0) return { code, group: 'program', meaning: 'program error', outcome: 'failed' };
  return undefined;
}

/**
 * The outcome of a swap execute `code`, from the spec's table (`x-error-codes` `outcome`): every
 * code the table does not list is `failed`. `@x/signing` and the simulator read it from here.
 */
export function swapExecuteOutcome(code: number): SwapExecuteOutcome {
  return swapExecuteResponseCodeTable.find((row) => row.code === code)?.outcome ?? 'failed';
}

/** Every execute code the spec's table gives `outcome` (e.g. the `pending` ones: poll again). */
export function swapExecuteCodes(outcome: SwapExecuteOutcome): number[] {
  return swapExecuteResponseCodeTable.filter((row) => row.outcome === outcome).map((row) => row.code);
}

/** True when an execute answer landed the swap. */
export function isSwapExecuteSuccess(result: Pick<SwapExecuteResponse, 'status' | 'code'>): boolean {
  return result.status === 'Success' && result.code === 0;
}
