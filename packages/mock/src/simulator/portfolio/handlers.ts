// GET /portfolio/v1/staked-platform-token/{address}: a staked amount derived from the address and
// the seed (one address in five has nothing staked), or the amount set through the control API.
import type { Handler } from '../context.js';
import { hashString } from '../random.js';

export interface StakeRecord {
  stakedAmount: number;
  unstaking: Array<{ amount: number; until: number }>;
}

export function stakeOf(seed: number, address: string, now: number): StakeRecord {
  const h = hashString(address, seed);
  if (h % 5 === 0) return { stakedAmount: 0, unstaking: [] };
  const staked = (h % 1_000_000) / 10 + 100;
  const unstaking = h % 3 === 0 ? [{ amount: ((h >>> 8) % 5_000) + 50, until: now + (((h >>> 4) % 30) + 1) * 86_400_000 }] : [];
  return { stakedAmount: staked, unstaking };
}

export const portfolioGetStakedPlatformToken: Handler = (ctx) => {
  const address = ctx.input.path.address as string;
  const override = ctx.sim.portfolio.stakes.get(address);
  return { body: override ?? stakeOf(ctx.sim.seed, address, ctx.sim.clock.now()) };
};
