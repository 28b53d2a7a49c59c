// Per-simulator USD prices, starting from the table in tokens.ts; control.setPrice moves them
// (to reach slippage failures or trigger prices).
import { tokenByMint, type TokenInfo } from './tokens.js';

export interface Prices {
  usd(mint: string): number | undefined;
  set(mint: string, usd: number): void;
  /** USD value of `amount` smallest units of `mint`. */
  usdValue(mint: string, amount: bigint): number;
  /** `amount` of `from` converted into `to` at current prices, rounded down. */
  convert(from: string, to: string, amount: bigint): bigint;
  /** Smallest amount of `from` worth at least `target` of `to`. */
  convertUp(from: string, to: string, target: bigint): bigint;
  reset(): void;
  /** How many times `set` or `reset` ran (the durable store compares it to see a move). */
  readonly moves: number;
}

const MICRO = 1e6;

export function createPrices(): Prices {
  // Only the prices moved by control.setPrice; the others are read from the token table.
  const moved = new Map<string, number>();
  const price = (mint: string): number | undefined => moved.get(mint) ?? tokenByMint(mint)?.usdPrice;
  let moves = 0;
  const reset = (): void => {
    moved.clear();
    moves++;
  };
  const info = (mint: string): TokenInfo => {
    const token = tokenByMint(mint);
    if (!token) throw new RangeError(`unknown mint ${mint}`);
    return token;
  };
  const scaled = (mint: string): bigint => BigInt(Math.max(1, Math.round((price(mint) ?? 0) * MICRO)));
  return {
    usd: price,
    set(mint, usd) {
      info(mint);
      if (!(usd > 0) || !Number.isFinite(usd)) throw new RangeError('setPrice expects a positive USD price');
      moved.set(mint, usd);
      moves++;
    },
    usdValue: (mint, amount) => (Number(amount) / 10 ** info(mint).decimals) * (price(mint) ?? 0),
    convert(from, to, amount) {
      const a = info(from);
      const b = info(to);
      return (amount * scaled(from) * 10n ** BigInt(b.decimals)) / (scaled(to) * 10n ** BigInt(a.decimals));
    },
    convertUp(from, to, target) {
      const a = info(from);
      const b = info(to);
      const num = target * scaled(to) * 10n ** BigInt(a.decimals);
      const den = scaled(from) * 10n ** BigInt(b.decimals);
      return (num + den - 1n) / den;
    },
    reset,
    get moves() {
      return moves;
    },
  };
}
