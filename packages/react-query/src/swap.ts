// The swap as hooks: a quote that refreshes while it is shown (`useSwapQuote`), then one mutation
// that orders, checks, signs with the user's wallet and executes through `@x/signing/flows`'s
// `swap` (`useSwap`). The transaction signed is always the one of a fresh order made for the
// wallet, checked by `@x/signing` against what the API said; the quote shown is never signed.
import { useQuery } from '@tanstack/react-query';
import type { SignerInput } from '@x/signing';
import { swap, type SwapClient, type SwapOptions, type SwapOrderParams, type SwapResult } from '@x/signing/flows';
import { useXClientScope } from './context.js';
import { readQueryOptions, staleTimeOf } from './options.js';
import { useFlowMutation } from './flow-mutation.js';
import { nextPoll, positiveOption } from './polling.js';
import { without } from './sensitive.js';

export interface SwapQuoteOptions {
  /** How often the quote refreshes while shown. Default: the freshness of a quote (`x-market-data: quote`, 2 s). */
  readonly refetchIntervalMs?: number;
  /** False: no quote (e.g. while the amount is being typed). */
  readonly enabled?: boolean;
}

/**
 * A quote (`GET /swap/v2/order` without a taker) that refreshes while the component is mounted
 * and the page is visible. `order` undefined: nothing is asked. A quote refused (a 4xx but 408 and
 * 429: wrong parameters, a refused key) stops refreshing until the order changes or `refetch()`
 * succeeds; a passing failure (connection, time-out, 408, 429, 5xx) refreshes on.
 */
export function useSwapQuote(order: SwapOrderParams | undefined, options: SwapQuoteOptions = {}) {
  const intervalMs = positiveOption('useSwapQuote', 'refetchIntervalMs', options.refetchIntervalMs, staleTimeOf('swapGetOrder'));
  const { client, scope } = useXClientScope('useSwapQuote');
  return useQuery({
    ...readQueryOptions(client, 'swapGetOrder', { query: order as SwapOrderParams }, { scope }),
    enabled: order !== undefined && (options.enabled ?? true),
    refetchInterval: (query) => nextPoll(query.state, false, intervalMs),
  });
}

/** Options of `useSwap`: the wallet, and the options of `@x/signing/flows`'s `swap`. */
export interface UseSwapOptions extends Omit<SwapOptions, 'client' | 'signer' | 'order'> {
  /** The user's wallet (`toSigner(wallet)` of `@x/signing`, or any signer it takes); undefined until connected. */
  readonly signer: SignerInput | undefined;
}

/**
 * What `useSwap` keeps as `data`: the outcome of `swap` without the signed transaction (the
 * mutation state is visible to devtools, persisters and `useMutationState`; the transaction's
 * `signature` is there).
 */
export type SwapOutcome = Omit<SwapResult, 'signedTransaction'>;

/**
 * The swap: `mutate(order)` makes an order for the wallet, checks it (mints, amount, fee payer,
 * what the transaction moves), signs it with the wallet, executes it and polls its outcome.
 * `data` is the outcome (`execution.status`, `code`, amounts, `signature`; not the signed
 * transaction, which no state keeps); `error` a typed `@x/signing` error (nothing was signed when
 * the checks refused). Quotes refresh after a swap.
 */
export function useSwap({ signer, ...flow }: UseSwapOptions) {
  const { client } = useXClientScope('useSwap');
  return useFlowMutation<SwapOutcome, SwapOrderParams>('useSwap', 'swapExecute', ['swapGetOrder'], signer, async (wallet, order) =>
    without(await swap({ ...flow, client: client as unknown as SwapClient, signer: wallet, order }), 'signedTransaction'),
  );
}
