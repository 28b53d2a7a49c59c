// The README's "One simulator per test" pattern for jest, as written there: one simulator for the
// file, reset after each test.
import { createSimulator } from '@x/mock';

const sim = createSimulator();
afterEach(() => sim.control.reset());

const tradingStatus = async () =>
  (await sim.fetch(new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'test' } }))).json();

test('pauses trading', async () => {
  sim.control.setTradingActive(false);
  expect(await tradingStatus()).toEqual({ trading_active: false });
});

test('starts with trading open again', async () => {
  expect(await tradingStatus()).toEqual({ trading_active: true });
});
