/**
 * The priority fee bound a flow signs with: what the API's answer says the priority fee is (a swap
 * order's `prioritizationFeeLamports`), or the caller's own bound when it is lower. An answer whose
 * figure is not a number of lamports is not signed. An answer that gives no figure is signed with
 * the caller's bound, else `fallback` (what the caller asked the service for, else
 * `DEFAULT_MAX_PRIORITY_FEE_LAMPORTS`): never without a bound.
 */
import type { SignTransactionExpectations } from '../checks.js';
import { AUTOMATIC_PRIORITY_FEE_CAP_LAMPORTS } from '../gen/priority-fee.gen.js';
import { toAmount } from '../value/check-intent.js';
import { unexpected } from './client.js';

type Bound = SignTransactionExpectations['maxPriorityFeeLamports'];

/**
 * The priority fee a flow lets the wallet pay when the answer names no figure and the caller sets no
 * bound: the cap the public docs give for the automatic priority fee, generated from the spec
 * (`x-automatic-priority-fee` of the swap order's `priorityFeeLamports`). `maxPriorityFeeLamports`
 * replaces it (higher or lower).
 */
export const DEFAULT_MAX_PRIORITY_FEE_LAMPORTS = AUTOMATIC_PRIORITY_FEE_CAP_LAMPORTS;

export function priorityFeeBound(
  step: string,
  field: string,
  answer: object,
  caller: Bound,
  fallback: NonNullable<Bound> = DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
): NonNullable<Bound> {
  const announced: unknown = (answer as Record<string, unknown>)[field];
  if (announced === undefined || announced === null) return caller ?? fallback;
  if (typeof announced !== 'number' || !Number.isSafeInteger(announced) || announced < 0) {
    throw unexpected(step, `The answer's ${field} is not a number of lamports.`, { field, actual: String(announced) }, answer);
  }
  if (caller === undefined) return announced;
  return toAmount(caller, 'maxPriorityFeeLamports') < BigInt(announced) ? caller : announced;
}
