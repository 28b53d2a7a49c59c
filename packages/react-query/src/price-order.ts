// The trigger v2 price order as hooks: `useCreatePriceOrder` (vault, deposit checked and signed by
// the wallet, create: `@x/signing/flows`'s `createPriceOrder`; the client signs in with its
// `bearer` session, `createTriggerAuthSession` of `@x/signing`) and `usePriceOrder` (the order
// from the history, polled with TanStack Query's `refetchInterval` until its state is final).
import { useQuery } from '@tanstack/react-query';
import type { SignerInput } from '@x/signing';
import {
  createPriceOrder,
  type PriceOrderClient,
  type PriceOrderOptions,
  type PriceOrderParams,
  type PriceOrderResult,
} from '@x/signing/flows';
import { useXClientScope } from './context.js';
import { finalStates } from './gen/operations.gen.js';
import { readQueryOptions } from './options.js';
import { useFlowMutation } from './flow-mutation.js';
import { nextPoll, positiveOption } from './polling.js';
import { without } from './sensitive.js';
import type { DataOf } from './types.js';

/** One order of the history (`GET /trigger/v2/orders/history`). */
export type PriceOrderRecord = DataOf<'triggerV2GetOrderHistory'>['orders'][number];

/** The states after which an order does not change any more: the `final` states of the history's `x-waiter`. */
export const FINAL_ORDER_STATES: ReadonlySet<string> = new Set(finalStates.triggerV2GetOrderHistory);

/** True when `order` is in a final state. */
export function isFinalOrder(order: Pick<PriceOrderRecord, 'orderState'> | undefined): boolean {
  return order !== undefined && FINAL_ORDER_STATES.has(order.orderState);
}

export interface UseCreatePriceOrderOptions extends Omit<PriceOrderOptions, 'client' | 'signer' | 'order'> {
  /** The user's wallet; undefined until connected. */
  readonly signer: SignerInput | undefined;
}

/** What `useCreatePriceOrder` keeps as `data`: the result of `createPriceOrder` without the signed deposit (its `depositSignature` is there). */
export type CreatedPriceOrderOutcome = Omit<PriceOrderResult, 'signedDeposit'>;

/**
 * Creates a price order: `mutate(order)` finds or registers the wallet's vault, crafts the deposit,
 * checks it (exactly `inputAmount` of `inputMint` to the vault, nothing else), signs it with the
 * wallet and creates the order (a lost answer is looked up in the history, never created twice).
 * Its success marks the history and vault reads stale (the vault may have just been registered).
 */
export function useCreatePriceOrder({ signer, ...flow }: UseCreatePriceOrderOptions) {
  const { client } = useXClientScope('useCreatePriceOrder');
  return useFlowMutation<CreatedPriceOrderOutcome, PriceOrderParams>(
    'useCreatePriceOrder',
    'triggerV2CreatePriceOrder',
    // The order is in the history; the vault may have just been registered.
    ['triggerV2GetOrderHistory', 'triggerV2GetVault'],
    signer,
    async (wallet, order) =>
      without(await createPriceOrder({ ...flow, client: client as unknown as PriceOrderClient, signer: wallet, order }), 'signedDeposit'),
  );
}

export interface UsePriceOrderOptions {
  /** Time between two reads while the order is not final. Default 1000 ms. */
  readonly pollIntervalMs?: number;
}

/**
 * One price order by id, read from the history and read again every `pollIntervalMs` until it is
 * filled, cancelled, expired or failed (then polling stops). `data` is the order record. A failed
 * read that will not heal (401, 403, another 4xx but 408 and 429) stops polling too; a passing one
 * (connection, time-out, 408, 429, 5xx) does not, the next read waiting at least its `Retry-After`.
 */
export function usePriceOrder(orderId: string | undefined, options: UsePriceOrderOptions = {}) {
  const pollIntervalMs = positiveOption('usePriceOrder', 'pollIntervalMs', options.pollIntervalMs, 1000);
  const { client, scope } = useXClientScope('usePriceOrder');
  const find = (page: DataOf<'triggerV2GetOrderHistory'> | undefined) => page?.orders.find((order) => order.id === orderId);
  return useQuery({
    ...readQueryOptions(client, 'triggerV2GetOrderHistory', { query: { id: orderId } }, { scope }),
    // No order yet: undefined, or an empty id (which the service reads as no filter: the whole history).
    enabled: !!orderId,
    select: find,
    refetchInterval: (query) => nextPoll(query.state, isFinalOrder(find(query.state.data)), pollIntervalMs),
  });
}
