/**
 * The priority fee bound a flow signs with: what the API's answer says the priority fee is (a swap
 * order's `prioritizationFeeLamports`), or the caller's own bound when it is lower. An answer whose
 * figure is not a number of lamports is not signed.
 */
import type { SignTransactionExpectations } from '../checks.js';
import { toAmount } from '../value/check-intent.js';
import { unexpected } from './client.js';

type Bound = SignTransactionExpectations['maxPriorityFeeLamports'];

export function priorityFeeBound(step: string, field: string, answer: object, caller: Bound): Bound {
  const announced: unknown = (answer as Record<string, unknown>)[field];
  if (announced === undefined || announced === null) return caller;
  if (typeof announced !== 'number' || !Number.isSafeInteger(announced) || announced < 0) {
    throw unexpected(step, `The answer's ${field} is not a number of lamports.`, { field, actual: String(announced) }, answer);
  }
  if (caller === undefined) return announced;
  return toAmount(caller, 'maxPriorityFeeLamports') < BigInt(announced) ? caller : announced;
}
