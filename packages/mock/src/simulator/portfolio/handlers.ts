// GET /portfolio/v1/staked-platform-token/{address}: the stake set through the control API, or
// the one derived from the address and the seed.
import type { Handler } from '../handler.js';
import { stakeOf } from './store.js';

export const portfolioGetStakedPlatformToken: Handler<'portfolioGetStakedPlatformToken'> = (ctx) => {
  const address = ctx.input.path.address;
  const override = ctx.sim.portfolio.stakes.get(address);
  return { body: override ?? stakeOf(ctx.sim.seed, address, ctx.sim.clock.now()) };
};
