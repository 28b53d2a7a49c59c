// Staked amounts: derived from the address and the seed (one address in five has nothing staked),
// or set through the control API.
import type { PortfolioStakedAmount } from '@x/types';
import { hashString } from '../random.js';

export type StakeRecord = PortfolioStakedAmount;

/** The stake of an address nobody set: a function of the address and the seed. */
export function stakeOf(seed: number, address: string, now: number): StakeRecord {
  const h = hashString(address, seed);
  if (h % 5 === 0) return { stakedAmount: 0, unstaking: [] };
  const staked = (h % 1_000_000) / 10 + 100;
  const unstaking = h % 3 === 0 ? [{ amount: ((h >>> 8) % 5_000) + 50, until: now + (((h >>> 4) % 30) + 1) * 86_400_000 }] : [];
  return { stakedAmount: staked, unstaking };
}

export interface PortfolioStore {
  stakes: Map<string, StakeRecord>;
  set(address: string, record: StakeRecord): void;
  reset(): void;
}

export function createPortfolioStore(maxSize = 10_000): PortfolioStore {
  const stakes = new Map<string, StakeRecord>();
  return {
    stakes,
    set(address, record) {
      stakes.delete(address);
      if (stakes.size >= maxSize) stakes.delete(stakes.keys().next().value as string);
      stakes.set(address, record);
    },
    reset: () => stakes.clear(),
  };
}
