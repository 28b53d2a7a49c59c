// Simulators of one process share what the spec gives (operations, validators, router, served
// document, prediction catalogue); each keeps its own state.
import { describe, expect, it } from 'vitest';
import { createSimulator } from './index.js';
import { createPredictionStore } from './prediction/store.js';
import { sharedParts } from './shared.js';
import { bundledSpec } from './spec.js';

const TAKER = 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg';
const MINT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD';
const key = { 'x-api-key': 'k' };

describe('shared parts', () => {
  it('are built once per document: a second simulator reuses them', () => {
    const a = createSimulator();
    const b = createSimulator({ seed: 2 });
    expect(b.operations).toBe(a.operations);
    expect(Object.isFrozen(a.operations)).toBe(true);
    expect(sharedParts(bundledSpec)).toBe(sharedParts(bundledSpec));
    expect(sharedParts(bundledSpec).specJson()).toBe(sharedParts(bundledSpec).specJson());
    expect(JSON.parse(sharedParts(bundledSpec).specJson())).toEqual(bundledSpec);
  });

  it('leave each simulator its own state', async () => {
    const a = createSimulator();
    const b = createSimulator();
    a.control.setBalance(TAKER, MINT, 5n);
    expect(a.control.getBalance(TAKER, MINT)).toBe(5n);
    expect(b.control.getBalance(TAKER, MINT)).not.toBe(5n);
    a.control.setTradingActive(false);
    const status = async (sim: typeof a) =>
      await (await sim.fetch(new Request('http://x/prediction/v1/trading-status', { headers: key }))).json();
    expect(await status(a)).toEqual({ trading_active: false });
    expect(await status(b)).toEqual({ trading_active: true });
  });

  it('validate requests the same way in every simulator', async () => {
    for (const sim of [createSimulator(), createSimulator()]) {
      const res = await sim.fetch(new Request('http://x/swap/v2/order?inputMint=x', { headers: key }));
      expect(res.status).toBe(400);
    }
  });

  it('share one frozen prediction catalogue per seed and start', () => {
    const a = createPredictionStore(1, Date.UTC(2026, 0, 1));
    const b = createPredictionStore(1, Date.UTC(2026, 0, 1));
    const c = createPredictionStore(2, Date.UTC(2026, 0, 1));
    expect(b.events).toBe(a.events);
    expect(c.events).not.toBe(a.events);
    expect(c.events.map((e) => e.eventId)).not.toEqual(a.events.map((e) => e.eventId));
    const market = a.events[0]!.markets[0]!;
    expect(Object.isFrozen(market)).toBe(true);
    expect(() => {
      (market as { status: string }).status = 'closed';
    }).toThrow(TypeError);
    a.reset();
    expect(a.events).toBe(b.events);
  });
});
