// A call that changes state and failed without a readable answer may still have been applied: the
// request may have reached the service before the time limit, the broken connection, the 5xx or
// the unreadable body. Sending it again could apply it twice (a second order, a second transfer),
// so both bins say so, and the user (or the agent) checks before calling again. A refusal the
// service answered (4xx) applied nothing; a read changes nothing either way.
import {
  AbortError,
  ConnectionError,
  type FetchClientError,
  InternalServerError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from '@x/fetch-client';
import type { CatalogueOperation } from './catalogue-types.js';

/** The sentence both bins add to such a failure. */
export const MAY_HAVE_BEEN_APPLIED = 'It may still have been applied: check (the order, the transaction, the vault) before calling again.';

/** Whether this failure of this operation leaves unknown whether it was applied. */
export function outcomeUnknown(op: Pick<CatalogueOperation, 'access'>, error: unknown): boolean {
  if (op.access !== 'change') return false;
  const unread: Array<new (...args: never[]) => FetchClientError> = [
    TimeoutError,
    ConnectionError,
    AbortError,
    ResponseParseError,
    ResponseTooLargeError,
    InternalServerError,
  ];
  return unread.some((kind) => error instanceof kind);
}
