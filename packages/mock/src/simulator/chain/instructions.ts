// Instruction builders for the transactions the simulator assembles. Layouts follow the usual
// conventions (system transfer = u32 2 + u64 lamports; compute budget = u8 tag + value).
import { AccountRole, address, type Instruction } from '@solana/kit';
import { ApiError } from '../errors.js';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  SWAP_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from './addresses.js';
import { utf8Bytes } from '../encoding.js';
import { publicKeyBytes } from './keys.js';
import { tokenAccountOf } from './token-accounts.js';

export interface AccountSpec {
  pubkey: string;
  isSigner: boolean;
  isWritable: boolean;
}

/** A plain instruction record (the spec's Instruction shape, data still in bytes). */
export interface PlainInstruction {
  programId: string;
  accounts: AccountSpec[];
  data: Uint8Array;
}

const acct = (pubkey: string, isSigner: boolean, isWritable: boolean): AccountSpec => ({ pubkey, isSigner, isWritable });

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function computeUnitLimit(units: number): PlainInstruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data };
}

export function computeUnitPrice(microLamports: bigint): PlainInstruction {
  return { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: concat(Uint8Array.of(3), u64(microLamports)) };
}

export function systemTransfer(from: string, to: string, lamports: bigint): PlainInstruction {
  const tag = new Uint8Array(4);
  new DataView(tag.buffer).setUint32(0, 2, true);
  return { programId: SYSTEM_PROGRAM, accounts: [acct(from, true, true), acct(to, false, true)], data: concat(tag, u64(lamports)) };
}

/** The associated token account of `owner` for `mint` (the address wallets and signers derive). */
export async function associatedTokenAccount(owner: string, mint: string): Promise<string> {
  const account = tokenAccountOf(owner, mint);
  // The schemas check only the alphabet: a value that is not 32 bytes is the client's error (400).
  if (account === undefined) {
    const bad = publicKeyBytes(owner) ? mint : owner;
    throw new ApiError(400, `Invalid public key: ${bad} is not 32 bytes of base58`);
  }
  return account;
}

/**
 * Token transferChecked (tag 12, amount, decimals) of `mint` from `owner`'s associated token
 * account to `recipient`'s, in the token program's account order (source, mint, destination, owner).
 */
export async function tokenTransfer(
  owner: string,
  recipient: string,
  mint: string,
  amount: bigint,
  decimals: number,
): Promise<PlainInstruction> {
  const [source, destination] = await Promise.all([associatedTokenAccount(owner, mint), associatedTokenAccount(recipient, mint)]);
  return {
    programId: TOKEN_PROGRAM,
    accounts: [acct(source, false, true), acct(mint, false, false), acct(destination, false, true), acct(owner, true, false)],
    data: concat(Uint8Array.of(12), u64(amount), Uint8Array.of(decimals)),
  };
}

export function createTokenAccount(payer: string, owner: string, mint: string): PlainInstruction {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [acct(payer, true, true), acct(owner, false, false), acct(mint, false, false), acct(SYSTEM_PROGRAM, false, false)],
    data: Uint8Array.of(1),
  };
}

/** Token closeAccount (tag 9) of `owner`'s associated token account of `mint`, its lamports back to `owner`. */
export async function closeTokenAccount(owner: string, mint: string): Promise<PlainInstruction> {
  const account = await associatedTokenAccount(owner, mint);
  return {
    programId: TOKEN_PROGRAM,
    accounts: [acct(account, false, true), acct(owner, false, true), acct(owner, true, false)],
    data: Uint8Array.of(9),
  };
}

export function memo(text: string, signer: string): PlainInstruction {
  return { programId: MEMO_PROGRAM, accounts: [acct(signer, true, false)], data: utf8Bytes(text) };
}

export interface SwapInstructionInput {
  taker: string;
  ammKey: string;
  inputMint: string;
  outputMint: string;
  inAmount: bigint;
  minOutAmount: bigint;
  slippageBps: number;
  /** Wallet receiving the output when it is not the taker. */
  receiver?: string;
  /** Account collecting a referral or platform fee. */
  feeAccount?: string;
  /**
   * The fee `feeAccount` collects, in basis points of the output (a fraction too: written after the
   * slippage, when there is a fee account, as a u32 of thousandths of a basis point).
   */
  feeBps?: number;
  programId?: string;
}

export function swap(input: SwapInstructionInput): PlainInstruction {
  const accounts = [
    acct(input.taker, true, true),
    acct(input.ammKey, false, true),
    acct(input.inputMint, false, false),
    acct(input.outputMint, false, false),
  ];
  // The output's destination is the fifth account whenever there are more than four (the taker
  // again when there is no receiver), so that a fee account is never read as the destination.
  if (input.receiver || input.feeAccount) accounts.push(acct(input.receiver ?? input.taker, false, true));
  if (input.feeAccount) accounts.push(acct(input.feeAccount, false, true));
  const u16 = (value: number): Uint8Array => {
    const out = new Uint8Array(2);
    new DataView(out.buffer).setUint16(0, value, true);
    return out;
  };
  const fee = new Uint8Array(input.feeAccount ? 4 : 0);
  if (input.feeAccount) new DataView(fee.buffer).setUint32(0, Math.round((input.feeBps ?? 0) * 1000), true);
  return {
    programId: input.programId ?? SWAP_PROGRAM,
    accounts,
    data: concat(
      Uint8Array.of(0xe5, 0x17, 0xcb, 0x97, 0x7a, 0xe3, 0xad, 0x2a),
      u64(input.inAmount),
      u64(input.minOutAmount),
      u16(input.slippageBps),
      fee,
    ),
  };
}

/** A program-specific instruction with an 8-byte discriminator built from a label. */
export function programCall(
  programId: string,
  label: string,
  accounts: AccountSpec[],
  payload: Uint8Array = new Uint8Array(0),
): PlainInstruction {
  const tag = utf8Bytes(label.padEnd(8, '_').slice(0, 8));
  return { programId, accounts, data: concat(tag, payload) };
}

export { u64 as encodeU64 };

const ROLE = (a: AccountSpec): AccountRole =>
  a.isSigner
    ? a.isWritable
      ? AccountRole.WRITABLE_SIGNER
      : AccountRole.READONLY_SIGNER
    : a.isWritable
      ? AccountRole.WRITABLE
      : AccountRole.READONLY;

/** The kit instruction of a plain instruction record. */
export function toKitInstruction(ix: PlainInstruction): Instruction {
  return {
    programAddress: address(ix.programId),
    accounts: ix.accounts.map((a) => ({ address: address(a.pubkey), role: ROLE(a) })),
    data: ix.data,
  };
}
