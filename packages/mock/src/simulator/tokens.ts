// The simulator's token list and deterministic price table (spec/README.md's example values:
// 1 PLATFORM_TOKEN = 0.5 STABLECOIN_USD; 1 NATIVE_COIN = 150 STABLECOIN_USD).

export type TokenSymbol = 'PLATFORM_TOKEN' | 'STABLECOIN_USD' | 'PLATFORM_STABLE' | 'NATIVE_COIN' | 'EXAMPLE_TOKEN';

export interface TokenInfo {
  symbol: TokenSymbol;
  mint: string;
  decimals: number;
  /** USD price of one whole token. */
  usdPrice: number;
  /** Balance every wallet starts with, in whole tokens. */
  startingBalance: number;
}

export const TOKENS: readonly TokenInfo[] = [
  { symbol: 'PLATFORM_TOKEN', mint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD', decimals: 6, usdPrice: 0.5, startingBalance: 100_000 },
  { symbol: 'STABLECOIN_USD', mint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny', decimals: 6, usdPrice: 1, startingBalance: 10_000 },
  { symbol: 'PLATFORM_STABLE', mint: 'HAfZa18XxxAFMMxEUwzKG7Yyu9ZUG4GWxWvTGm3swop2', decimals: 6, usdPrice: 1, startingBalance: 10_000 },
  { symbol: 'NATIVE_COIN', mint: '6fd8k5X66KFcLyFpw18Ejp8cQmNdCBMfBUtgpujhyNzE', decimals: 9, usdPrice: 150, startingBalance: 10 },
  { symbol: 'EXAMPLE_TOKEN', mint: 'ANXWJBfTCfGy9S9DqBojTgqxsd3LehNkCYZieTjTearb', decimals: 6, usdPrice: 0.02, startingBalance: 1_000_000 },
];

const BY_MINT = new Map(TOKENS.map((t) => [t.mint, t]));
const BY_SYMBOL = new Map(TOKENS.map((t) => [t.symbol as string, t]));

export const NATIVE_MINT = BY_SYMBOL.get('NATIVE_COIN')!.mint;
export const PLATFORM_TOKEN_MINT = BY_SYMBOL.get('PLATFORM_TOKEN')!.mint;
export const STABLECOIN_MINT = BY_SYMBOL.get('STABLECOIN_USD')!.mint;

export const tokenByMint = (mint: string): TokenInfo | undefined => BY_MINT.get(mint);
export const tokenBySymbol = (symbol: string): TokenInfo | undefined => BY_SYMBOL.get(symbol);

/** Mint of a mint address or a token symbol (`NATIVE_COIN`, ...). */
export function resolveMint(mintOrSymbol: string): string {
  return BY_SYMBOL.get(mintOrSymbol)?.mint ?? mintOrSymbol;
}

export const wholeUnits = (token: TokenInfo, whole: number): bigint => BigInt(Math.round(whole * 10 ** token.decimals));
