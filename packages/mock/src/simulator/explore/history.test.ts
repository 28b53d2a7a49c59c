// The value history's samples: a write values only the wallets it changed, however large the
// world; a control write values the charted wallets again (a price moves them all); a read values
// the most recently active ones.
import { beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../clock.js';
import type { SimContext } from '../context.js';
import { createLendStore } from '../lend/store.js';
import { createPrices } from '../prices.js';
import { NATIVE_MINT, PLATFORM_TOKEN_MINT } from '../tokens.js';
import { createTriggerV1Store } from '../trigger-v1/store.js';
import { createTriggerV2Store } from '../trigger-v2/store.js';
import { createWallets } from '../wallets.js';
import { createValueHistory, type ValueHistory } from './history.js';
import { walletView } from './reads.js';

/** Past the size at which the history used to value only the charted wallets on a write. */
const WORLD = 600;

let sim: SimContext;
let history: ValueHistory;
/** Wallets valued since the counts were last cleared, with how often. */
let valued: Map<string, number>;

const walletOf = (i: number) => `wallet-${String(i).padStart(4, '0')}`;
const seriesOf = (wallet: string) => history.read().find((s) => s.wallet === wallet)?.points ?? [];

beforeEach(() => {
  const clock = createClock(Date.UTC(2026, 0, 1), 'manual');
  const now = () => clock.now();
  sim = {
    clock,
    wallets: createWallets(20_000),
    prices: createPrices(),
    triggerV1: createTriggerV1Store({ now, maxPerWallet: 10, maxWallets: 10_000 }),
    triggerV2: createTriggerV2Store({ now, challengeTtlMs: 60_000, maxPerWallet: 10, maxWallets: 10_000 }),
    lend: createLendStore(),
  } as unknown as SimContext;
  valued = new Map();
  history = createValueHistory(sim, {
    valueWallet: (wallet) => {
      valued.set(wallet, (valued.get(wallet) ?? 0) + 1);
      return walletView(sim, wallet).totalUsd;
    },
  });
  for (let i = 0; i < WORLD; i++) sim.wallets.add(walletOf(i), PLATFORM_TOKEN_MINT, 1n);
  history.sample('renew');
  valued.clear();
});

describe('a write', () => {
  it('adds a point for the wallet it changed and values no other wallet', () => {
    const a = walletOf(7);
    const unrelated = walletOf(WORLD - 1); // the most recently active, charted wallet
    const chartedBefore = seriesOf(unrelated).length;
    expect(chartedBefore).toBeGreaterThan(0);
    sim.clock.advance(1_000);
    sim.wallets.add(a, PLATFORM_TOKEN_MINT, 2_000_000n);
    history.sample('touched');
    expect([...valued]).toEqual([[a, 1]]);
    const points = seriesOf(a);
    expect(points.at(-1)).toEqual({ t: sim.clock.now(), usd: walletView(sim, a).totalUsd });
    expect(seriesOf(unrelated)).toHaveLength(chartedBefore);
  });

  it('that changed no balance values nothing', () => {
    history.sample('touched');
    expect(valued.size).toBe(0);
  });

  it('values each wallet it changed once, the ones changed outside a request (a market watch fill) too', () => {
    const [a, b] = [walletOf(1), walletOf(2)];
    sim.wallets.add(a, NATIVE_MINT, 5n); // outside any request
    sim.wallets.add(b, NATIVE_MINT, 5n);
    sim.wallets.add(b, PLATFORM_TOKEN_MINT, -1n);
    history.sample('touched');
    expect(Object.fromEntries(valued)).toEqual({ [a]: 1, [b]: 1 });
  });
});

describe('a control write', () => {
  it('values the charted wallets again: a price moves them all', () => {
    const charted = history.read().map((s) => s.wallet);
    expect(charted).toHaveLength(20);
    sim.clock.advance(1_000);
    sim.prices.set(PLATFORM_TOKEN_MINT, 2);
    history.sample('charted');
    for (const wallet of charted) {
      expect(valued.get(wallet)).toBe(1);
      expect(seriesOf(wallet).at(-1)).toEqual({ t: sim.clock.now(), usd: walletView(sim, wallet).totalUsd });
    }
    expect(valued.size).toBe(20);
  });
});

describe('a read', () => {
  it('values the most recently active wallets, at most 20', () => {
    history.sample('renew');
    expect(valued.size).toBe(20);
    expect(valued.has(walletOf(WORLD - 1))).toBe(true);
    expect(valued.has(walletOf(0))).toBe(false);
  });
});
