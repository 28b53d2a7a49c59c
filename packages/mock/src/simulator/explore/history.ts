// Each wallet's total value over time, for the explorer's chart. A wallet's value moves only when
// its balances or the prices move, so:
//   - after an answered API write, the wallets whose balances that write changed get a point (the
//     wallets store keeps the set it touched): a write's cost is proportional to what it touched,
//     whatever the size of the world;
//   - after an answered control write (a price set, a balance set), the charted wallets are valued
//     again too (a price moves every wallet's value);
//   - when the history is read, the most recently active wallets are valued (so that, in paper
//     mode, the chart follows the live prices while the page is open).
// Bounded: the `maxWallets` most recently active wallets, at most `maxPoints` points each; when a
// series is full, every other point goes (the shape stays, the detail thins).
import type { SimContext } from '../context.js';
import { knownWallets, walletView } from './reads.js';

export interface ValuePoint {
  /** Simulated epoch ms. */
  t: number;
  usd: number;
}

/**
 * What a sample values: `touched` the wallets whose balances changed since the last sample (after
 * an API write); `charted` those and the wallets already charted (after a control write); `renew`
 * those and the most recently active wallets of the world (a read of the history).
 */
export type SampleScope = 'touched' | 'charted' | 'renew';

export interface ValueHistory {
  sample(scope: SampleScope): void;
  read(): { wallet: string; points: ValuePoint[] }[];
  clear(): void;
}

export interface ValueHistoryOptions {
  maxWallets?: number;
  maxPoints?: number;
  /** A wallet's total value now (default: the control API's wallet view). */
  valueWallet?: (wallet: string) => number;
}

export function createValueHistory(sim: SimContext, options: ValueHistoryOptions = {}): ValueHistory {
  const { maxWallets = 20, maxPoints = 512 } = options;
  const valueWallet = options.valueWallet ?? ((wallet: string) => walletView(sim, wallet).totalUsd);
  const series = new Map<string, ValuePoint[]>();

  const point = (wallet: string, t: number): void => {
    const usd = valueWallet(wallet);
    let points = series.get(wallet);
    if (points) {
      series.delete(wallet); // most recently valued last
    } else {
      if (series.size >= maxWallets * 2) series.delete(series.keys().next().value as string);
      points = [];
    }
    series.set(wallet, points);
    const last = points[points.length - 1];
    const before = points[points.length - 2];
    // Same value at the same time: nothing new to draw. A value that holds: its last point moves on.
    if (last && last.t === t && last.usd === usd) return;
    if (last && before && last.usd === usd && before.usd === usd) {
      last.t = t;
      return;
    }
    points.push({ t, usd });
    if (points.length > maxPoints)
      series.set(
        wallet,
        points.filter((_, i) => i % 2 === 1),
      );
  };

  return {
    sample(scope) {
      const touched = sim.wallets.takeTouched();
      if (scope === 'touched' && touched.length === 0) return;
      const t = sim.clock.now();
      const wallets = new Set(touched.slice(-maxWallets));
      if (scope === 'charted') for (const wallet of [...series.keys()].slice(-maxWallets)) wallets.add(wallet);
      if (scope === 'renew') for (const wallet of knownWallets(sim, maxWallets)) wallets.add(wallet);
      for (const wallet of wallets) point(wallet, t);
    },
    read() {
      const wallets = knownWallets(sim, maxWallets);
      return wallets.map((wallet) => ({ wallet, points: series.get(wallet) ?? [] }));
    },
    clear: () => series.clear(),
  };
}
