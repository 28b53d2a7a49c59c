// The simulator's token list (the spec's x-example-values, with the simulator's prices and
// starting balances: see world.ts) and lookups by mint and symbol.
import { world, type TokenInfo } from './world.js';

export type { TokenInfo, TokenSymbol } from './world.js';

export const TOKENS: readonly TokenInfo[] = Object.values(world.tokens);
/** The mints of the listed tokens. */
export const LISTED_MINTS: readonly string[] = TOKENS.map((t) => t.mint);

const BY_MINT = new Map(TOKENS.map((t) => [t.mint, t]));
const BY_SYMBOL = new Map(TOKENS.map((t) => [t.symbol as string, t]));

export const NATIVE_MINT = world.tokens.NATIVE_COIN.mint;
export const PLATFORM_TOKEN_MINT = world.tokens.PLATFORM_TOKEN.mint;
export const STABLECOIN_MINT = world.tokens.STABLECOIN_USD.mint;

export const tokenByMint = (mint: string): TokenInfo | undefined => BY_MINT.get(mint);
export const tokenBySymbol = (symbol: string): TokenInfo | undefined => BY_SYMBOL.get(symbol);

/** Mint of a mint address or a token symbol (`NATIVE_COIN`, ...). */
export function resolveMint(mintOrSymbol: string): string {
  return BY_SYMBOL.get(mintOrSymbol)?.mint ?? mintOrSymbol;
}

export const wholeUnits = (token: TokenInfo, whole: number): bigint => BigInt(Math.round(whole * 10 ** token.decimals));
