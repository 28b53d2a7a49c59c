// The moves a landing transaction makes, each with its undo step: a later instruction that fails
// puts back what the earlier ones changed (tx/land.ts), so that a transaction lands all or nothing.
import type { SimContext } from '../context.js';
import { ApiError } from '../errors.js';
import { tokenByMint } from '../tokens.js';

/** The 400 of instruction `index`, which lands nothing of its transaction. */
export const refused = (index: number, message: string): ApiError => new ApiError(400, `Instruction ${index}: ${message}; nothing landed`);

/** Undo steps of the instructions applied so far (a later one failing puts everything back). */
export type Undo = Array<() => void>;

export function setBalance(sim: SimContext, undo: Undo, wallet: string, mint: string, amount: bigint | null): void {
  const before = sim.wallets.balance(wallet, mint);
  undo.push(() => sim.wallets.set(wallet, mint, before));
  sim.wallets.set(wallet, mint, amount);
}

/** The 400 of instruction `index` when `wallet` holds less than `amount` of `mint`; else its balance. */
export function requireFunds(sim: SimContext, index: number, wallet: string, mint: string, amount: bigint): bigint {
  const balance = sim.wallets.balance(wallet, mint) ?? 0n;
  if (balance < amount)
    throw refused(index, `insufficient funds: ${wallet} holds ${balance} of ${tokenByMint(mint)?.symbol ?? mint}, needs ${amount}`);
  return balance;
}

/** Takes `amount` of `mint` from `wallet` (400 when it holds less). */
export function debit(sim: SimContext, undo: Undo, index: number, wallet: string, mint: string, amount: bigint): void {
  setBalance(sim, undo, wallet, mint, requireFunds(sim, index, wallet, mint, amount) - amount);
}

export function credit(sim: SimContext, undo: Undo, wallet: string, mint: string, amount: bigint): void {
  setBalance(sim, undo, wallet, mint, (sim.wallets.balance(wallet, mint) ?? 0n) + amount);
}
