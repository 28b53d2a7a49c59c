import { describe, expect, it } from 'vitest';
import { associatedTokenAddress, randomAddress, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../test/fixtures.js';
import { associatedTokenAccount } from './associated-token-account.js';

describe('associatedTokenAccount', () => {
  it('derives the same address as @solana/kit, under both token programs', async () => {
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      for (let i = 0; i < 12; i++) {
        const [owner, mint] = [randomAddress(), randomAddress()];
        expect(associatedTokenAccount(owner, mint, program)).toBe(await associatedTokenAddress(owner, mint, program));
      }
    }
  });

  it('refuses an owner or mint that is not an address with INVALID_ARGUMENT', () => {
    expect(() => associatedTokenAccount('not-an-address', randomAddress(), TOKEN_PROGRAM)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => associatedTokenAccount(randomAddress(), '1111', TOKEN_PROGRAM)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
