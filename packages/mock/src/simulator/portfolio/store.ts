// Staked amounts set through the control API (others are derived from the address and seed).
import type { StakeRecord } from './handlers.js';

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
