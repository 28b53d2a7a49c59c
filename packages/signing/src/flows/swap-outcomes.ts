/**
 * What a swap execute `code` means for the flow: `success`, `pending` (not known yet: poll again),
 * `expired` (get a new order) or `failed`. The spec says it, as the `outcome` of each entry of
 * `SwapExecuteResponse.code`'s `x-error-codes`; `@x/fetch-client` generates that table, and the
 * flows read it from there.
 */
import { type SwapExecuteOutcome, swapExecuteCodes, swapExecuteOutcome } from '@x/fetch-client';

export { type SwapExecuteOutcome, swapExecuteOutcome };

/** Execute codes of an order that expired: get a new order (-1005 on-chain, -2003 RFQ). */
export const SWAP_EXPIRY_CODES: readonly number[] = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ swapExecuteCodes('expired'));
/** Execute codes whose outcome is not known yet (unknown, timed out): poll again. */
export const SWAP_PENDING_CODES: readonly number[] = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ swapExecuteCodes('pending'));
