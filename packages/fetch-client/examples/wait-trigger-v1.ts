import type { ApiClient } from '@x/fetch-client';
import { WaitTimeoutError, type WaitOptions, waitForTriggerV1Order } from '@x/fetch-client/waiters';

/** Waits until a v1 order is filled, cancelled or expired: its final record, or null when it is still open at the deadline. */
export async function settledV1Order(x: ApiClient, user: string, orderKey: string, options: WaitOptions = {}) {
  try {
    // Lists the wallet's active orders, then (once the order is no longer there) its history, each page by page.
    const order = await waitForTriggerV1Order(x, { query: { user } }, orderKey, { timeoutMs: 600_000, ...options });
    console.log(order.status, order.rawRemainingMakingAmount, order.closeTx);
    return order;
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
    console.log('still', error.lastState);
    return null;
  }
}
