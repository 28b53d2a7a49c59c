/**
 * Checks the value a transaction moves out of the wallet against what the caller says it should
 * move (its intent): every movement the wallet authorises must be one of the expected transfers
 * (exact amount, mint and recipient, each once) or go to an allowed destination, and every
 * expected transfer must be there. Delegations, authority changes, burns and undecoded instructions
 * of the value programs signed by the wallet are refused outright; so is a destination loaded from
 * an address lookup table, which cannot be known offline.
 */
import type { Address } from '@solana/addresses';
import { addressBytes } from '../encoding.js';
import { SigningError, TransactionRejectedError, type SigningErrorDetails } from '../errors.js';
import { associatedTokenAccount } from './associated-token-account.js';
import type { InspectedAccount, ValueMovement } from './decode-movements.js';
import { NATIVE_MINT_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@x/chain';

/** A transfer the transaction must make out of the wallet, exactly. */
export interface ExpectedTransfer {
  /** Mint of the tokens; absent for native coin moved by the System program. */
  readonly mint?: string;
  /** Exact amount in base units (lamports, or the token's smallest unit). */
  readonly amount: bigint | string | number;
  /**
   * The recipient. Native coin goes to this address; tokens go to its associated token account of
   * `mint` (under the token program of the instruction), or to `tokenAccount` when given.
   */
  readonly to: string;
  /** The recipient's token account, when the API names one instead of the associated one. */
  readonly tokenAccount?: string;
}

/**
 * An account that may receive any amount: an address as it appears in the transaction, or a
 * wallet (`owner`), meaning the wallet itself and its associated token account of `mint` (or, with
 * no `mint`, of the mint a checked token instruction names), and native coin wrapped by a System
 * transfer into its associated token account of the wrapped native mint.
 */
export type AllowedDestination = string | { readonly owner: string; readonly mint?: string };

/** What the transaction may do with the wallet's value. The wallet itself is always an allowed destination. */
export interface ValueIntent {
  /** Transfers that must be in the transaction, each exactly once. */
  readonly transfers?: readonly ExpectedTransfer[];
  /** Where else value may go, any amount (a fee account, the wallet's own token accounts, ...). */
  readonly allowDestinations?: readonly AllowedDestination[];
  /**
   * One System transfer of native coin, at most `maxLamports`, to an account the API picks and
   * does not name (the tip receiver of a swap order with `bundleTipLamports`). A second such
   * transfer, a larger one, or one to an account of `notTo` (parties the caller names, such as a
   * swap's `receiver`: an owner entry covers its associated token accounts, as in
   * `allowDestinations`) is refused.
   */
  readonly unnamedNativeTransfer?: { readonly maxLamports: bigint | string | number; readonly notTo?: readonly AllowedDestination[] };
}

interface PendingTransfer {
  readonly mint: string | undefined;
  readonly amount: bigint;
  readonly to: string;
  readonly tokenAccount: string | undefined;
}

/** A non-negative integer amount (bigint, decimal string or safe integer); `INVALID_ARGUMENT` naming `field` otherwise. */
export function toAmount(value: unknown, field: string, index?: number): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  throw new SigningError(
    'INVALID_ARGUMENT',
    `${field} must be a non-negative integer (bigint, string or number).`,
    index === undefined ? { value: String(value) } : { index },
  );
}

/** `value` (`[]` when absent), once it is an array; else `INVALID_ARGUMENT` naming `field`. */
export function listOf<T>(value: readonly T[] = [], field: string): readonly T[] {
  if (!Array.isArray(value)) throw new SigningError('INVALID_ARGUMENT', `${field} must be an array.`, {});
  return value;
}

/**
 * Throws `INVALID_ARGUMENT` naming the field and its index unless `value` is a base58 address (or
 * absent, when `optional`), before any address of the intent reaches a derivation.
 */
function checkAddress(value: unknown, field: string, index: number, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value === 'string') {
    try {
      addressBytes(value, field);
      return;
    } catch {
      // Refused below, with the index.
    }
  }
  throw new SigningError('INVALID_ARGUMENT', `${field} must be a base58 address.`, { index, value: String(value) });
}

interface Normalised {
  transfers: PendingTransfer[];
  allowed: AllowedDestination[];
  /** What the one unnamed native transfer may carry at most; `undefined` when none may be made. */
  unnamedNative: bigint | undefined;
  /** Where the unnamed native transfer may not go. */
  notTo: readonly AllowedDestination[];
}

/** Throws `INVALID_ARGUMENT` naming `field` and the index unless every entry is an address or `{ owner, mint? }`. */
function checkDestinations(list: readonly AllowedDestination[], field: string): void {
  for (let index = 0; index < list.length; index++) {
    const entry = list[index];
    if (typeof entry === 'string') {
      checkAddress(entry, field, index);
      continue;
    }
    if (typeof entry !== 'object' || entry === null)
      throw new SigningError('INVALID_ARGUMENT', `${field} must be an address or { owner, mint? }.`, { index });
    checkAddress(entry.owner, `${field}.owner`, index);
    checkAddress(entry.mint, `${field}.mint`, index, true);
  }
}

function normalise(intent: ValueIntent): Normalised {
  if (typeof intent !== 'object' || intent === null) throw new SigningError('INVALID_ARGUMENT', 'expect must be an object.', {});
  const transfers = listOf(intent.transfers, 'expect.transfers').map((transfer, index) => {
    checkAddress(transfer?.to, 'expect.transfers[].to', index);
    checkAddress(transfer.mint, 'expect.transfers[].mint', index, true);
    checkAddress(transfer.tokenAccount, 'expect.transfers[].tokenAccount', index, true);
    return {
      mint: transfer.mint,
      amount: toAmount(transfer.amount, 'expect.transfers[].amount', index),
      to: transfer.to,
      tokenAccount: transfer.tokenAccount,
    };
  });
  const allowed = [...listOf(intent.allowDestinations, 'expect.allowDestinations')];
  checkDestinations(allowed, 'expect.allowDestinations[]');
  const unnamed = intent.unnamedNativeTransfer;
  if (unnamed !== undefined && (typeof unnamed !== 'object' || unnamed === null))
    throw new SigningError('INVALID_ARGUMENT', 'expect.unnamedNativeTransfer must be { maxLamports, notTo? }.', {});
  const notTo = listOf(unnamed?.notTo, 'expect.unnamedNativeTransfer.notTo');
  checkDestinations(notTo, 'expect.unnamedNativeTransfer.notTo[]');
  const unnamedNative = unnamed && toAmount(unnamed.maxLamports, 'expect.unnamedNativeTransfer.maxLamports');
  return { transfers, allowed, unnamedNative, notTo };
}

const isTokenProgram = (program: string) => program === TOKEN_PROGRAM_ADDRESS || program === TOKEN_2022_PROGRAM_ADDRESS;

function describe(account: InspectedAccount | null): string | null {
  if (account === null) return null;
  return account.address ?? `lookup table ${account.lookup?.table} #${account.lookup?.index}`;
}

function details(movement: ValueMovement, extra: SigningErrorDetails = {}): SigningErrorDetails {
  return {
    instruction: movement.instruction,
    kind: movement.kind,
    program: movement.program,
    source: describe(movement.source),
    destination: describe(movement.destination),
    amount: movement.amount === null ? null : movement.amount.toString(),
    mint: describe(movement.mint),
    ...extra,
  };
}

// Associated token accounts are derived only when a movement is compared with one (after its
// amount and mint matched), never ahead for every pair the intent names: a derivation (SHA-256 and
// curve checks per bump) is most of a check's time, and an allowance that is never reached (the
// wallet's own account for a deposit that goes to the vault) costs nothing.

function matchesExpected(movement: ValueMovement, destination: Address, expected: PendingTransfer): boolean {
  if (movement.amount !== expected.amount) return false;
  if (expected.mint === undefined) return movement.kind === 'transfer' && destination === expected.to;
  if (movement.kind !== 'token-transfer') return false;
  if (movement.mint !== null && movement.mint.address !== expected.mint) return false;
  if (expected.tokenAccount !== undefined) return destination === expected.tokenAccount;
  return isTokenProgram(movement.program) && destination === associatedTokenAccount(expected.to, expected.mint, movement.program);
}

/** Removes from `pending` the first expected transfer `movement` makes, if any; true when one was removed. */
function takeExpected(pending: PendingTransfer[], movement: ValueMovement, destination: Address): boolean {
  for (let index = 0; index < pending.length; index++) {
    if (matchesExpected(movement, destination, pending[index] as PendingTransfer)) {
      pending.splice(index, 1);
      return true;
    }
  }
  return false;
}

/** The mint whose associated token account of `entry.owner` may receive `movement`, if any. */
function ownerMint(movement: ValueMovement, entry: { readonly mint?: string }): string | undefined {
  if (movement.asset !== 'token' || !isTokenProgram(movement.program)) return undefined;
  const mint = entry.mint ?? movement.mint?.address ?? undefined;
  if (mint === undefined || (movement.mint !== null && movement.mint.address !== mint)) return undefined;
  return mint;
}

/**
 * Whether `movement` wraps native coin for `entry.owner`: a System transfer into the owner's own
 * associated token account of the wrapped native mint (then synced), which stays the owner's.
 */
function wrapsNativeFor(movement: ValueMovement, destination: Address, entry: { readonly owner: string; readonly mint?: string }): boolean {
  if (movement.kind !== 'transfer' || (entry.mint !== undefined && entry.mint !== NATIVE_MINT_ADDRESS)) return false;
  return destination === associatedTokenAccount(entry.owner, NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS);
}

function isAllowed(movement: ValueMovement, destination: Address, allowed: readonly AllowedDestination[]): boolean {
  for (const entry of allowed) {
    if (typeof entry === 'string') {
      if (entry === destination) return true;
      continue;
    }
    if (entry.owner === destination) return true;
    const mint = ownerMint(movement, entry);
    if (mint !== undefined && destination === associatedTokenAccount(entry.owner, mint, movement.program)) return true;
    if (wrapsNativeFor(movement, destination, entry)) return true;
  }
  return false;
}

const REFUSED: Partial<
  Record<
    ValueMovement['kind'],
    [code: 'UNEXPECTED_DELEGATION' | 'UNEXPECTED_AUTHORITY_CHANGE' | 'UNEXPECTED_BURN' | 'UNRECOGNIZED_INSTRUCTION', message: string]
  >
> = {
  'token-approve': ['UNEXPECTED_DELEGATION', 'The transaction lets a delegate move tokens of the wallet.'],
  'set-authority': ['UNEXPECTED_AUTHORITY_CHANGE', 'The transaction changes the authority of an account the wallet controls.'],
  assign: ['UNEXPECTED_AUTHORITY_CHANGE', 'The transaction assigns an account of the wallet to another program.'],
  'token-burn': ['UNEXPECTED_BURN', 'The transaction burns tokens of the wallet.'],
  // Of System or token that this package does not decode, or any of stake, vote or the upgradeable loader (the details name the program).
  unrecognized: ['UNRECOGNIZED_INSTRUCTION', 'The wallet signs an instruction this package cannot read.'],
};

/** Throws `TransactionRejectedError` when a movement authorised by `wallet` is outside `intent`. */
export function checkValueIntent(movements: readonly ValueMovement[], wallet: string, intent: ValueIntent): void {
  const { transfers: pending, allowed, unnamedNative, notTo } = normalise(intent);
  allowed.push({ owner: wallet });
  const ours = movements.filter((movement) => movement.signers.includes(wallet as Address));
  checkMovements(ours, pending, allowed, unnamedNative, notTo);
}

function checkMovements(
  movements: readonly ValueMovement[],
  pending: PendingTransfer[],
  allowed: readonly AllowedDestination[],
  unnamedNative: bigint | undefined,
  notTo: readonly AllowedDestination[],
): void {
  for (const movement of movements) {
    const refused = REFUSED[movement.kind];
    if (refused) throw new TransactionRejectedError(refused[0], refused[1], details(movement));
    const destination = movement.destination;
    if (destination === null || destination.address === null) {
      throw new TransactionRejectedError(
        'LOOKUP_TABLE_DESTINATION',
        'Value leaves the wallet for an account loaded from an address lookup table, which cannot be checked offline.',
        details(movement, { lookupTable: destination?.lookup?.table ?? null, lookupIndex: destination?.lookup?.index ?? null }),
      );
    }
    const address = destination.address;
    if (takeExpected(pending, movement, address)) continue;
    if (isAllowed(movement, address, allowed)) continue;
    // The one unnamed native transfer the intent allows: used once, never to a party it names.
    if (
      unnamedNative !== undefined &&
      movement.kind === 'transfer' &&
      movement.amount !== null &&
      movement.amount <= unnamedNative &&
      !isAllowed(movement, address, notTo)
    ) {
      unnamedNative = undefined;
      continue;
    }
    throw new TransactionRejectedError(
      'UNEXPECTED_TRANSFER',
      'The transaction moves value out of the wallet to an account outside the stated intent.',
      details(movement),
    );
  }
  const missing = pending[0];
  if (missing !== undefined) {
    throw new TransactionRejectedError(
      'MISSING_EXPECTED_TRANSFER',
      'An expected transfer is not in the transaction (as a top-level System or token instruction).',
      {
        to: missing.to,
        mint: missing.mint ?? null,
        amount: missing.amount.toString(),
        tokenAccount: missing.tokenAccount ?? null,
      },
    );
  }
}
