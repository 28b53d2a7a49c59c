// @x/fetch-client/polite: calling a service politely. `politeFetch` paces every request under the
// rate limit, honours `Retry-After` and `x-ratelimit-*`, caches GET answers per kind of market
// data and coalesces identical GETs in flight; the limiter, the answer cache and the header
// readers it is made of are exported for other callers of a live service (the simulator's
// upstream mode uses them).
export {
  DEFAULT_TTL_MS,
  KEYED_INTERVAL_MS,
  KEYLESS_INTERVAL_MS,
  MARKET_DATA_KINDS,
  type MarketDataKind,
  marketDataKindOf,
  MAX_TIMER_MS,
  type PoliteFetch,
  type PoliteFetchOptions,
  politeFetch,
} from './lib/polite/polite-fetch.js';
export { type UpstreamLimiter, type LimiterOptions, createLimiter, takeTurn } from './lib/polite/limiter.js';
export { type AnswerCache, type CachedAnswer, createAnswerCache } from './lib/polite/answer-cache.js';
export { type HeaderReader, retryAfterMs, untilResetMs, windowExhausted } from './lib/polite/pacing.js';
