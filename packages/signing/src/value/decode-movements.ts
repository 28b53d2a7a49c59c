/**
 * Reads what the top-level System, Token and Token-2022 instructions of a transaction do with
 * value: transfers, account funding, token account closes, delegations, authority changes, burns,
 * and a durable-nonce advance. Only top-level instructions are visible here: what another program
 * does through a cross-program invocation cannot be known without simulating the transaction.
 */
import type { Address } from '@solana/addresses';
import { bytesToAddressString } from '../encoding.js';
import {
  ADDRESS_LENGTH,
  instructionAccounts,
  instructionData,
  isAllZeroAt,
  lookupIndexes,
  staticAccountBytes,
  staticAccountOffset,
  type ParsedInstruction,
  type ParsedTransaction,
} from '../wire/parse-transaction.js';
import { SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@x/chain';

/** An account an instruction names: a static address, or one loaded from an address lookup table. */
export interface InspectedAccount {
  /** The address, or `null` when it is loaded from a lookup table (unknown without the chain). */
  readonly address: Address | null;
  /** For a looked-up account: the table and the index in it; `null` for a static account. */
  readonly lookup: { readonly table: Address; readonly index: number } | null;
}

/**
 * What a value-moving instruction does:
 * - `transfer`: native coin (System transfer, transfer with seed);
 * - `create-account`: native coin funding a new account (System create account, with seed);
 * - `nonce-withdraw`: native coin out of a nonce account the signer controls;
 * - `assign`: the signer's account handed to another program (System assign, with seed);
 * - `token-transfer`: tokens (transfer, transferChecked, transferCheckedWithFee);
 * - `token-close`: a token account closed, its lamports (and wrapped native coin) sent to `destination`;
 * - `token-approve`: a delegate allowed to move `amount` tokens (approve, approveChecked);
 * - `set-authority`: an account's authority changed (token setAuthority, nonce authorize); `destination` is the new authority;
 * - `token-burn`: tokens destroyed (burn, burnChecked);
 * - `unrecognized`: an instruction of one of these programs that this package does not decode, signed by someone.
 */
export type ValueMovementKind =
  | 'transfer'
  | 'create-account'
  | 'nonce-withdraw'
  | 'assign'
  | 'token-transfer'
  | 'token-close'
  | 'token-approve'
  | 'set-authority'
  | 'token-burn'
  | 'unrecognized';

export interface ValueMovement {
  readonly kind: ValueMovementKind;
  /** Index of the instruction in the transaction. */
  readonly instruction: number;
  readonly program: Address;
  /** Whether the value is native coin (lamports) or tokens. */
  readonly asset: 'native' | 'token';
  /** The account value leaves (the token account, the funding wallet, ...). */
  readonly source: InspectedAccount | null;
  /** Where it goes: recipient, new account, delegate or new authority; `null` when nothing receives it (burn, authority removed). */
  readonly destination: InspectedAccount | null;
  /** Lamports or token base units; `null` when the whole balance moves (close) or no amount applies. */
  readonly amount: bigint | null;
  /** The mint, when the instruction names it (checked variants). */
  readonly mint: InspectedAccount | null;
  readonly decimals: number | null;
  /** The signers of the message that authorise this movement (owner, authority, or multisig members). */
  readonly signers: readonly Address[];
}

/** A durable-nonce advance as first instruction: the transaction does not expire with its blockhash. */
export interface DurableNonce {
  readonly nonceAccount: InspectedAccount;
  readonly authority: InspectedAccount | null;
}

const SYSTEM = {
  createAccount: 0,
  assign: 1,
  transfer: 2,
  createAccountWithSeed: 3,
  advanceNonce: 4,
  withdrawNonce: 5,
  authorizeNonce: 7,
  assignWithSeed: 10,
  transferWithSeed: 11,
} as const;
/** System instructions that move nothing (allocate, initialize or upgrade a nonce account). */
const SYSTEM_INERT = new Set([6, 8, 9, 12]);

const TOKEN = {
  transfer: 3,
  approve: 4,
  setAuthority: 6,
  burn: 8,
  closeAccount: 9,
  transferChecked: 12,
  approveChecked: 13,
  burnChecked: 15,
  transferFeeExtension: 26,
} as const;
/** Token instructions that move nothing out of a holder (initialize, revoke, mint, freeze, thaw, sync, ...). */
const TOKEN_INERT = new Set([0, 1, 2, 5, 7, 10, 11, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
/**
 * Token-2022 extension instructions that move nothing out of a holder: default account state,
 * reallocate, memo-transfer switch, native mint creation, non-transferable and permanent-delegate
 * mint initializers, metadata / group / member pointers, scaled UI amount. Not among them (so
 * `unrecognized` when the wallet signs them): confidential transfers, transfer hooks, withdrawing
 * excess lamports, withheld-fee withdrawals and the rest.
 */
const TOKEN_2022_INERT = new Set([28, 29, 30, 31, 32, 35, 39, 40, 41, 43]);

/** The accounts of a transaction in instruction-index order, resolved as far as the bytes allow. */
export interface AccountResolver {
  account(index: number): InspectedAccount;
  isSigner(index: number): boolean;
}

export function accountResolver(tx: ParsedTransaction): AccountResolver {
  const statics: (InspectedAccount | undefined)[] = [];
  let loaded: InspectedAccount[] | undefined;
  const lookedUp = (): InspectedAccount[] => {
    if (loaded) return loaded;
    const writable: InspectedAccount[] = [];
    const readonly: InspectedAccount[] = [];
    for (const lookup of tx.addressTableLookups) {
      const table = bytesToAddressString(tx.bytes.subarray(lookup.tableOffset, lookup.tableOffset + ADDRESS_LENGTH));
      for (const index of lookupIndexes(tx, lookup, 'writable')) writable.push({ address: null, lookup: { table, index } });
      for (const index of lookupIndexes(tx, lookup, 'readonly')) readonly.push({ address: null, lookup: { table, index } });
    }
    loaded = [...writable, ...readonly];
    return loaded;
  };
  return {
    account(index) {
      if (index >= tx.staticAccountCount) return lookedUp()[index - tx.staticAccountCount] as InspectedAccount;
      let found = statics[index];
      if (found === undefined) {
        found = { address: bytesToAddressString(staticAccountBytes(tx, index)), lookup: null };
        statics[index] = found;
      }
      return found;
    },
    isSigner: (index) => index < tx.numRequiredSignatures,
  };
}

type ValueProgram = typeof SYSTEM_PROGRAM_ADDRESS | typeof TOKEN_PROGRAM_ADDRESS | typeof TOKEN_2022_PROGRAM_ADDRESS;

/** Which built-in program `programIndex` names (its address), without base58 work for the common case. */
function programOf(tx: ParsedTransaction, programIndex: number): ValueProgram | undefined {
  const offset = staticAccountOffset(tx, programIndex);
  // Both token program ids start with the same byte (0x06); anything else but zero is neither them nor System.
  const first = tx.bytes[offset];
  if (first === 0) return isAllZeroAt(tx.bytes, offset, ADDRESS_LENGTH) ? SYSTEM_PROGRAM_ADDRESS : undefined;
  if (first !== 0x06) return undefined;
  const text = bytesToAddressString(staticAccountBytes(tx, programIndex));
  if (text === TOKEN_PROGRAM_ADDRESS) return TOKEN_PROGRAM_ADDRESS;
  if (text === TOKEN_2022_PROGRAM_ADDRESS) return TOKEN_2022_PROGRAM_ADDRESS;
  return undefined;
}

/** True when the first instruction is a System AdvanceNonceAccount (cheap: no decoding of the rest). */
export function advancesDurableNonce(tx: ParsedTransaction): boolean {
  const first = tx.instructions[0];
  if (first === undefined || !isAllZeroAt(tx.bytes, staticAccountOffset(tx, first.programIndex), ADDRESS_LENGTH)) return false;
  return readU32(instructionData(tx, first), 0) === SYSTEM.advanceNonce;
}

function readU32(data: Uint8Array, offset: number): number | undefined {
  if (data.length < offset + 4) return undefined;
  return (
    ((data[offset] as number) | ((data[offset + 1] as number) << 8) | ((data[offset + 2] as number) << 16)) +
    (data[offset + 3] as number) * 0x1000000
  );
}

function readU64(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  const low = readU32(data, offset) as number;
  const high = readU32(data, offset + 4) as number;
  // Below 2^53 the number is exact: one conversion instead of three.
  return high < 0x200000 ? BigInt(high * 0x100000000 + low) : (BigInt(high) << 32n) | BigInt(low);
}

interface Context {
  readonly accounts: AccountResolver;
  readonly index: number;
  /** The instruction's account indexes and data (views of the transaction bytes). */
  readonly accountIndexes: Uint8Array;
  readonly data: Uint8Array;
  readonly program: Address;
}

function accountAt(ctx: Context, position: number): InspectedAccount | null {
  const index = ctx.accountIndexes[position];
  return index === undefined ? null : ctx.accounts.account(index);
}

/** The message signers among the instruction's accounts from `position` on (an authority and its multisig members). */
function signersFrom(ctx: Context, position: number): Address[] {
  const signers: Address[] = [];
  const indexes = ctx.accountIndexes;
  for (let i = position; i < indexes.length; i++) {
    const index = indexes[i] as number;
    if (ctx.accounts.isSigner(index)) {
      const address = ctx.accounts.account(index).address as Address;
      if (!signers.includes(address)) signers.push(address);
    }
  }
  return signers;
}

function signersAt(ctx: Context, position: number): Address[] {
  const index = ctx.accountIndexes[position];
  if (index === undefined || !ctx.accounts.isSigner(index)) return [];
  return [ctx.accounts.account(index).address as Address];
}

function movement(
  ctx: Context,
  kind: ValueMovementKind,
  asset: 'native' | 'token',
  fields: Partial<Omit<ValueMovement, 'kind' | 'instruction' | 'program' | 'asset'>>,
): ValueMovement {
  return {
    kind,
    instruction: ctx.index,
    program: ctx.program,
    asset,
    source: fields.source ?? null,
    destination: fields.destination ?? null,
    amount: fields.amount ?? null,
    mint: fields.mint ?? null,
    decimals: fields.decimals ?? null,
    signers: fields.signers ?? [],
  };
}

function unrecognized(ctx: Context, asset: 'native' | 'token'): ValueMovement | undefined {
  const signers = signersFrom(ctx, 0);
  return signers.length === 0 ? undefined : movement(ctx, 'unrecognized', asset, { signers });
}

/** Length of a System "seed" string (u64 length prefix + bytes) at `offset`, or undefined. */
function seedEnd(data: Uint8Array, offset: number): number | undefined {
  const length = readU64(data, offset);
  if (length === undefined || length > 32n) return undefined;
  const end = offset + 8 + Number(length);
  return end <= data.length ? end : undefined;
}

function decodeSystem(ctx: Context): ValueMovement | undefined {
  const data = ctx.data;
  const tag = readU32(data, 0);
  const at = (position: number) => accountAt(ctx, position);
  switch (tag) {
    case SYSTEM.transfer: {
      const amount = readU64(data, 4);
      if (amount === undefined) break;
      return movement(ctx, 'transfer', 'native', { source: at(0), destination: at(1), amount, signers: signersAt(ctx, 0) });
    }
    case SYSTEM.transferWithSeed: {
      const amount = readU64(data, 4);
      if (amount === undefined) break;
      return movement(ctx, 'transfer', 'native', { source: at(0), destination: at(2), amount, signers: signersAt(ctx, 1) });
    }
    case SYSTEM.createAccount: {
      const amount = readU64(data, 4);
      if (amount === undefined) break;
      return movement(ctx, 'create-account', 'native', { source: at(0), destination: at(1), amount, signers: signersAt(ctx, 0) });
    }
    case SYSTEM.createAccountWithSeed: {
      const end = seedEnd(data, 4 + ADDRESS_LENGTH);
      const amount = end === undefined ? undefined : readU64(data, end);
      if (amount === undefined) break;
      return movement(ctx, 'create-account', 'native', { source: at(0), destination: at(1), amount, signers: signersAt(ctx, 0) });
    }
    case SYSTEM.withdrawNonce: {
      const amount = readU64(data, 4);
      if (amount === undefined) break;
      return movement(ctx, 'nonce-withdraw', 'native', { source: at(0), destination: at(1), amount, signers: signersAt(ctx, 4) });
    }
    case SYSTEM.assign:
      return movement(ctx, 'assign', 'native', { source: at(0), signers: signersAt(ctx, 0) });
    case SYSTEM.assignWithSeed:
      return movement(ctx, 'assign', 'native', { source: at(0), signers: signersAt(ctx, 1) });
    case SYSTEM.authorizeNonce: {
      if (data.length < 4 + ADDRESS_LENGTH) break;
      const newAuthority = bytesToAddressString(data.subarray(4, 4 + ADDRESS_LENGTH));
      return movement(ctx, 'set-authority', 'native', {
        source: at(0),
        destination: { address: newAuthority, lookup: null },
        signers: signersAt(ctx, 1),
      });
    }
    case SYSTEM.advanceNonce:
      return undefined; // reported as `durableNonce` when first; elsewhere the runtime rejects it
    default:
      if (tag !== undefined && SYSTEM_INERT.has(tag)) return undefined;
  }
  return unrecognized(ctx, 'native');
}

/**
 * Where a token instruction that moves an amount keeps its fields: its kind, its accounts in order
 * (the signers follow them), and whether it is a checked form (the decimals follow the amount).
 */
interface AmountLayout {
  readonly kind: ValueMovementKind;
  readonly accounts: readonly ('source' | 'mint' | 'destination')[];
  readonly checked: boolean;
}

const TOKEN_AMOUNT_LAYOUTS: Readonly<Partial<Record<number, AmountLayout>>> = {
  [TOKEN.transfer]: { kind: 'token-transfer', accounts: ['source', 'destination'], checked: false },
  [TOKEN.transferChecked]: { kind: 'token-transfer', accounts: ['source', 'mint', 'destination'], checked: true },
  [TOKEN.approve]: { kind: 'token-approve', accounts: ['source', 'destination'], checked: false },
  [TOKEN.approveChecked]: { kind: 'token-approve', accounts: ['source', 'mint', 'destination'], checked: true },
  [TOKEN.burn]: { kind: 'token-burn', accounts: ['source', 'mint'], checked: false },
  [TOKEN.burnChecked]: { kind: 'token-burn', accounts: ['source', 'mint'], checked: true },
};
/** Token-2022's transferCheckedWithFee (transfer-fee extension, sub-instruction 1): amount at byte 2. */
const TRANSFER_CHECKED_WITH_FEE: AmountLayout = { kind: 'token-transfer', accounts: ['source', 'mint', 'destination'], checked: true };

/** The movement of an amount instruction laid out as `layout`, its u64 amount at `amountAt`; undefined when the data is short. */
function decodeAmount(ctx: Context, layout: AmountLayout, amountAt: number): ValueMovement | undefined {
  const data = ctx.data;
  const amount = readU64(data, amountAt);
  const decimalsAt = amountAt + 8;
  if (amount === undefined || (layout.checked && data.length <= decimalsAt)) return undefined;
  const fields: { -readonly [K in 'source' | 'mint' | 'destination']?: InspectedAccount | null } = {};
  for (let position = 0; position < layout.accounts.length; position++) fields[layout.accounts[position]!] = accountAt(ctx, position);
  return movement(ctx, layout.kind, 'token', {
    ...fields,
    amount,
    ...(layout.checked ? { decimals: data[decimalsAt] as number } : {}),
    signers: signersFrom(ctx, layout.accounts.length),
  });
}

function decodeToken(ctx: Context, token2022: boolean): ValueMovement | undefined {
  const data = ctx.data;
  const tag = data[0];
  const at = (position: number) => accountAt(ctx, position);
  const layout = tag === undefined ? undefined : TOKEN_AMOUNT_LAYOUTS[tag];
  if (layout) return decodeAmount(ctx, layout, 1) ?? unrecognized(ctx, 'token');
  switch (tag) {
    case TOKEN.setAuthority: {
      if (data.length < 3) break;
      const hasNew = data[2] === 1 && data.length >= 3 + ADDRESS_LENGTH;
      return movement(ctx, 'set-authority', 'token', {
        source: at(0),
        destination: hasNew ? { address: bytesToAddressString(data.subarray(3, 3 + ADDRESS_LENGTH)), lookup: null } : null,
        signers: signersFrom(ctx, 1),
      });
    }
    case TOKEN.closeAccount:
      return movement(ctx, 'token-close', 'token', { source: at(0), destination: at(1), signers: signersFrom(ctx, 2) });
    case TOKEN.transferFeeExtension:
      if (!token2022 || data[1] !== 1) break;
      return decodeAmount(ctx, TRANSFER_CHECKED_WITH_FEE, 2) ?? unrecognized(ctx, 'token');
    default:
      if (tag !== undefined && (TOKEN_INERT.has(tag) || (token2022 && TOKEN_2022_INERT.has(tag)))) return undefined;
  }
  return unrecognized(ctx, 'token');
}

export interface ValueReading {
  readonly movements: readonly ValueMovement[];
  readonly durableNonce: DurableNonce | null;
}

/** Decodes the value movements of every top-level System, Token and Token-2022 instruction. */
export function readValueMovements(tx: ParsedTransaction, accounts: AccountResolver = accountResolver(tx)): ValueReading {
  const movements: ValueMovement[] = [];
  let durableNonce: DurableNonce | null = null;
  for (let index = 0; index < tx.instructions.length; index++) {
    const instruction = tx.instructions[index] as ParsedInstruction;
    const program = programOf(tx, instruction.programIndex);
    if (program === undefined) continue;
    const data = instructionData(tx, instruction);
    const ctx: Context = { accounts, index, accountIndexes: instructionAccounts(tx, instruction), data, program: program as Address };
    if (program === SYSTEM_PROGRAM_ADDRESS) {
      if (index === 0 && readU32(data, 0) === SYSTEM.advanceNonce) {
        const nonceAccount = accountAt(ctx, 0);
        if (nonceAccount) durableNonce = { nonceAccount, authority: accountAt(ctx, 2) };
      }
      const found = decodeSystem(ctx);
      if (found) movements.push(found);
      continue;
    }
    const found = decodeToken(ctx, program === TOKEN_2022_PROGRAM_ADDRESS);
    if (found) movements.push(found);
  }
  return { movements, durableNonce };
}
