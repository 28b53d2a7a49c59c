// @x/mock: an offline mock of the trading and market-data API.
// - createSimulator(): the stateful, deterministic simulator (fetch handler, control API); browser-safe.
//   `@x/mock/node` serves it over node:http.
// - MSW handlers (`@x/mock/msw`) and typed fixtures generated from the spec (see ./fixtures)
export {
  createSimulator,
  world,
  type Simulator,
  type SimulatorOptions,
  type SimulatorControl,
  type SimulatorOperation,
  type SimSettings,
  type RateLimitOptions,
  type ClockMode,
  type TokenInfo,
  type TokenSymbol,
  type World,
  type UpstreamOptions,
  type HarEntry,
  type Recording,
  type RecordSink,
  type MarketReport,
  type WatchReport,
} from './simulator/index.js';

// Generated side: typed fixtures from the spec's examples. The MSW handlers answering them live in
// the `@x/mock/msw` entry, so that importing `@x/mock` never needs the optional peer `msw`.
export * from './fixtures/index.js';
