import { describe, expect, it } from 'vitest';
import { call, makeSimulator, TAKER } from '../test-support/harness.js';

describe('GET /portfolio/v1/staked-platform-token/{address}', () => {
  it('derives a deterministic stake per address and seed, and honours setStake', async () => {
    const sim = makeSimulator();
    const first = await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual((await call(makeSimulator(), 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`)).body);
    sim.control.setStake(TAKER, 25000.5, [{ amount: 1000, until: 1785542400000 }]);
    expect((await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`)).body).toEqual({
      stakedAmount: 25000.5,
      unstaking: [{ amount: 1000, until: 1785542400000 }],
    });
  });

  it('rejects an address that is not a public key', async () => {
    const sim = makeSimulator();
    const res = await call(sim, 'GET', '/portfolio/v1/staked-platform-token/not-a-key');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/address/);
  });
});
