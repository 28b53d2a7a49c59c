// Trigger v2 state: challenges, vaults, crafted deposits, orders per wallet. Everything is
// bounded: challenges and deposits expire, wallets and orders per wallet are capped.
import type { TriggerV2ChallengeType, TriggerV2CreatePriceOrderRequest, TriggerV2OrderState, TriggerV2PriceOrderType } from '@x/types';
import { PRICE_FIELDS } from '../../gen/price-fields.gen.js';
import { BoundedMap } from '../bounded.js';
import type { KnownValues } from '../known-values.js';

export type V2OrderType = TriggerV2PriceOrderType;
/** The states the simulator sets: the spec's known order states. */
export type V2OrderState = KnownValues<TriggerV2OrderState>;
export const ACTIVE_STATES: ReadonlySet<V2OrderState> = new Set(['pending', 'open', 'executing', 'pending_withdraw']);

export interface Challenge {
  wallet: string;
  type: TriggerV2ChallengeType;
  text: string;
  /** Message bytes of the memo transaction (type transaction). */
  messageBytes?: Uint8Array;
  expiresAt: number;
}

export interface Vault {
  userPubkey: string;
  vaultPubkey: string;
  vaultId: string;
  createdAt: string;
}

export interface Deposit {
  requestId: string;
  wallet: string;
  vaultPubkey: string;
  /** The kind of order the deposit funds: `price`, `dca`, or a kind the service added later (open). */
  orderType: string;
  /** The kind of price order (price deposits only). */
  orderSubType?: V2OrderType;
  inputMint: string;
  outputMint: string;
  amount: bigint;
  messageBytes: Uint8Array;
}

export interface V2OrderEvent {
  type: string;
  at: string;
  [key: string]: unknown;
}

/** The price settings of an order, named as in the spec's create request (`x-price-setting`). */
export type PriceFields = Pick<TriggerV2CreatePriceOrderRequest, (typeof PRICE_FIELDS)[number]>;

/** The price fields that are set, and only those (create, update and the order record). */
export function priceFieldsOf(f: PriceFields): PriceFields {
  const out: PriceFields = {};
  for (const key of PRICE_FIELDS) if (f[key] !== undefined) Object.assign(out, { [key]: f[key] });
  return out;
}

export interface V2Order extends PriceFields {
  id: string;
  orderType: V2OrderType;
  orderState: V2OrderState;
  userPubkey: string;
  inputMint: string;
  initialInputAmount: bigint;
  remainingInputAmount: bigint;
  outputMint: string;
  triggerMint: string;
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
  outputAmount: bigint;
  fillPercent: number;
  events: V2OrderEvent[];
  depositSignature: string;
  /** First cancel attempt (simulated ms); the order becomes ready `cancelReadyAfterMs` later. */
  cancelRequestedAt?: number;
  markedReady: boolean;
  cancel?: { cancelRequestId: string; transaction: string; messageBytes: Uint8Array };
}

export interface TriggerV2Store {
  /** Pending challenges per `<wallet>:<type>` (a short list each, see trigger-v2/auth.ts). */
  challenges: BoundedMap<string, Challenge[]>;
  vaults: Map<string, Vault>;
  deposits: BoundedMap<string, Deposit>;
  usedDeposits: BoundedMap<string, string>;
  orders: Map<string, V2Order>;
  byWallet: Map<string, string[]>;
  vaultOf(wallet: string): Vault | undefined;
  setVault(vault: Vault): void;
  addOrder(order: V2Order): void;
  ordersOf(wallet: string): V2Order[];
  reset(): void;
}

export interface TriggerV2StoreOptions {
  now: () => number;
  challengeTtlMs: number;
  maxPerWallet: number;
  maxWallets: number;
}

export function createTriggerV2Store(options: TriggerV2StoreOptions): TriggerV2Store {
  // Kept twice their lifetime so that verify can tell "expired" from "not found".
  const challenges = new BoundedMap<string, Challenge[]>({ maxSize: 10_000, ttlMs: options.challengeTtlMs * 2, now: options.now });
  const deposits = new BoundedMap<string, Deposit>({ maxSize: 20_000, ttlMs: 3_600_000, now: options.now });
  const usedDeposits = new BoundedMap<string, string>({ maxSize: 20_000 });
  const vaults = new Map<string, Vault>();
  const orders = new Map<string, V2Order>();
  const byWallet = new Map<string, string[]>();

  const touchWallet = (wallet: string): string[] => {
    let ids = byWallet.get(wallet);
    if (ids) byWallet.delete(wallet);
    else {
      ids = [];
      if (byWallet.size >= options.maxWallets) {
        const oldest = byWallet.keys().next().value as string;
        for (const id of byWallet.get(oldest) ?? []) orders.delete(id);
        byWallet.delete(oldest);
      }
    }
    byWallet.set(wallet, ids);
    return ids;
  };

  return {
    challenges,
    vaults,
    deposits,
    usedDeposits,
    orders,
    byWallet,
    vaultOf: (wallet) => vaults.get(wallet),
    setVault(vault) {
      if (!vaults.has(vault.userPubkey) && vaults.size >= options.maxWallets) vaults.delete(vaults.keys().next().value as string);
      vaults.set(vault.userPubkey, vault);
    },
    addOrder(order) {
      const ids = touchWallet(order.userPubkey);
      ids.push(order.id);
      orders.set(order.id, order);
      while (ids.length > options.maxPerWallet) {
        const closed = ids.findIndex((id) => {
          const o = orders.get(id);
          return !o || !ACTIVE_STATES.has(o.orderState);
        });
        const [removed] = ids.splice(Math.max(closed, 0), 1);
        if (removed) orders.delete(removed);
      }
    },
    ordersOf(wallet) {
      return (byWallet.get(wallet) ?? []).map((id) => orders.get(id)).filter((o): o is V2Order => o !== undefined);
    },
    reset() {
      challenges.clear();
      deposits.clear();
      usedDeposits.clear();
      vaults.clear();
      orders.clear();
      byWallet.clear();
    },
  };
}
