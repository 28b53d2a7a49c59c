// Associated token accounts, derived once and remembered both ways: owner and mint to account (a
// derivation costs a few hashes and curve checks, and a wallet's flow derives the same ones again)
// and account to owner and mint, so that a token transfer's destination, which names only the
// account, is mapped back to the wallet whose balance it is. A pure function of its inputs, so the
// memory is process-wide; bounded, oldest out first.
import { associatedTokenAddress } from '@x/chain';
import { toBase58 } from '../encoding.js';
import { TOKEN_PROGRAM } from './addresses.js';
import { publicKeyBytes } from './keys.js';

export interface TokenAccountOwner {
  owner: string;
  mint: string;
}

const KEPT = 4_096;
const byPair = new Map<string, string>();
const byAccount = new Map<string, TokenAccountOwner>();
const TOKEN_PROGRAM_BYTES = publicKeyBytes(TOKEN_PROGRAM)!;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= KEPT) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** The associated token account of `owner` for `mint`; undefined when either is not a 32-byte key. */
export function tokenAccountOf(owner: string, mint: string): string | undefined {
  const pair = `${owner}:${mint}`;
  const known = byPair.get(pair);
  if (known !== undefined) return known;
  const ownerBytes = publicKeyBytes(owner);
  const mintBytes = publicKeyBytes(mint);
  if (!ownerBytes || !mintBytes) return undefined;
  const account = toBase58(associatedTokenAddress(ownerBytes, mintBytes, TOKEN_PROGRAM_BYTES));
  remember(byPair, pair, account);
  remember(byAccount, account, { owner, mint });
  return account;
}

/**
 * The owner and mint of a token account: the first of `owners` whose associated token account of
 * one of `mints` it is; undefined when none is. (Only among `owners`, so that the answer does not
 * depend on what the process derived before; that memory only saves the derivations.)
 */
export function tokenAccountOwner(account: string, owners: readonly string[], mints: readonly string[]): TokenAccountOwner | undefined {
  const known = byAccount.get(account);
  if (known) return owners.includes(known.owner) && mints.includes(known.mint) ? known : undefined;
  for (const owner of owners) for (const mint of mints) if (tokenAccountOf(owner, mint) === account) return { owner, mint };
  return undefined;
}
