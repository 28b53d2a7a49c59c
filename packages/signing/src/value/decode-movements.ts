/**
 * Reads what the top-level System, Token and Token-2022 instructions of a transaction do with
 * value: transfers, account funding, token account closes, delegations, authority changes, burns,
 * and a durable-nonce advance. Only top-level instructions are visible here: what another program
 * does through a cross-program invocation cannot be known without simulating the transaction.
 */
import type { Address } from '@solana/addresses';
import { addressTextAt } from '../encoding.js';
import {
  ADDRESS_LENGTH,
  isAllZeroAt,
  staticAccountOffset,
  type ParsedInstruction,
  type ParsedTransaction,
} from '../wire/parse-transaction.js';
import { readU32, readU64 } from '../wire/little-endian.js';
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  STAKE_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
} from '@x/chain';

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
 * - `unrecognized`: an instruction of one of these programs that this package does not decode, or any
 *   instruction of the stake, vote and upgradeable loader programs, signed by someone.
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
/**
 * System instructions that move nothing (initialize or upgrade a nonce account, allocate a derived
 * account). Not among them: allocate (8), which gives the signer's own account data, after which it
 * can neither pay fees nor send native coin: `unrecognized` when the wallet signs it.
 */
const SYSTEM_INERT = new Set([6, 9, 12]);

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

/** Resolves each account once, on first use: static accounts by their bytes, looked-up ones by table and index. */
class Accounts implements AccountResolver {
  private readonly statics: (InspectedAccount | undefined)[] = [];
  private loaded: InspectedAccount[] | undefined;
  constructor(private readonly tx: ParsedTransaction) {}

  account(index: number): InspectedAccount {
    const tx = this.tx;
    if (index >= tx.staticAccountCount) return this.lookedUp()[index - tx.staticAccountCount] as InspectedAccount;
    let found = this.statics[index];
    if (found === undefined) {
      found = { address: addressTextAt(tx.bytes, staticAccountOffset(tx, index)), lookup: null };
      this.statics[index] = found;
    }
    return found;
  }

  isSigner(index: number): boolean {
    return index < this.tx.numRequiredSignatures;
  }

  /** The looked-up accounts: every table's writable ones, then every table's readonly ones. */
  private lookedUp(): InspectedAccount[] {
    if (this.loaded) return this.loaded;
    const { bytes, addressTableLookups } = this.tx;
    const writable: InspectedAccount[] = [];
    const readonly: InspectedAccount[] = [];
    for (const lookup of addressTableLookups) {
      const table = addressTextAt(bytes, lookup.tableOffset);
      for (let i = 0; i < lookup.writableCount; i++) {
        writable.push({ address: null, lookup: { table, index: bytes[lookup.writableOffset + i] as number } });
      }
      for (let i = 0; i < lookup.readonlyCount; i++) {
        readonly.push({ address: null, lookup: { table, index: bytes[lookup.readonlyOffset + i] as number } });
      }
    }
    this.loaded = writable.concat(readonly);
    return this.loaded;
  }
}

export function accountResolver(tx: ParsedTransaction): AccountResolver {
  return new Accounts(tx);
}

/**
 * Built-in programs whose instructions hand over stake, vote rewards or control of a deployed
 * program: never decoded, so any top-level instruction of theirs someone signs is `unrecognized`.
 */
const OPAQUE_PROGRAMS: ReadonlySet<string> = new Set([STAKE_PROGRAM_ADDRESS, VOTE_PROGRAM_ADDRESS, BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS]);
/** The programs read: System, the token programs and the opaque ones. */
const NAMED_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  ...OPAQUE_PROGRAMS,
]);

/** Which program of `NAMED_PROGRAMS` `programIndex` names (its address; the text is cached, see `addressTextAt`). */
function programOf(tx: ParsedTransaction, programIndex: number): string | undefined {
  const text = addressTextAt(tx.bytes, staticAccountOffset(tx, programIndex));
  return NAMED_PROGRAMS.has(text) ? text : undefined;
}

/** True when the first instruction is a System AdvanceNonceAccount (cheap: no decoding of the rest). */
export function advancesDurableNonce(tx: ParsedTransaction): boolean {
  const first = tx.instructions[0];
  if (first === undefined || !isAllZeroAt(tx.bytes, staticAccountOffset(tx, first.programIndex), ADDRESS_LENGTH)) return false;
  return readU32(tx.bytes, first.dataOffset, first.dataLength, 0) === SYSTEM.advanceNonce;
}

/** One instruction being decoded: where its account indexes and data lie in the transaction bytes. */
interface Context {
  readonly bytes: Uint8Array;
  readonly accounts: AccountResolver;
  readonly index: number;
  readonly accountsOffset: number;
  readonly accountCount: number;
  readonly dataOffset: number;
  readonly dataLength: number;
  readonly program: Address;
}

const u32 = (ctx: Context, offset: number) => readU32(ctx.bytes, ctx.dataOffset, ctx.dataLength, offset);
const u64 = (ctx: Context, offset: number) => readU64(ctx.bytes, ctx.dataOffset, ctx.dataLength, offset);
/** The data byte at `offset`; undefined past the end of the data. */
const dataByte = (ctx: Context, offset: number): number | undefined =>
  offset < ctx.dataLength ? (ctx.bytes[ctx.dataOffset + offset] as number) : undefined;
/** The address written in the data at `offset`, or undefined when the data is too short for it. */
function dataAddress(ctx: Context, offset: number): Address | undefined {
  return ctx.dataLength < offset + ADDRESS_LENGTH ? undefined : addressTextAt(ctx.bytes, ctx.dataOffset + offset);
}

function accountAt(ctx: Context, position: number): InspectedAccount | null {
  return position < ctx.accountCount ? ctx.accounts.account(ctx.bytes[ctx.accountsOffset + position] as number) : null;
}

/** The message signers among the instruction's accounts from `position` on (an authority and its multisig members). */
function signersFrom(ctx: Context, position: number): Address[] {
  const signers: Address[] = [];
  for (let i = position; i < ctx.accountCount; i++) {
    const index = ctx.bytes[ctx.accountsOffset + i] as number;
    if (ctx.accounts.isSigner(index)) {
      const address = ctx.accounts.account(index).address as Address;
      if (!signers.includes(address)) signers.push(address);
    }
  }
  return signers;
}

function signersAt(ctx: Context, position: number): Address[] {
  if (position >= ctx.accountCount) return [];
  const index = ctx.bytes[ctx.accountsOffset + position] as number;
  return ctx.accounts.isSigner(index) ? [ctx.accounts.account(index).address as Address] : [];
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

/** Where a System "seed" string (u64 length prefix + bytes) at `offset` of the data ends, or undefined. */
function seedEnd(ctx: Context, offset: number): number | undefined {
  const length = u64(ctx, offset);
  if (length === undefined || length > 32n) return undefined;
  const end = offset + 8 + Number(length);
  return end <= ctx.dataLength ? end : undefined;
}

/** A native movement of the u64 amount at `amountAt` from account `from` to account `to`, signed by the account at `signer`. */
function nativeAmount(
  ctx: Context,
  kind: ValueMovementKind,
  amountAt: number | undefined,
  from: number,
  to: number,
  signer: number,
): ValueMovement | undefined {
  const amount = amountAt === undefined ? undefined : u64(ctx, amountAt);
  if (amount === undefined) return undefined;
  return movement(ctx, kind, 'native', {
    source: accountAt(ctx, from),
    destination: accountAt(ctx, to),
    amount,
    signers: signersAt(ctx, signer),
  });
}

function decodeSystem(ctx: Context): ValueMovement | undefined {
  const tag = u32(ctx, 0);
  switch (tag) {
    case SYSTEM.transfer:
      return nativeAmount(ctx, 'transfer', 4, 0, 1, 0) ?? unrecognized(ctx, 'native');
    case SYSTEM.transferWithSeed:
      return nativeAmount(ctx, 'transfer', 4, 0, 2, 1) ?? unrecognized(ctx, 'native');
    case SYSTEM.createAccount:
      return nativeAmount(ctx, 'create-account', 4, 0, 1, 0) ?? unrecognized(ctx, 'native');
    case SYSTEM.createAccountWithSeed:
      return nativeAmount(ctx, 'create-account', seedEnd(ctx, 4 + ADDRESS_LENGTH), 0, 1, 0) ?? unrecognized(ctx, 'native');
    case SYSTEM.withdrawNonce:
      return nativeAmount(ctx, 'nonce-withdraw', 4, 0, 1, 4) ?? unrecognized(ctx, 'native');
    case SYSTEM.assign:
      return movement(ctx, 'assign', 'native', { source: accountAt(ctx, 0), signers: signersAt(ctx, 0) });
    case SYSTEM.assignWithSeed:
      return movement(ctx, 'assign', 'native', { source: accountAt(ctx, 0), signers: signersAt(ctx, 1) });
    case SYSTEM.authorizeNonce: {
      const newAuthority = dataAddress(ctx, 4);
      if (newAuthority === undefined) break;
      return movement(ctx, 'set-authority', 'native', {
        source: accountAt(ctx, 0),
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
 * Where a token instruction that moves an amount keeps its fields: its kind, the positions of its
 * accounts (the signers follow them), and whether it is a checked form (the decimals follow the amount).
 */
interface AmountLayout {
  readonly kind: ValueMovementKind;
  readonly mint: number | undefined;
  readonly destination: number | undefined;
  /** The first signer's position: right after the accounts (the source is always first). */
  readonly signers: number;
  readonly checked: boolean;
}

const layout = (
  kind: ValueMovementKind,
  accounts: 'source,destination' | 'source,mint,destination' | 'source,mint',
  checked: boolean,
): AmountLayout => {
  const names = accounts.split(',');
  const position = (name: string) => (names.includes(name) ? names.indexOf(name) : undefined);
  return { kind, mint: position('mint'), destination: position('destination'), signers: names.length, checked };
};

const TOKEN_AMOUNT_LAYOUTS: Readonly<Partial<Record<number, AmountLayout>>> = {
  [TOKEN.transfer]: layout('token-transfer', 'source,destination', false),
  [TOKEN.transferChecked]: layout('token-transfer', 'source,mint,destination', true),
  [TOKEN.approve]: layout('token-approve', 'source,destination', false),
  [TOKEN.approveChecked]: layout('token-approve', 'source,mint,destination', true),
  [TOKEN.burn]: layout('token-burn', 'source,mint', false),
  [TOKEN.burnChecked]: layout('token-burn', 'source,mint', true),
};
/** Token-2022's transferCheckedWithFee (transfer-fee extension, sub-instruction 1): amount at byte 2. */
const TRANSFER_CHECKED_WITH_FEE = layout('token-transfer', 'source,mint,destination', true);

/** The movement of an amount instruction laid out as `layout`, its u64 amount at `amountAt`; undefined when the data is short. */
function decodeAmount(ctx: Context, layout: AmountLayout, amountAt: number): ValueMovement | undefined {
  const amount = u64(ctx, amountAt);
  const decimalsAt = amountAt + 8;
  if (amount === undefined || (layout.checked && ctx.dataLength <= decimalsAt)) return undefined;
  return movement(ctx, layout.kind, 'token', {
    source: accountAt(ctx, 0),
    mint: layout.mint === undefined ? null : accountAt(ctx, layout.mint),
    destination: layout.destination === undefined ? null : accountAt(ctx, layout.destination),
    amount,
    decimals: layout.checked ? (dataByte(ctx, decimalsAt) as number) : null,
    signers: signersFrom(ctx, layout.signers),
  });
}

function decodeToken(ctx: Context, token2022: boolean): ValueMovement | undefined {
  const tag = dataByte(ctx, 0);
  const amountLayout = tag === undefined ? undefined : TOKEN_AMOUNT_LAYOUTS[tag];
  if (amountLayout) return decodeAmount(ctx, amountLayout, 1) ?? unrecognized(ctx, 'token');
  switch (tag) {
    case TOKEN.setAuthority: {
      if (ctx.dataLength < 3) break;
      const newAuthority = dataByte(ctx, 2) === 1 ? dataAddress(ctx, 3) : undefined;
      return movement(ctx, 'set-authority', 'token', {
        source: accountAt(ctx, 0),
        destination: newAuthority === undefined ? null : { address: newAuthority, lookup: null },
        signers: signersFrom(ctx, 1),
      });
    }
    case TOKEN.closeAccount:
      return movement(ctx, 'token-close', 'token', {
        source: accountAt(ctx, 0),
        destination: accountAt(ctx, 1),
        signers: signersFrom(ctx, 2),
      });
    case TOKEN.transferFeeExtension:
      if (!token2022 || dataByte(ctx, 1) !== 1) break;
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

/** Decodes the value movements of every top-level System, Token and Token-2022 instruction (and notes the stake, vote and loader ones someone signs). */
export function readValueMovements(tx: ParsedTransaction, accounts: AccountResolver = accountResolver(tx)): ValueReading {
  const movements: ValueMovement[] = [];
  let durableNonce: DurableNonce | null = null;
  for (let index = 0; index < tx.instructions.length; index++) {
    const instruction = tx.instructions[index] as ParsedInstruction;
    const program = programOf(tx, instruction.programIndex);
    if (program === undefined) continue;
    const ctx: Context = {
      bytes: tx.bytes,
      accounts,
      index,
      accountsOffset: instruction.accountsOffset,
      accountCount: instruction.accountCount,
      dataOffset: instruction.dataOffset,
      dataLength: instruction.dataLength,
      program: program as Address,
    };
    if (program === SYSTEM_PROGRAM_ADDRESS) {
      if (index === 0 && u32(ctx, 0) === SYSTEM.advanceNonce) {
        const nonceAccount = accountAt(ctx, 0);
        if (nonceAccount) durableNonce = { nonceAccount, authority: accountAt(ctx, 2) };
      }
      const found = decodeSystem(ctx);
      if (found) movements.push(found);
      continue;
    }
    const found = OPAQUE_PROGRAMS.has(program) ? unrecognized(ctx, 'native') : decodeToken(ctx, program === TOKEN_2022_PROGRAM_ADDRESS);
    if (found) movements.push(found);
  }
  return { movements, durableNonce };
}
