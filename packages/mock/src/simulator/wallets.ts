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
}

function startingBalance(mint: string): bigint | null {
  const token = tokenByMint(mint);
  return token ? wholeUnits(token, token.startingBalance) : null;
}

export function createWallets(maxWallets = 10_000): Wallets {
  const changed = new Map<string, Map<string, bigint | null>>();
  const entry = (wallet: string): Map<string, bigint | null> => {
    let balances = changed.get(wallet);
    if (balances) {
      changed.delete(wallet); // refresh recency
    } else {
      balances = new Map();
      if (changed.size >= maxWallets) changed.delete(changed.keys().next().value as string);
    }
    changed.set(wallet, balances);
    return balances;
  };
  const wallets: Wallets = {
    balance(wallet, mint) {
      const balances = changed.get(wallet);
      if (balances?.has(mint)) return balances.get(mint) ?? null;
      return startingBalance(mint);
    },
    set(wallet, mint, amount) {
      entry(wallet).set(mint, amount);
    },
    add(wallet, mint, delta) {
      const current = wallets.balance(wallet, mint) ?? 0n;
      const next = current + delta;
      entry(wallet).set(mint, next < 0n ? 0n : next);
    },
    reset() {
      changed.clear();
    },
    changedWallets: () => [...changed.keys()],
    get size() {
      return changed.size;
    },
    changed,
  };
  return wallets;
}
