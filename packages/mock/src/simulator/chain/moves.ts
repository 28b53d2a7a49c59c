// What a landed transaction moved, read from its instructions (the transaction itself is decoded
// by the simulator's own decoder, chain/decode.ts; tx submit reads its tips from here too): native transfers, token transfers (transferChecked, and transfer of a listed token), and the
// simulator's own swap, RFQ fill, trigger v1 order and lend operate instructions, whose layouts chain/instructions.ts
// and the areas' builders define. An instruction of any other kind moves nothing visible here.
import { LISTED_MINTS, NATIVE_MINT } from '../tokens.js';
import { tokenAccountOwner } from './token-accounts.js';
import { LEND_PROGRAM, SWAP_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM, TRIGGER_V1_PROGRAM } from './addresses.js';
import type { DecodedInstruction, DecodedTransaction } from './decoded.js';

export interface Move {
  from: string;
  to: string;
  mint: string;
  /** Smallest units. */
  amount: bigint;
  /** Set when the instruction states a floor, not the amount (a swap's minimum output). */
  atLeast?: true;
  /** What the instruction is, in words. */
  kind: string;
}

export const SWAP_DISCRIMINATOR = [0xe5, 0x17, 0xcb, 0x97, 0x7a, 0xe3, 0xad, 0x2a];

export const u64 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length >= offset + 8 ? new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true) : undefined;

export const startsWith = (data: Uint8Array, prefix: readonly number[]): boolean => prefix.every((byte, i) => data[i] === byte);

/** The 8-byte discriminator of a program call made by `programCall` (chain/instructions.ts). */
export const label = (text: string): number[] => Array.from(new TextEncoder().encode(text.padEnd(8, '_').slice(0, 8)));
/** The simulator's RFQ fill instruction (swap/transaction.ts). */
export const RFQ_FILL = label('rfq_fill');
const INIT_ORDER = label('init_ord');
const LEND_OPERATE = label('operate');

/** Whether `data` is a system transfer (u32 2, then u64 lamports). */
export const isSystemTransfer = (data: Uint8Array): boolean =>
  data.length === 12 && data[0] === 2 && data[1] === 0 && data[2] === 0 && data[3] === 0;

/** The signed i64 at `offset`. */
const i64 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length >= offset + 8 ? new DataView(data.buffer, data.byteOffset + offset, 8).getBigInt64(0, true) : undefined;

function movesOf(ix: DecodedInstruction): Move[] {
  const { programId, accounts, data } = ix;
  const [a0, a1, a2, a3, a4] = accounts;
  // System transfer: u32 2, then u64 lamports.
  if (programId === SYSTEM_PROGRAM && isSystemTransfer(data) && a0 && a1) {
    return [{ kind: 'native transfer', from: a0, to: a1, mint: NATIVE_MINT, amount: u64(data, 4)! }];
  }
  if (programId === TOKEN_PROGRAM && data[0] === 12 && data.length === 10 && a1 && a2 && a3) {
    return [{ kind: 'token transfer', from: a3, to: a2, mint: a1, amount: u64(data, 1)! }];
  }
  // A plain transfer (source, destination, owner) names no mint: the listed token whose account of the owner the source is.
  if (programId === TOKEN_PROGRAM && data[0] === 3 && data.length === 9 && a0 && a1 && a2) {
    const source = tokenAccountOwner(a0, [a2], LISTED_MINTS);
    return source ? [{ kind: 'token transfer', from: a2, to: a1, mint: source.mint, amount: u64(data, 1)! }] : [];
  }
  if (startsWith(data, SWAP_DISCRIMINATOR) && a0 && a1 && a2 && a3) {
    const inAmount = u64(data, 8);
    const minOut = u64(data, 16);
    if (inAmount === undefined || minOut === undefined) return [];
    return [
      { kind: 'swap in', from: a0, to: a1, mint: a2, amount: inAmount },
      { kind: 'swap out', from: a1, to: a4 ?? a0, mint: a3, amount: minOut, atLeast: true },
    ];
  }
  if (programId === SWAP_PROGRAM && startsWith(data, RFQ_FILL) && a0 && a1 && a2 && a3) {
    const inAmount = u64(data, 8);
    const out = u64(data, 16);
    if (inAmount === undefined || out === undefined) return [];
    return [
      { kind: 'swap in', from: a0, to: a1, mint: a2, amount: inAmount },
      { kind: 'swap out', from: a1, to: a0, mint: a3, amount: out },
    ];
  }
  if (programId === TRIGGER_V1_PROGRAM && startsWith(data, INIT_ORDER) && a0 && a2 && a3) {
    const making = u64(data, 8);
    return making === undefined ? [] : [{ kind: 'order deposit', from: a0, to: a2, mint: a3, amount: making }];
  }
  if (programId === LEND_PROGRAM && startsWith(data, LEND_OPERATE) && a0 && a2 && a3 && a4) {
    // Lend operate (lend/operate.ts): signer, owner, vault, collateral mint, debt mint; col and debt signed.
    const col = i64(data, 8);
    const debt = i64(data, 16);
    if (col === undefined || debt === undefined) return [];
    const moves: Move[] = [];
    if (col > 0n) moves.push({ kind: 'lend deposit', from: a0, to: a2, mint: a3, amount: col });
    if (col < 0n) moves.push({ kind: 'lend withdrawal', from: a2, to: a0, mint: a3, amount: -col });
    if (debt > 0n) moves.push({ kind: 'lend borrow', from: a2, to: a0, mint: a4, amount: debt });
    if (debt < 0n) moves.push({ kind: 'lend repayment', from: a0, to: a2, mint: a4, amount: -debt });
    return moves;
  }
  return [];
}

/** What a landing makes a payer of a new token account pay it: the rent it then holds (not stated by any instruction). */
export const RENT_KIND = 'token account rent';

/** The rent move of a token account a landing opened. */
export const rentMove = (payer: string, account: string, rent: bigint): Move => ({
  kind: RENT_KIND,
  from: payer,
  to: account,
  mint: NATIVE_MINT,
  amount: rent,
});

/** Every move of the transaction's instructions, in instruction order. */
export function transactionMoves(tx: DecodedTransaction): Move[] {
  return tx.instructions.flatMap(movesOf);
}
