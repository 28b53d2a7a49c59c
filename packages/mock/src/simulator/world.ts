// The simulator's world: its tokens and addresses are the spec's `x-example-values` (the one list,
// generated into src/gen/example-values.gen.ts); prices and starting balances are the simulator's
// own facts, kept here by token symbol.
import { exampleValues } from '../gen/example-values.gen.js';

/** A token of the example world. */
export type TokenSymbol = (typeof exampleValues.tokens)[number]['symbol'];

export interface TokenInfo {
  symbol: TokenSymbol;
  mint: string;
  decimals: number;
  /** USD price of one whole token at the start (the control API's setPrice moves it). */
  usdPrice: number;
  /** Balance every wallet starts with, in whole tokens. */
  startingBalance: number;
}

/** Simulator-only facts of each token (a token the spec adds without an entry here is a compile error). */
const MARKET: { readonly [S in TokenSymbol]: { usdPrice: number; startingBalance: number } } = {
  PLATFORM_TOKEN: { usdPrice: 0.5, startingBalance: 100_000 },
  STABLECOIN_USD: { usdPrice: 1, startingBalance: 10_000 },
  PLATFORM_STABLE: { usdPrice: 1, startingBalance: 10_000 },
  NATIVE_COIN: { usdPrice: 150, startingBalance: 10 },
  EXAMPLE_TOKEN: { usdPrice: 0.02, startingBalance: 1_000_000 },
};

type Addresses = typeof exampleValues.addresses;

export interface World {
  /** Every token by symbol: mint, decimals, starting USD price, starting balance of every wallet. */
  readonly tokens: { readonly [S in TokenSymbol]: TokenInfo };
  /** Every address the spec's examples use, by role (taker, receiver, tipReceiver, lendVault, ...). */
  readonly addresses: Addresses;
  /**
   * Example wallets. Every wallet, these and any other, starts funded with each token's
   * `startingBalance`; the control API's setBalance changes that.
   */
  readonly wallets: { readonly taker: string; readonly receiver: string; readonly integratorPayer: string };
  /** The tip receiver `/tx/v1/submit` accepts (at least 0.001 NATIVE_COIN) and `/swap/v2/build` tips. */
  readonly tipReceiver: string;
  /** Fee accounts of the swap examples: the referral account and the integrator's fee token account. */
  readonly feeAccounts: { readonly referralAccount: string; readonly feeTokenAccount: string };
}

const tokens = Object.fromEntries(
  exampleValues.tokens.map((t) => [t.symbol, Object.freeze({ symbol: t.symbol, mint: t.mint, decimals: t.decimals, ...MARKET[t.symbol] })]),
) as { [S in TokenSymbol]: TokenInfo };

/** The simulator's example world: tokens, example wallets and service addresses, from the spec. */
export const world: World = Object.freeze({
  tokens: Object.freeze(tokens),
  addresses: exampleValues.addresses,
  wallets: Object.freeze({
    taker: exampleValues.addresses.taker,
    receiver: exampleValues.addresses.receiver,
    integratorPayer: exampleValues.addresses.integratorPayer,
  }),
  tipReceiver: exampleValues.addresses.tipReceiver,
  feeAccounts: Object.freeze({
    referralAccount: exampleValues.addresses.referralAccount,
    feeTokenAccount: exampleValues.addresses.feeTokenAccount,
  }),
});

/** The world's named addresses (the express receiver, tip receivers, example wallets): wallets whose token accounts the simulator can tell. */
export const WORLD_WALLETS: readonly string[] = [...new Set([...Object.values(world.addresses), ...Object.values(world.wallets)])];
