/**
 * What a swap execute `code` means for the flow: `success`, `pending` (not known yet: poll again),
 * `expired` (get a new order) or `failed`. The spec says it, as the `outcome` of each entry of
 * `SwapExecuteResponse.code`'s `x-error-codes`.
 *
 * Until `@x/fetch-client` exports that generated table, the two non-trivial lists live here, and
 * only here: switching to the table is a change of this module alone.
 */
export type SwapExecuteOutcome = 'success' | 'pending' | 'expired' | 'failed';

/** Execute codes of an order that expired: get a new order (-1005 on-chain, -2003 RFQ). */
export const SWAP_EXPIRY_CODES: readonly number[] = Object.freeze([-1005, -2003]);
/** Execute codes whose outcome is not known yet (unknown, timed out): poll again. */
export const SWAP_PENDING_CODES: readonly number[] = Object.freeze([-1001, -1006, -2001]);

/** The outcome of an execute `code`; codes the spec does not list are `failed`. */
export function swapExecuteOutcome(code: number): SwapExecuteOutcome {
  if (code === 0) return 'success';
  if (SWAP_EXPIRY_CODES.includes(code)) return 'expired';
  if (SWAP_PENDING_CODES.includes(code)) return 'pending';
  return 'failed';
}
