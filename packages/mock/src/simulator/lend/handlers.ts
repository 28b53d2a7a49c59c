// Lend: earn earnings, borrow vaults and positions, and operate (create a position, deposit or
// withdraw collateral, borrow or repay) as a transaction or as instructions.
import { LEND_PROGRAM, LEND_VAULT } from '../chain/addresses.js';
import { publicKeyBytes } from '../chain/keys.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { computeUnitLimit, programCall, type PlainInstruction } from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import type { LendBorrowOperateRequest, LendBorrowPosition } from '@x/types';
import type { SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { toBase64 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { hashString } from '../random.js';
import { BORROW_VAULTS, type Position } from './store.js';

const invalid = (message: string): ApiError => new ApiError(400, message);

export const lendGetEarnEarnings: Handler<'lendGetEarnEarnings'> = (ctx) => {
  const user = ctx.input.query.user;
  if (user === undefined) throw invalid('user is required');
  const positions =
    ctx.input.query.positions
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  // Each position is an account address: one that is not (garbage, an object) is refused, not echoed.
  const bad = positions.find((p) => publicKeyBytes(p) === undefined);
  if (bad !== undefined) throw new ApiError(400, `Invalid positions: ${bad.slice(0, 64)} is not a public key`, { param: 'positions' });
  const h = hashString(`${user}:${positions.join(',')}`, ctx.sim.seed);
  // One entry per position asked about (the first vault's when none is given), all owned by `user`.
  const addresses = positions.length > 0 ? positions : [LEND_VAULT];
  const slot = ctx.sim.ledger.slot();
  return {
    body: addresses.map((address) => ({
      address,
      ownerAddress: user,
      earnings: ((h ^ hashString(address, ctx.sim.seed)) >>> 0) % 5_000_000,
      slot,
    })),
  };
};

export const lendGetBorrowVaults: Handler<'lendGetBorrowVaults'> = () => ({
  body: BORROW_VAULTS.map((v) => ({
    id: v.id,
    address: v.address,
    collateralMint: v.collateralMint,
    debtMint: v.debtMint,
    maxLtv: v.maxLtv,
    liquidationThreshold: v.liquidationThreshold,
    borrowRateBps: v.borrowRateBps,
    supplyRateBps: v.supplyRateBps,
  })),
});

const positionView = (p: Position): LendBorrowPosition => ({
  nftId: p.nftId,
  vaultId: p.vaultId,
  owner: p.owner,
  colAmount: p.collateral.toString(),
  debtAmount: p.debt.toString(),
});

export const lendGetBorrowPositions: Handler<'lendGetBorrowPositions'> = (ctx) => {
  const users = ctx.input.query.users
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!users || users.length === 0) throw invalid('users is required');
  const wanted = new Set(users);
  const positions = [...ctx.sim.lend.positions.values()].filter((p) => wanted.has(p.owner)).map(positionView);
  return { body: positions };
};

function operate(sim: SimContext, body: LendBorrowOperateRequest): { nftId: number; instructions: PlainInstruction[]; signer: string } {
  const vault = BORROW_VAULTS.find((v) => v.id === body.vaultId);
  if (!vault) throw invalid(`Unknown vaultId ${body.vaultId}`);
  const col = parseAmount(body.colAmount, 'colAmount', true);
  const debt = parseAmount(body.debtAmount, 'debtAmount', true);
  if (col === 0n && debt === 0n) throw invalid('colAmount and debtAmount cannot both be 0');
  const owner = body.positionOwner ?? body.signer;
  // Anyone may deposit into or repay a position; only its owner takes out of it (collateral, a loan).
  if (owner !== body.signer && (col < 0n || debt > 0n)) throw invalid(`Only the position owner ${owner} can withdraw collateral or borrow`);
  let position: Position;
  if (body.positionId === 0) {
    if (col < 0n || debt < 0n) throw invalid('A new position can only deposit and borrow (non-negative amounts)');
    position = { nftId: sim.lend.nextNftId, vaultId: vault.id, owner, collateral: 0n, debt: 0n };
  } else {
    const existing = sim.lend.positions.get(body.positionId);
    if (!existing || existing.owner !== owner || existing.vaultId !== vault.id)
      throw invalid(`Position ${body.positionId} not found in vault ${vault.id} for ${owner}`);
    position = { ...existing };
  }
  const collateral = position.collateral + col;
  const newDebt = position.debt + debt;
  if (collateral < 0n) throw invalid('Cannot withdraw more collateral than deposited');
  if (newDebt < 0n) throw invalid('Cannot repay more than the debt');
  const colUsd = sim.prices.usdValue(vault.collateralMint, collateral);
  const debtUsd = sim.prices.usdValue(vault.debtMint, newDebt);
  if (debtUsd > (colUsd * vault.maxLtv) / 100) throw invalid(`Debt would exceed the vault's ${vault.maxLtv}% max LTV`);
  if (col > 0n && (sim.wallets.balance(body.signer, vault.collateralMint) ?? 0n) < col) throw invalid('Insufficient collateral balance');
  if (debt < 0n && (sim.wallets.balance(body.signer, vault.debtMint) ?? 0n) < -debt) throw invalid('Insufficient balance to repay');
  if (body.positionId === 0) sim.lend.nextNftId += 1;
  sim.wallets.add(body.signer, vault.collateralMint, -col);
  sim.wallets.add(body.signer, vault.debtMint, debt);
  sim.lend.add({ ...position, collateral, debt: newDebt });
  const payload = new Uint8Array(17);
  const view = new DataView(payload.buffer);
  view.setBigInt64(0, col, true);
  view.setBigInt64(8, debt, true);
  payload[16] = body.positionId === 0 ? 1 : 0;
  const instruction = programCall(
    LEND_PROGRAM,
    'operate',
    [
      { pubkey: body.signer, isSigner: true, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: vault.collateralMint, isSigner: false, isWritable: false },
      { pubkey: vault.debtMint, isSigner: false, isWritable: false },
    ],
    payload,
  );
  return { nftId: position.nftId, instructions: [computeUnitLimit(400_000), instruction], signer: body.signer };
}

export const lendBorrowOperate: Handler<'lendBorrowOperate'> = (ctx) => {
  const { nftId, instructions, signer } = operate(ctx.sim, ctx.input.body);
  const built = buildTransaction({
    feePayer: signer,
    instructions,
    blockhash: ctx.sim.ledger.recentBlockhash(),
    lastValidBlockHeight: ctx.sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
  return { body: { nftId, transaction: built.base64 } };
};

export const lendBorrowOperateInstructions: Handler<'lendBorrowOperateInstructions'> = (ctx) => {
  const { nftId, instructions } = operate(ctx.sim, ctx.input.body);
  return {
    body: {
      nftId,
      instructions: instructions.map((ix) => ({
        programId: ix.programId,
        accounts: ix.accounts.map((a) => ({ ...a })),
        data: toBase64(ix.data),
      })),
      addressLookupTableAddresses: [],
    },
  };
};
