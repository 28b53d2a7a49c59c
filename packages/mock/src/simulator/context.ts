// The simulator's state, which every handler sees: its shared parts (clock, chain, randomness, balances,
// prices) and each area's store.
import type { Clock } from './clock.js';
import type { Ledger } from './chain/ledger.js';
import type { JwtSigner } from './jwt.js';
import type { Prices } from './prices.js';
import type { Random } from './random.js';
import type { Wallets } from './wallets.js';
import type { SwapStore } from './swap/store.js';
import type { ExpressStore } from './express/store.js';
import type { TriggerV1Store } from './trigger-v1/store.js';
import type { TriggerV2Store } from './trigger-v2/store.js';
import type { PredictionStore } from './prediction/store.js';
import type { LendStore } from './lend/store.js';
import type { MarketSource } from './market/source.js';
import type { PortfolioStore } from './portfolio/store.js';

export interface SimSettings {
  /** Simulated ms after the first cancel attempt at which an order becomes ready to cancel. */
  cancelReadyAfterMs: number;
  /** Orders kept per wallet (trigger v1 and v2); the oldest closed ones go first. */
  maxOrdersPerWallet: number;
  /** Wallets whose trigger/lend state is kept; the least recently active go first. */
  maxWallets: number;
  /** Swap orders are kept this long (simulated ms) for /execute and its re-sends. */
  swapOrderTtlMs: number;
  /** Swap orders kept at most (all takers). */
  maxSwapOrders: number;
  /** Trigger v2 challenge lifetime. */
  challengeTtlMs: number;
  /** Trigger v2 token lifetime. */
  tokenTtlMs: number;
}

export const DEFAULT_SETTINGS: SimSettings = {
  cancelReadyAfterMs: 5_000,
  maxOrdersPerWallet: 200,
  maxWallets: 5_000,
  swapOrderTtlMs: 120_000,
  maxSwapOrders: 10_000,
  challengeTtlMs: 300_000,
  tokenTtlMs: 86_400_000,
};

export interface SimContext {
  seed: number;
  clock: Clock;
  ledger: Ledger;
  random: Random;
  wallets: Wallets;
  prices: Prices;
  /** Where market data comes from (the simulator's own, an upstream or a recording), chosen at start. */
  market: MarketSource;
  jwt: JwtSigner;
  settings: SimSettings;
  /** Whether prediction trading is active (GET /prediction/v1/trading-status). */
  tradingActive: boolean;
  swap: SwapStore;
  express: ExpressStore;
  portfolio: PortfolioStore;
  triggerV1: TriggerV1Store;
  triggerV2: TriggerV2Store;
  prediction: PredictionStore;
  lend: LendStore;
}

/** ISO 8601 of a simulated epoch-ms time. */
export const iso = (ms: number): string => new Date(ms).toISOString();
