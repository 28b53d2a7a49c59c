// The token instructions /tx/v1/submit lands (tx/land.ts), as the token and associated token
// account programs apply them, on the wallets' balances (an associated token account's balance is
// its owner's balance of its mint; the simulator keeps wrapped native coin in the native balance):
//   - transfer (tag 3: source, destination, owner; u64 amount) and transferChecked (tag 12: source,
//     mint, destination, owner; u64 amount, u8 decimals): from the signing owner's associated token
//     account of a listed token (error 0x4 otherwise), the decimals the mint's (0x12 otherwise), to
//     the associated token account of a wallet the transaction names (any of its accounts) or the
//     example world names (refused otherwise: the simulator cannot tell whose balance it is);
//   - closeAccount (tag 9: account, destination, owner) of the owner's wrapped native account;
//   - the creation of an associated token account, in the chain's layout (payer, account, owner,
//     mint, system program, token program; create or createIdempotent) and in the simulator's own
//     (payer, owner, mint, system program): the payer pays the chain's rent-exempt minimum of a
//     token account (@x/chain), which the new account holds (its native balance).
import { TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS } from '@x/chain';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../chain/addresses.js';
import { type Move, rentMove, u64 } from '../chain/moves.js';
import { tokenAccountOf, tokenAccountOwner } from '../chain/token-accounts.js';
import type { DecodedInstruction } from '../chain/transactions.js';
import type { SimContext } from '../context.js';
import { LISTED_MINTS, NATIVE_MINT, tokenByMint } from '../tokens.js';
import type { Wallets } from '../wallets.js';
import { WORLD_WALLETS } from '../world.js';
import { credit, debit, refused, requireFunds, setBalance, type Undo } from './balance-moves.js';

/** What applying one instruction of a landing transaction needs. */
export interface InstructionLanding {
  sim: SimContext;
  undo: Undo;
  index: number;
  /** Every static account of the transaction: the wallets it names. */
  staticAccounts: readonly string[];
  /** The account, when it signed the transaction; else the 400 naming its `role`. */
  signerOf(account: string | undefined, role: string): string;
  /** What the transaction moves that no instruction states (the rent of the accounts it opens), for the explorer. */
  made: Move[];
}

const TRANSFER = 3;
const TRANSFER_CHECKED = 12;
const CLOSE_ACCOUNT = 9;

const symbolOf = (mint: string) => tokenByMint(mint)?.symbol ?? mint;

/**
 * The wallet whose balance of `mint` an account is: the owner when it is the associated token
 * account of a wallet the transaction or the example world names, else the account itself (a wallet
 * named directly, such as a swap order's `receiver`).
 */
export function walletOfAccount(landing: InstructionLanding, account: string, mint: string): string {
  return tokenAccountOwner(account, [...landing.staticAccounts, ...WORLD_WALLETS], [mint])?.owner ?? account;
}

/** Applies a token program instruction; false when it is not one the simulator knows. */
export function applyTokenInstruction(landing: InstructionLanding, ix: DecodedInstruction): boolean {
  const { sim, undo, index, signerOf } = landing;
  const { accounts, data } = ix;
  if (data[0] === CLOSE_ACCOUNT && data.length === 1 && accounts.length === 3 && accounts[0]) {
    const owner = signerOf(accounts[2], 'token account owner');
    if (accounts[0] !== tokenAccountOf(owner, NATIVE_MINT))
      throw refused(index, 'the simulator closes only the wrapped native coin account');
    return true;
  }
  const checked = data[0] === TRANSFER_CHECKED && data.length === 10 && accounts.length >= 4;
  if (!checked && !(data[0] === TRANSFER && data.length === 9 && accounts.length >= 3)) return false;
  const [source, mintAccount, destination, ownerAccount] = checked ? accounts : [accounts[0], undefined, accounts[1], accounts[2]];
  const owner = signerOf(ownerAccount, 'token account owner');
  const amount = u64(data, 1)!;
  let mint: string;
  if (checked) {
    const token = mintAccount === undefined ? undefined : tokenByMint(mintAccount);
    if (!token) throw refused(index, `a transfer of ${mintAccount ?? '(none)'}, a token the simulator does not list`);
    if (data[9] !== token.decimals)
      throw refused(index, `custom program error 0x12: ${token.symbol} has ${token.decimals} decimals, the instruction says ${data[9]}`);
    mint = token.mint;
    if (source !== tokenAccountOf(owner, mint))
      throw refused(
        index,
        `custom program error 0x4: the source ${source ?? '(none)'} is not the associated token account of ${owner} for ${token.symbol}`,
      );
  } else {
    const found = source === undefined ? undefined : tokenAccountOwner(source, [owner], LISTED_MINTS);
    if (!found)
      throw refused(
        index,
        `the source ${source ?? '(none)'} is not an associated token account of ${owner} for a token the simulator lists`,
      );
    mint = found.mint;
  }
  const recipient =
    destination === undefined ? undefined : tokenAccountOwner(destination, [...landing.staticAccounts, ...WORLD_WALLETS], [mint]);
  if (!recipient)
    throw refused(
      index,
      `the destination ${destination ?? '(none)'} is not the associated token account of a wallet the simulator knows for ${symbolOf(mint)} (name the wallet in the transaction, e.g. by the creation of its account)`,
    );
  if (sim.wallets.balance(recipient.owner, mint) === null)
    throw refused(index, `the destination ${destination} does not exist: create the associated token account of ${recipient.owner} first`);
  debit(sim, undo, index, owner, mint, amount);
  credit(sim, undo, recipient.owner, mint, amount);
  return true;
}

/** An associated token account creation, as an instruction states it (not yet checked). */
export interface TokenAccountCreation {
  payer: string | undefined;
  /** The account the instruction names (the chain's layout), or derives (the simulator's). */
  account: string | undefined;
  owner: string | undefined;
  mint: string | undefined;
  /** createIdempotent (the simulator's layout is idempotent): an existing account is no error. */
  idempotent: boolean;
}

/**
 * The creation an instruction of the associated token account program makes, in the simulator's
 * layout (payer, owner, mint, system program) or the chain's (payer, account, owner, mint, system
 * program, token program; data empty or 0 for create, 1 for createIdempotent); undefined for any other.
 */
export function tokenAccountCreation(ix: DecodedInstruction): TokenAccountCreation | undefined {
  const { accounts, data } = ix;
  if (ix.programId !== ASSOCIATED_TOKEN_PROGRAM) return undefined;
  if (accounts.length === 4 && accounts[1] && accounts[2] && accounts[3] === SYSTEM_PROGRAM) {
    const [payer, owner, mint] = accounts;
    return { payer, account: tokenAccountOf(owner!, mint!), owner, mint, idempotent: true };
  }
  const kind = data.length === 0 ? 0 : data.length === 1 ? data[0] : undefined;
  if (accounts.length !== 6 || (kind !== 0 && kind !== 1) || accounts[4] !== SYSTEM_PROGRAM) return undefined;
  const [payer, account, owner, mint] = accounts;
  return { payer, account, owner, mint, idempotent: kind === 1 };
}

/**
 * The rent a creation of `owner`'s account of `mint` costs its payer, which the new account then
 * holds: the chain's rent-exempt minimum of a token account; 0 when the account exists (the
 * simulator keeps wrapped native coin in the native balance, an account that always exists).
 */
export const creationRent = (wallets: Wallets, owner: string, mint: string): bigint =>
  wallets.balance(owner, mint) === null ? TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS : 0n;

/**
 * What a new token account holds, as the simulator keeps balances by address: the rent in native
 * coin, and no token account of any listed token (it is not a wallet, which starts with each).
 */
const newAccountHoldings = (rent: bigint): Array<readonly [string, bigint | null]> =>
  LISTED_MINTS.map((mint) => [mint, mint === NATIVE_MINT ? rent : null] as const);

/** A token account a landing opens: `owner`'s `account` of `mint`, whose `rent` (creationRent, not 0) `payer` pays. */
export interface Opening {
  payer: string;
  account: string;
  owner: string;
  mint: string;
  rent: bigint;
  /** Whether the payer's balance is the simulator's (false for the service's wallets, which pay outside it). */
  kept: boolean;
}

/**
 * Opens a token account, on /tx/v1/submit and on /swap/v2/execute alike (the caller checked that
 * the payer holds the rent): the payer pays the rent (when its balance is `kept`), the new account holds it, its owner has an
 * empty balance of the mint. Each write's undo step goes to `undo` (a transaction that fails later
 * puts them back); the rent, which no instruction states, goes to `made` (the explorer lists it).
 */
export function openTokenAccount(sim: SimContext, undo: Undo, made: Move[], opening: Opening): void {
  const { payer, account, owner, mint, rent } = opening;
  if (opening.kept) setBalance(sim, undo, payer, NATIVE_MINT, (sim.wallets.balance(payer, NATIVE_MINT) ?? 0n) - rent);
  for (const [held, amount] of newAccountHoldings(rent)) setBalance(sim, undo, account, held, amount);
  setBalance(sim, undo, owner, mint, 0n);
  made.push(rentMove(payer, account, rent));
}

/** Applies an associated token account creation; false when the instruction is not one. */
export function applyTokenAccountCreation(landing: InstructionLanding, ix: DecodedInstruction): boolean {
  const { sim, undo, index, signerOf } = landing;
  const creation = tokenAccountCreation(ix);
  if (!creation) return false;
  const { account, owner, mint } = creation;
  const payer = signerOf(creation.payer, 'payer');
  if (!owner || !mint || !tokenByMint(mint)) throw refused(index, `an account of ${mint ?? '(none)'}, a token the simulator does not list`);
  if (account === undefined || account !== tokenAccountOf(owner, mint))
    throw refused(index, `the account ${account ?? '(none)'} is not the associated token account of ${owner} for ${symbolOf(mint)}`);
  const rent = creationRent(sim.wallets, owner, mint);
  if (rent === 0n) {
    if (!creation.idempotent)
      throw refused(index, `the associated token account ${account} already exists (createIdempotent accepts that)`);
    return true;
  }
  // The payer pays the rent-exempt minimum (400 when it holds less); the new account holds it.
  requireFunds(sim, index, payer, NATIVE_MINT, rent);
  openTokenAccount(sim, undo, landing.made, { payer, account, owner, mint, rent, kept: true });
  return true;
}
