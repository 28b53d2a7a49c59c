// The one interface through which the simulator's areas read market data (quotes, prediction
// events and books, lend vaults, token eligibility, staked amounts). Three sources implement it,
// chosen once when the simulator starts: the local catalogue (the simulator's own, seeded data),
// a live upstream (src/upstream/source.ts) and a recording (src/upstream/replay.ts). An area asks
// and gets one of three answers; it never learns which source it has.

import { type MarketDataKind, marketDataKindOf } from '@x/fetch-client/polite';

/** A read of market data: the operation and the request the source may send for it. */
export interface MarketQuery {
  operationId: string;
  /** The concrete path, e.g. `/prediction/v1/markets/abc` (parameters already filled in). */
  path: string;
  /** Query parameters as the validate stage typed them; absent ones are left out. */
  params: Readonly<Record<string, unknown>>;
}

/**
 *   local       - no market answer: the area answers from its own data;
 *   market      - the answer of the market (checked against the spec), status and body;
 *   unavailable - the market cannot answer now and has nothing cached: 502, 503 or 504.
 */
export type MarketAnswer =
  | { readonly kind: 'local' }
  | { readonly kind: 'market'; readonly status: number; readonly body: unknown }
  | {
      readonly kind: 'unavailable';
      readonly status: 502 | 503 | 504;
      readonly message: string;
      /** When the source knows it: ms until asking again may succeed (sent as `Retry-After`). */
      readonly retryAfterMs?: number;
    };

export type MarketMode = 'local' | 'upstream' | 'replay';

/** What `GET /__control/upstream` shows: the mode, and the source's own counters. */
export interface MarketReport {
  mode: MarketMode;
  [key: string]: unknown;
}

export interface MarketSource {
  readonly mode: MarketMode;
  /** Synchronous when the answer is at hand (the local source always is). */
  read(query: MarketQuery): MarketAnswer | Promise<MarketAnswer>;
  report(): MarketReport;
  /** Forgets cached answers and counters (the control API's reset). */
  reset(): void;
  /** Stops background work (timers); the simulator calls it from `close()`. */
  close(): void;
}

export const LOCAL_ANSWER: MarketAnswer = Object.freeze({ kind: 'local' });

/** The simulator's own data: every read answers `local`, at once. */
export const localMarket: MarketSource = Object.freeze<MarketSource>({
  mode: 'local',
  read: () => LOCAL_ANSWER,
  report: () => ({ mode: 'local' }),
  reset() {},
  close() {},
});

/** The kinds of market data the spec marks (`x-market-data`), each with its own cache lifetime. */
export type { MarketDataKind };

export function marketDataKind(operation: Readonly<Record<string, unknown>>): MarketDataKind | undefined {
  return marketDataKindOf(operation['x-market-data']);
}
