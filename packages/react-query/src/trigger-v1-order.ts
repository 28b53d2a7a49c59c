// `useTriggerV1Order`: one trigger v1 order, polled until it is filled, cancelled or expired. V1 has
// no call that reads one order, so each read is one poll of the spec's `x-waiter` (`finalListings`):
// the wallet's active listing, and when the order is not in it, the history; found there, it is
// final and polling stops. Each listing is read page by page (the client's paged list of the
// operation) until the order is found or the pages end, at most `maxPages` pages of each per read.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MAX_PAGES } from '@x/fetch-client/waiters';
import { useXClientScope } from './context.js';
import { finalListings } from './gen/operations.gen.js';
import { hashXKey, keyScopeOf, xKeys } from './keys.js';
import { retry } from './options.js';
import { nextPoll, positiveOption } from './polling.js';
import type { DataOf } from './types.js';

/** One order of `GET /trigger/v1/getTriggerOrders`. */
export type TriggerV1OrderRecord = DataOf<'triggerV1GetTriggerOrders'>['orders'][number];

export interface UseTriggerV1OrderOptions {
  /** Time between two reads while the order is not final. Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /**
   * The most pages of each listing one read asks for, from page 1 (so a read makes at most twice
   * this many requests). Default `DEFAULT_MAX_PAGES` (20) of `@x/fetch-client/waiters`. An order listed behind them is not seen: `order` stays
   * `undefined` and polling goes on.
   */
  readonly maxPages?: number;
}

/** What one read saw: the order (undefined while listed nowhere) and whether the history holds it. */
export interface TriggerV1OrderState {
  readonly order: TriggerV1OrderRecord | undefined;
  readonly isFinal: boolean;
}

const id = 'triggerV1GetTriggerOrders';
const rule = finalListings[id];

/** The order `orderKey` of wallet `user`, read again every `pollIntervalMs` until it is final. */
export function useTriggerV1Order(user: string | undefined, orderKey: string | undefined, options: UseTriggerV1OrderOptions = {}) {
  const pollIntervalMs = positiveOption('useTriggerV1Order', 'pollIntervalMs', options.pollIntervalMs, 1000);
  const maxPages = positiveOption('useTriggerV1Order', 'maxPages', options.maxPages, DEFAULT_MAX_PAGES, true);
  const { client, scope } = useXClientScope('useTriggerV1Order');
  return useQuery<TriggerV1OrderState>({
    // maxPages is in the key: a read capped lower may not see what another read found.
    queryKey: [...xKeys.read(id, { query: { user } }, keyScopeOf(client, scope, id)), { orderKey, maxPages }],
    queryKeyHashFn: hashXKey,
    // Nothing to read yet: no wallet or no order key (an empty one is none either).
    enabled: !!user && !!orderKey,
    retry, // each page read is the client's, retried by it (see `retry`)
    queryFn: async ({ signal }) => {
      /** The order in one listing: each page from the first until it is there, the pages end or `maxPages` were read. */
      const find = async (listing: Record<string, unknown>) => {
        let read = 0;
        for await (const page of client.paginateTriggerV1GetTriggerOrders({ user: user!, ...listing }, { signal }).byPage()) {
          const found = page[rule.items].find((order) => order[rule.by] === orderKey);
          if (found || ++read >= maxPages) return found;
        }
        return undefined;
      };
      const open = await find(rule.pending);
      if (open) return { order: open, isFinal: false };
      const done = await find(rule.final);
      return { order: done, isFinal: done !== undefined };
    },
    // Final, or an error that will not heal (a service that does not page as the spec says, a
    // `PaginationError`: polling again would ask the same pages again; a 401, a 403): polling stops.
    refetchInterval: (query) => nextPoll(query.state, query.state.data?.isFinal === true, pollIntervalMs),
  });
}
