import { describe, expect, it } from 'vitest';
import { call, makeSimulator, TAKER } from './test-support/harness.js';

const post = (sim: ReturnType<typeof makeSimulator>, action: string, body: unknown) =>
  sim.fetch(
    new Request(`http://localhost/__control/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('control route set-stake', () => {
  it('sets the portfolio answer of an address', async () => {
    const sim = makeSimulator();
    const res = await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1234.5, unstaking: [{ amount: 10, until: 1785542400000 }] });
    expect(res.status).toBe(200);
    const { body } = await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`);
    expect(body).toEqual({ stakedAmount: 1234.5, unstaking: [{ amount: 10, until: 1785542400000 }] });
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 0 })).status).toBe(200);
    expect((await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`)).body).toEqual({ stakedAmount: 0, unstaking: [] });
  });

  it('answers 400 for a body it cannot apply', async () => {
    const sim = makeSimulator();
    expect((await post(sim, 'set-stake', { address: TAKER })).status).toBe(400);
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1, unstaking: [{ amount: 1 }] })).status).toBe(400);
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1, unstaking: 'soon' })).status).toBe(400);
  });
});
