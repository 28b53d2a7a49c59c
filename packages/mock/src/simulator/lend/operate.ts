// One lend operate (create a position, deposit or withdraw collateral, borrow or repay): its
// checks, its instruction's data, and what it changes when its transaction lands. The operate
// endpoints only build the instruction (nothing moves); the chain applies it when the signed
// transaction lands (tx/land.ts), once: that is where balances and the position change.
import type { SimContext } from '../context.js';
import { ApiError } from '../errors.js';
import { BORROW_VAULTS, type BorrowVault, type Position } from './store.js';

export const OPERATE_LABEL = 'operate';

const invalid = (message: string): ApiError => new ApiError(400, message);

export interface Operate {
  vault: BorrowVault;
  /** The wallet that signs: pays the collateral in and the repayment, receives a withdrawal and a loan. */
  signer: string;
  owner: string;
  /** The position's id: for a new one, the vault's next id when the transaction was built. */
  nftId: number;
  isNew: boolean;
  /** Signed: positive deposits collateral, negative withdraws it. */
  col: bigint;
  /** Signed: positive borrows, negative repays. */
  debt: bigint;
}

/** The position after the operate, or a 400 saying why it cannot apply now. Changes nothing. */
export function checkOperate(sim: SimContext, op: Operate): Position {
  const { vault, signer, owner, col, debt } = op;
  if (col === 0n && debt === 0n) throw invalid('colAmount and debtAmount cannot both be 0');
  // Anyone may deposit into or repay a position; only its owner takes out of it (collateral, a loan).
  if (owner !== signer && (col < 0n || debt > 0n)) throw invalid(`Only the position owner ${owner} can withdraw collateral or borrow`);
  let position: Position;
  if (op.isNew) {
    if (col < 0n || debt < 0n) throw invalid('A new position can only deposit and borrow (non-negative amounts)');
    if (op.nftId !== sim.lend.nextNftId)
      throw invalid(
        `Position id ${op.nftId} was taken by another new position (the next is ${sim.lend.nextNftId}): build the operate again`,
      );
    position = { nftId: op.nftId, vaultId: vault.id, owner, collateral: 0n, debt: 0n };
  } else {
    const existing = sim.lend.positions.get(op.nftId);
    if (!existing || existing.owner !== owner || existing.vaultId !== vault.id)
      throw invalid(`Position ${op.nftId} not found in vault ${vault.id} for ${owner}`);
    position = existing;
  }
  const collateral = position.collateral + col;
  const newDebt = position.debt + debt;
  if (collateral < 0n) throw invalid('Cannot withdraw more collateral than deposited');
  if (newDebt < 0n) throw invalid('Cannot repay more than the debt');
  const colUsd = sim.prices.usdValue(vault.collateralMint, collateral);
  const debtUsd = sim.prices.usdValue(vault.debtMint, newDebt);
  if (debtUsd > (colUsd * vault.maxLtv) / 100) throw invalid(`Debt would exceed the vault's ${vault.maxLtv}% max LTV`);
  if (col > 0n && (sim.wallets.balance(signer, vault.collateralMint) ?? 0n) < col) throw invalid('Insufficient collateral balance');
  if (debt < 0n && (sim.wallets.balance(signer, vault.debtMint) ?? 0n) < -debt) throw invalid('Insufficient balance to repay');
  return { ...position, collateral, debt: newDebt };
}

/** Applies a checked operate (`after` from checkOperate): the signer's balances and the position. */
export function applyOperate(sim: SimContext, op: Operate, after: Position): void {
  if (op.isNew) sim.lend.nextNftId = op.nftId + 1;
  sim.wallets.add(op.signer, op.vault.collateralMint, -op.col);
  sim.wallets.add(op.signer, op.vault.debtMint, op.debt);
  sim.lend.add(after);
}

/** Instruction data after the 8-byte label: col (i64), debt (i64), position id (u32), new (u8). */
const PAYLOAD = 21;

export function encodeOperate(op: Pick<Operate, 'col' | 'debt' | 'nftId' | 'isNew'>): Uint8Array {
  const payload = new Uint8Array(PAYLOAD);
  const view = new DataView(payload.buffer);
  view.setBigInt64(0, op.col, true);
  view.setBigInt64(8, op.debt, true);
  view.setUint32(16, op.nftId, true);
  payload[20] = op.isNew ? 1 : 0;
  return payload;
}

/**
 * The operate of a lend instruction's accounts (signer, owner, vault, collateral mint, debt mint)
 * and data (after the label), or a 400 when it is not one the lend program would accept.
 */
export function decodeOperate(accounts: ReadonlyArray<string | undefined>, payload: Uint8Array): Operate {
  const [signer, owner, vaultAddress, collateralMint, debtMint] = accounts;
  const vault = BORROW_VAULTS.find((v) => v.address === vaultAddress);
  if (payload.length !== PAYLOAD || !signer || !owner || !vault || vault.collateralMint !== collateralMint || vault.debtMint !== debtMint)
    throw invalid('Invalid lend operate instruction: its accounts or data are not those of a borrow vault');
  const view = new DataView(payload.buffer, payload.byteOffset, PAYLOAD);
  const flag = payload[20];
  if (flag !== 0 && flag !== 1) throw invalid('Invalid lend operate instruction: its data are not an operate');
  return {
    vault,
    signer,
    owner,
    col: view.getBigInt64(0, true),
    debt: view.getBigInt64(8, true),
    nftId: view.getUint32(16, true),
    isNew: flag === 1,
  };
}
