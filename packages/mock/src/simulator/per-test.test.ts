// The README's "One simulator per test" pattern for vitest, as written there.
import { beforeEach, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../index.js';

let sim: Simulator;
beforeEach(() => {
  sim = createSimulator(); // same seed, same state, for every test
});

const tradingStatus = async () =>
  (await sim.fetch(new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'test' } }))).json();

it('pauses trading', async () => {
  sim.control.setTradingActive(false);
  expect(await tradingStatus()).toEqual({ trading_active: false });
});

it('starts with trading open again', async () => {
  expect(await tradingStatus()).toEqual({ trading_active: true });
});
