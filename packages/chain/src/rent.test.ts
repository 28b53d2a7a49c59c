import { describe, expect, it } from 'vitest';
import { rentExemptMinimum, TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS, TOKEN_ACCOUNT_SIZE } from './rent.js';

describe('rent-exempt minimum', () => {
  it("is the chain's figures: 890 880 lamports for an account without data, 2 039 280 for a token account", () => {
    // The answers of the chain's getMinimumBalanceForRentExemption for 0 and 165 bytes.
    expect(rentExemptMinimum(0)).toBe(890_880n);
    expect(TOKEN_ACCOUNT_SIZE).toBe(165);
    expect(rentExemptMinimum(TOKEN_ACCOUNT_SIZE)).toBe(2_039_280n);
    expect(TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS).toBe(2_039_280n);
    // A mint account (82 bytes).
    expect(rentExemptMinimum(82)).toBe(1_461_600n);
  });

  it('refuses a size that is not one', () => {
    expect(() => rentExemptMinimum(-1)).toThrow(RangeError);
    expect(() => rentExemptMinimum(1.5)).toThrow(/not a data length/);
  });
});
