/**
 * Rent: what an account must hold to stay on the chain. An account holding at least the
 * rent-exempt minimum of its size is never charged rent, and the chain refuses to create one
 * holding less, so a new account costs whoever creates it exactly this minimum (it stays in the
 * account and comes back when the account is closed). The figures are the chain's genesis rent
 * parameters, unchanged since launch: 3480 lamports per byte-year, exempt from two years, over the
 * account's data plus 128 bytes of account metadata; the minimum the `getMinimumBalanceForRentExemption`
 * RPC method answers is the same arithmetic.
 */

/** Bytes of metadata every account is charged for besides its data. */
export const ACCOUNT_STORAGE_OVERHEAD = 128;
/** Lamports per byte of an account (metadata included) that make it rent-exempt: 3480 per byte-year, for two years. */
export const RENT_EXEMPT_LAMPORTS_PER_BYTE = 6960n;
/** The data size of a token account (mint, owner, amount, delegate, state, native amount, delegated amount, close authority). */
export const TOKEN_ACCOUNT_SIZE = 165;

/** The lamports an account of `dataLength` bytes of data must hold to be created (rent-exempt). */
export function rentExemptMinimum(dataLength: number): bigint {
  if (!Number.isSafeInteger(dataLength) || dataLength < 0) throw new RangeError(`rentExemptMinimum: ${dataLength} is not a data length`);
  return BigInt(ACCOUNT_STORAGE_OVERHEAD + dataLength) * RENT_EXEMPT_LAMPORTS_PER_BYTE;
}

/** The rent-exempt minimum of a token account (an associated token account among them): 2 039 280 lamports. */
export const TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS = rentExemptMinimum(TOKEN_ACCOUNT_SIZE);
