// Each wallet's total value over time, for the explorer's chart: a sample after every answered write
// and whenever the history is read (so that, in paper mode, the chart follows the live prices while
// the page is open). Bounded: the `maxWallets` most recently active wallets, at most `maxPoints`
// points each; when a series is full, every other point goes (the shape stays, the detail thins).
// A write's sample stays cheap in a large world: past CHEAP_WORLD wallets it values only the
// wallets already charted, and the set of charted wallets is renewed when the history is read.
import type { SimContext } from '../context.js';
import { knownWallets, walletView } from './reads.js';

export interface ValuePoint {
  /** Simulated epoch ms. */
  t: number;
  usd: number;
}

/** Wallets (summed over the stores) up to which a write's sample looks for newly active wallets. */
export const CHEAP_WORLD = 500;

export interface ValueHistory {
  /** `renew`: look for the most recently active wallets (a read); else as cheap as the world allows (a write). */
  sample(renew?: boolean): void;
  read(): { wallet: string; points: ValuePoint[] }[];
  clear(): void;
}

export function createValueHistory(sim: SimContext, maxWallets = 20, maxPoints = 512): ValueHistory {
  const series = new Map<string, ValuePoint[]>();
  return {
    sample(renew = false) {
      const t = sim.clock.now();
      const worldSize =
        sim.wallets.size + sim.triggerV1.byMaker.size + sim.triggerV2.byWallet.size + sim.triggerV2.vaults.size + sim.lend.positions.size;
      const wallets = renew || worldSize <= CHEAP_WORLD ? knownWallets(sim, maxWallets) : [...series.keys()].slice(-maxWallets);
      for (const wallet of wallets) {
        const usd = walletView(sim, wallet).totalUsd;
        let points = series.get(wallet);
        if (!points) {
          if (series.size >= maxWallets * 2) series.delete(series.keys().next().value as string);
          points = [];
          series.set(wallet, points);
        }
        const last = points[points.length - 1];
        const before = points[points.length - 2];
        // Same value at the same time: nothing new to draw. A value that holds: its last point moves on.
        if (last && last.t === t && last.usd === usd) continue;
        if (last && before && last.usd === usd && before.usd === usd) {
          last.t = t;
          continue;
        }
        points.push({ t, usd });
        if (points.length > maxPoints)
          series.set(
            wallet,
            points.filter((_, i) => i % 2 === 1),
          );
      }
    },
    read() {
      const wallets = knownWallets(sim, maxWallets);
      return wallets.map((wallet) => ({ wallet, points: series.get(wallet) ?? [] }));
    },
    clear: () => series.clear(),
  };
}
