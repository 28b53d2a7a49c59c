// Lend: earn earnings, borrow vaults and positions, and operate (create a position, deposit or
// withdraw collateral, borrow or repay) as a transaction or as instructions.
import { LEND_PROGRAM, LEND_VAULT } from '../chain/addresses.js';
import { publicKeyBytes } from '../chain/keys.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { computeUnitLimit, programCall, type PlainInstruction } from '../chain/instructions.js';
import { assertPublicKeys, buildTransaction } from '../chain/transactions.js';
import type { LendBorrowOperateRequest, LendBorrowPosition } from '@x/types';
import type { SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { toBase64 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { hashString } from '../random.js';
import { checkOperate, encodeOperate, OPERATE_LABEL } from './operate.js';
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
  const owner = body.positionOwner ?? body.signer;
  // The schemas check only the alphabet; both endpoints refuse what is not a public key.
  assertPublicKeys([body.signer, owner]);
  // A new position takes the vault's next position id; the transaction lands only while it is still
  // the next one (another new position landing first takes it: build again).
  const nftId = body.positionId === 0 ? sim.lend.nextNftId : body.positionId;
  // Checked now for a clear answer, and again when the transaction lands (tx/land.ts), where it applies.
  checkOperate(sim, { vault, signer: body.signer, owner, nftId, isNew: body.positionId === 0, col, debt });
  const instruction = programCall(
    LEND_PROGRAM,
    OPERATE_LABEL,
    [
      { pubkey: body.signer, isSigner: true, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: vault.address, isSigner: false, isWritable: true },
      { pubkey: vault.collateralMint, isSigner: false, isWritable: false },
      { pubkey: vault.debtMint, isSigner: false, isWritable: false },
    ],
    encodeOperate({ col, debt, nftId, isNew: body.positionId === 0 }),
  );
  return { nftId, instructions: [computeUnitLimit(400_000), instruction], signer: body.signer };
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
