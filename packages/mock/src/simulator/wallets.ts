// Token balances of simulated wallets. Wallets start with a fixed balance of every listed token
// (tokens.ts); only wallets that changed are stored, at most `maxWallets` of them (oldest first out).
import { tokenByMint, wholeUnits } from './tokens.js';

export interface Wallets {
  /** Balance in the smallest unit; null when the wallet has no token account for the mint. */
  balance(wallet: string, mint: string): bigint | null;
  /** Sets a balance; null removes the token account. */
  set(wallet: string, mint: string, amount: bigint | null): void;
  /** Adds (or with a negative delta removes) an amount; creates the token account. */
  add(wallet: string, mint: string, delta: bigint): void;
  reset(): void;
  /** The wallets whose balances changed (the ones kept), least recently changed first. */
  changedWallets(): string[];
  readonly size: number;
  /** The changed wallets' balances by wallet (for the durable store). */
  readonly changed: Map<string, Map<string, bigint | null>>;
  /**
   * The wallets whose balances were set or added to since the last call (at most the last
   * TOUCHED_KEPT), oldest first; the set starts again empty. The value history values only these
   * after a write.
   */
  takeTouched(): string[];
}

function startingBalance(mint: string): bigint | null {
  const token = tokenByMint(mint);
  return token ? wholeUnits(token, token.startingBalance) : null;
}

/** Touched wallets kept between two takes (the value history charts far fewer). */
export const TOUCHED_KEPT = 256;

/** A class (methods on the prototype): a simulator makes one, so creating it stays cheap. */
class WalletBalances implements Wallets {
  readonly changed = new Map<string, Map<string, bigint | null>>();
  #touched = new Set<string>();
  readonly #maxWallets: number;

  constructor(maxWallets: number) {
    this.#maxWallets = maxWallets;
  }

  #entry(wallet: string): Map<string, bigint | null> {
    const changed = this.changed;
    let balances = changed.get(wallet);
    if (balances) {
      changed.delete(wallet); // refresh recency
    } else {
      balances = new Map();
      if (changed.size >= this.#maxWallets) changed.delete(changed.keys().next().value as string);
    }
    changed.set(wallet, balances);
    const touched = this.#touched;
    if (!touched.delete(wallet) && touched.size >= TOUCHED_KEPT) touched.delete(touched.values().next().value as string);
    touched.add(wallet);
    return balances;
  }

  balance(wallet: string, mint: string): bigint | null {
    const balances = this.changed.get(wallet);
    if (balances?.has(mint)) return balances.get(mint) ?? null;
    return startingBalance(mint);
  }

  set(wallet: string, mint: string, amount: bigint | null): void {
    this.#entry(wallet).set(mint, amount);
  }

  add(wallet: string, mint: string, delta: bigint): void {
    const current = this.balance(wallet, mint) ?? 0n;
    const next = current + delta;
    this.#entry(wallet).set(mint, next < 0n ? 0n : next);
  }

  reset(): void {
    this.changed.clear();
    this.#touched.clear();
  }

  changedWallets(): string[] {
    return [...this.changed.keys()];
  }

  get size(): number {
    return this.changed.size;
  }

  takeTouched(): string[] {
    if (this.#touched.size === 0) return [];
    const touched = [...this.#touched];
    this.#touched.clear();
    return touched;
  }
}

export function createWallets(maxWallets = 10_000): Wallets {
  return new WalletBalances(maxWallets);
}
