// The control API's reads of the simulator's state (GET /__control/wallets, orders, lend,
// transactions): plain JSON views of the stores, amounts as integer strings with the token's
// symbol, decimals and value at the current prices (the learnt live prices in paper mode). They
// read the stores the handlers write: the explorer page has no state of its own.
import type { SimContext } from '../context.js';
import { TOKENS, tokenByMint } from '../tokens.js';
import { refreshOrder } from '../trigger-v2/lifecycle.js';
import { BORROW_VAULTS } from '../lend/store.js';
import { toBase58 } from '../encoding.js';
import { transactionMoves } from '../chain/moves.js';

export interface TokenAmount {
  mint: string;
  /** The token's symbol, or null for a mint the simulator does not list. */
  symbol: string | null;
  decimals: number | null;
  /** Smallest units, as an integer string. */
  amount: string;
  /** Whole tokens (amount / 10^decimals), null for an unlisted mint. */
  uiAmount: number | null;
  /** Value at the current price, null when the token has no price. */
  usdValue: number | null;
}

export function tokenAmount(sim: SimContext, mint: string, amount: bigint): TokenAmount {
  const token = tokenByMint(mint);
  if (!token) return { mint, symbol: null, decimals: null, amount: amount.toString(), uiAmount: null, usdValue: null };
  const price = sim.prices.usd(mint);
  return {
    mint,
    symbol: token.symbol,
    decimals: token.decimals,
    amount: amount.toString(),
    uiAmount: Number(amount) / 10 ** token.decimals,
    usdValue: price === undefined ? null : sim.prices.usdValue(mint, amount),
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Wallets the simulator knows: those whose balances changed, and those with orders, vaults or
 * lend positions. Most recently active first; at most `limit`.
 */
export function knownWallets(sim: SimContext, limit = Number.POSITIVE_INFINITY): string[] {
  const seen = new Set<string>();
  const add = (wallets: Iterable<string>) => {
    for (const w of wallets) seen.add(w);
  };
  add(sim.wallets.changedWallets().reverse());
  add([...sim.triggerV2.byWallet.keys()].reverse());
  add([...sim.triggerV1.byMaker.keys()].reverse());
  add([...sim.lend.positions.values()].map((p) => p.owner).reverse());
  add([...sim.triggerV2.vaults.keys()].reverse());
  return [...seen].slice(0, limit);
}

export interface WalletView {
  wallet: string;
  /** Every listed token the wallet holds an account of (a wallet starts with each of them). */
  balances: TokenAmount[];
  /** Sum of the balances' values at the current prices. */
  totalUsd: number;
}

export function walletView(sim: SimContext, wallet: string): WalletView {
  const balances: TokenAmount[] = [];
  let totalUsd = 0;
  for (const token of TOKENS) {
    const amount = sim.wallets.balance(wallet, token.mint);
    if (amount === null) continue;
    const view = tokenAmount(sim, token.mint, amount);
    totalUsd += view.usdValue ?? 0;
    balances.push(view);
  }
  return { wallet, balances, totalUsd };
}

export function walletsRead(sim: SimContext, limit: number) {
  return {
    now: iso(sim.clock.now()),
    prices: TOKENS.map((t) => ({ mint: t.mint, symbol: t.symbol, decimals: t.decimals, usd: sim.prices.usd(t.mint) ?? null })),
    source: sim.market.mode,
    wallets: knownWallets(sim, limit).map((w) => walletView(sim, w)),
  };
}

/**
 * The last `limit` of `values` (in insertion order, which is creation order in every store here)
 * that `keep` accepts, newest first, without copying or sorting the whole store.
 */
function lastOf<T>(values: Iterable<T>, limit: number, keep: (value: T) => boolean): T[] {
  const all = Array.isArray(values) ? (values as T[]) : [...values];
  const out: T[] = [];
  for (let i = all.length - 1; i >= 0 && out.length < limit; i--) if (keep(all[i]!)) out.push(all[i]!);
  return out;
}

export function ordersRead(sim: SimContext, wallet: string | null, limit: number) {
  const mine = (owner: string) => wallet === null || owner === wallet;
  const v1Orders = wallet === null ? sim.triggerV1.orders.values() : sim.triggerV1.ordersOf(wallet);
  const v2Orders = wallet === null ? sim.triggerV2.orders.values() : sim.triggerV2.ordersOf(wallet);
  const v1 = lastOf(v1Orders, limit, (o) => mine(o.userPubkey)).map((o) => ({
    version: 'v1' as const,
    id: o.orderKey,
    wallet: o.userPubkey,
    state: o.status,
    input: tokenAmount(sim, o.inputMint, o.makingAmount),
    remainingInput: tokenAmount(sim, o.inputMint, o.remainingMakingAmount),
    /** What the order asks for in exchange. */
    output: tokenAmount(sim, o.outputMint, o.takingAmount),
    filledInput: tokenAmount(sim, o.inputMint, o.makingAmount - o.remainingMakingAmount),
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    openTx: o.openTx || null,
    closeTx: o.closeTx || null,
  }));
  const v2 = lastOf(v2Orders, limit, (o) => mine(o.userPubkey)).map((order) => {
    const o = refreshOrder(sim, order);
    return {
      version: 'v2' as const,
      id: o.id,
      wallet: o.userPubkey,
      type: o.orderType,
      state: o.orderState,
      input: tokenAmount(sim, o.inputMint, o.initialInputAmount),
      remainingInput: tokenAmount(sim, o.inputMint, o.remainingInputAmount),
      output: tokenAmount(sim, o.outputMint, o.outputAmount),
      fillPercent: o.fillPercent,
      trigger: {
        mint: o.triggerMint,
        symbol: tokenByMint(o.triggerMint)?.symbol ?? null,
        condition: o.triggerCondition ?? null,
        priceUsd: o.triggerPriceUsd ?? null,
        takeProfitUsd: o.tpPriceUsd ?? null,
        stopLossUsd: o.slPriceUsd ?? null,
      },
      events: o.events,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
      expiresAt: iso(o.expiresAt),
      depositSignature: o.depositSignature,
    };
  });
  const orders = [...v1, ...v2].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { now: iso(sim.clock.now()), orders: orders.slice(0, limit) };
}

export function lendRead(sim: SimContext, wallet: string | null, limit: number) {
  return {
    now: iso(sim.clock.now()),
    borrowVaults: BORROW_VAULTS.map((v) => ({
      id: v.id,
      address: v.address,
      collateral: { mint: v.collateralMint, symbol: tokenByMint(v.collateralMint)?.symbol ?? null },
      debt: { mint: v.debtMint, symbol: tokenByMint(v.debtMint)?.symbol ?? null },
      maxLtv: v.maxLtv,
      liquidationThreshold: v.liquidationThreshold,
    })),
    positions: lastOf(sim.lend.positions.values(), limit, (p) => wallet === null || p.owner === wallet).map((p) => {
      const vault = BORROW_VAULTS.find((v) => v.id === p.vaultId);
      return {
        nftId: p.nftId,
        vaultId: p.vaultId,
        owner: p.owner,
        collateral: vault ? tokenAmount(sim, vault.collateralMint, p.collateral) : null,
        debt: vault ? tokenAmount(sim, vault.debtMint, p.debt) : null,
      };
    }),
    triggerVaults: [...sim.triggerV2.vaults.values()]
      .filter((v) => wallet === null || v.userPubkey === wallet)
      .map((v) => ({ wallet: v.userPubkey, vault: v.vaultPubkey, vaultId: v.vaultId, createdAt: v.createdAt })),
  };
}

export function transactionsRead(sim: SimContext, wallet: string | null, limit: number) {
  const landed = sim.ledger.landedTransactions();
  const out = [];
  for (let i = landed.length - 1; i >= 0 && out.length < limit; i--) {
    const { signature, slot, via, at, tx, made } = landed[i]!;
    const signers = tx.signatures.map((s) => s.signer);
    const moves = [...transactionMoves(tx), ...made].map((m) => ({
      kind: m.kind,
      from: m.from,
      to: m.to,
      ...tokenAmount(sim, m.mint, m.amount),
      ...(m.atLeast ? { atLeast: true } : {}),
    }));
    if (wallet !== null && !signers.includes(wallet) && !moves.some((m) => m.from === wallet || m.to === wallet)) continue;
    const colon = via.indexOf(':');
    out.push({
      signature,
      slot,
      at: iso(at),
      operationId: colon < 0 ? via : via.slice(0, colon),
      reference: colon < 0 ? null : via.slice(colon + 1),
      signers,
      feePayer: signers[0] ?? null,
      signatures: tx.signatures.map((s) => ({ signer: s.signer, signature: s.signature ? toBase58(s.signature) : null })),
      programs: [...new Set(tx.instructions.map((ix) => ix.programId ?? 'unknown'))],
      moves,
    });
  }
  return { now: iso(sim.clock.now()), landed: landed.length, transactions: out };
}
