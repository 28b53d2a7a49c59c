// Trigger v1 state: orders per maker (at most `maxPerWallet`, oldest closed ones out first; open
// ones never) and the transactions waiting for /execute.
import { BoundedMap } from '../bounded.js';

export type TriggerV1Status = 'Open' | 'Completed' | 'Cancelled' | 'Expired';

export interface TriggerV1Order {
  orderKey: string;
  userPubkey: string;
  inputMint: string;
  outputMint: string;
  makingAmount: bigint;
  takingAmount: bigint;
  remainingMakingAmount: bigint;
  remainingTakingAmount: bigint;
  slippageBps: number;
  /** Unix seconds, or null when the order does not expire. */
  expiredAt: number | null;
  createdAt: number;
  updatedAt: number;
  status: TriggerV1Status;
  /**
   * The integrator fee (`params.feeBps`, `feeAccount`): `bps` of each fill's output, paid to
   * `wallet` (the owner of `account` when it is a token account the simulator can tell, else
   * `account` itself). Null without one (and in orders stored before fees were paid).
   */
  fee?: TriggerV1Fee | null;
  openTx: string;
  closeTx: string;
}

export interface TriggerV1Fee {
  bps: number;
  account: string;
  wallet: string;
}

export type PendingV1 =
  | { kind: 'create'; maker: string; signers: string[]; messages: Uint8Array[]; order: TriggerV1Order }
  | { kind: 'cancel'; maker: string; signers: string[]; messages: Uint8Array[]; chunks: string[][]; done: boolean[] };

export interface TriggerV1Store {
  orders: Map<string, TriggerV1Order>;
  byMaker: Map<string, string[]>;
  pending: BoundedMap<string, PendingV1>;
  addOrder(order: TriggerV1Order): void;
  ordersOf(maker: string): TriggerV1Order[];
  reset(): void;
}

export function createTriggerV1Store(options: { now: () => number; maxPerWallet: number; maxWallets: number }): TriggerV1Store {
  const orders = new Map<string, TriggerV1Order>();
  const byMaker = new Map<string, string[]>();
  const pending = new BoundedMap<string, PendingV1>({ maxSize: 10_000, ttlMs: 120_000, now: options.now });
  const dropMaker = (maker: string): void => {
    for (const key of byMaker.get(maker) ?? []) orders.delete(key);
    byMaker.delete(maker);
  };
  return {
    orders,
    byMaker,
    pending,
    addOrder(order) {
      let keys = byMaker.get(order.userPubkey);
      if (!keys) {
        if (byMaker.size >= options.maxWallets) dropMaker(byMaker.keys().next().value as string);
        keys = [];
      } else byMaker.delete(order.userPubkey);
      byMaker.set(order.userPubkey, keys);
      keys.push(order.orderKey);
      orders.set(order.orderKey, order);
      // Closed orders leave first; an open one never does (it holds the maker's input: createOrder
      // and execute refuse an order past maxPerWallet open ones).
      while (keys.length > options.maxPerWallet) {
        const closed = keys.findIndex((k) => orders.get(k)?.status !== 'Open');
        if (closed < 0) break;
        const [removed] = keys.splice(closed, 1);
        if (removed) orders.delete(removed);
      }
    },
    ordersOf(maker) {
      return (byMaker.get(maker) ?? []).map((k) => orders.get(k)).filter((o): o is TriggerV1Order => o !== undefined);
    },
    reset() {
      orders.clear();
      byMaker.clear();
      pending.clear();
    },
  };
}
