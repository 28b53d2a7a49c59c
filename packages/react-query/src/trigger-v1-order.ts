// `useTriggerV1Order`: one trigger v1 order, polled until it is filled, cancelled or expired. V1 has
// no call that reads one order, so each read is one poll of the spec's `x-waiter` (`finalListings`):
// the wallet's active listing, and when the order is not in it, the history; found there, it is
// final and polling stops.
import { useQuery } from '@tanstack/react-query';
import { callOperation } from './call.js';
import { useXClientScope } from './context.js';
import { finalListings } from './gen/operations.gen.js';
import { xKeys } from './keys.js';
import type { DataOf } from './types.js';

/** One order of `GET /trigger/v1/getTriggerOrders`. */
export type TriggerV1OrderRecord = DataOf<'triggerV1GetTriggerOrders'>['orders'][number];

export interface UseTriggerV1OrderOptions {
  /** Time between two reads while the order is not final. Default 1000 ms. */
  readonly pollIntervalMs?: number;
}

/** What one read saw: the order (undefined while listed nowhere) and whether the history holds it. */
export interface TriggerV1OrderState {
  readonly order: TriggerV1OrderRecord | undefined;
  readonly isFinal: boolean;
}

const rule = finalListings.triggerV1GetTriggerOrders;

/** The order `orderKey` of wallet `user`, read again every `pollIntervalMs` until it is final. */
export function useTriggerV1Order(
  user: string | undefined,
  orderKey: string | undefined,
  { pollIntervalMs = 1000 }: UseTriggerV1OrderOptions = {},
) {
  const { client, scope } = useXClientScope('useTriggerV1Order');
  return useQuery<TriggerV1OrderState>({
    queryKey: [...xKeys.read('triggerV1GetTriggerOrders', { query: { user } }, scope), { orderKey }],
    enabled: user !== undefined && orderKey !== undefined,
    queryFn: async ({ signal }) => {
      const find = async (listing: Record<string, unknown>) =>
        (await callOperation(client, 'triggerV1GetTriggerOrders', { query: { user: user!, ...listing } }, signal))[rule.items].find(
          (order) => order[rule.by] === orderKey,
        );
      const open = await find(rule.pending);
      if (open) return { order: open, isFinal: false };
      const done = await find(rule.final);
      return { order: done, isFinal: done !== undefined };
    },
    refetchInterval: (query) => (query.state.data?.isFinal ? false : pollIntervalMs),
  });
}
