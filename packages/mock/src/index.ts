// @x/mock: an offline mock of the trading and market-data API.
// - createSimulator(): the stateful, deterministic simulator (fetch handler, node server, control API)
// - MSW handlers and typed fixtures generated from the spec (see ./msw and ./fixtures)
export {
  createSimulator,
  TOKENS,
  simulatorAddresses,
  type Simulator,
  type SimulatorOptions,
  type SimulatorControl,
  type ListenOptions,
  type RunningServer,
  type SimRequest,
  type SimResponse,
  type SimSettings,
  type RateLimitOptions,
  type ClockMode,
  type TokenInfo,
  type TokenSymbol,
} from './simulator/index.js';

// Generated side: typed fixtures from the spec's examples, and MSW handlers answering them
// (the MSW part needs the optional peer dependency `msw`).
export * from './fixtures/index.js';
export * from './msw/index.js';
