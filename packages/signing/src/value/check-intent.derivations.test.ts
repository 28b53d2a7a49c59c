/**
 * The value check derives an associated token account only when a movement is compared with it:
 * a deposit to the vault's account derives that one account, not also the wallet's own (an
 * allowance the check never reaches). Counted on `@x/chain`'s derivation, which stays the real one.
 */
import * as chain from '@x/chain';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { associatedTokenAddress, buildTransaction, countingSigner, newKey, randomAddress, token } from '../../test/fixtures.js';
import { signTransaction } from '../sign-transaction.js';

vi.mock('@x/chain', async (importOriginal) => {
  const original = await importOriginal<typeof chain>();
  return { ...original, associatedTokenAddress: vi.fn(original.associatedTokenAddress) };
});
const derivations = vi.mocked(chain.associatedTokenAddress);

const MINT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD' as Address;

describe('value check derivations', () => {
  beforeEach(() => {
    derivations.mockClear();
  });

  it('a token deposit to the expected owner derives only that owner’s account', async () => {
    const key = newKey();
    const vault = randomAddress();
    const from = await associatedTokenAddress(key.address, MINT);
    const to = await associatedTokenAddress(vault, MINT);
    const instruction = token.transferChecked(from, MINT, to, key.address, 40n, 6);
    const { base64 } = buildTransaction({ version: 0, feePayer: key.address, instructions: [instruction] });
    const signer = countingSigner(key);
    await signTransaction(base64, signer, { expect: { transfers: [{ to: vault, mint: MINT, amount: 40n }] } });
    expect(signer.calls).toBe(1);
    expect(derivations).toHaveBeenCalledTimes(1);
  });

  it('derives the wallet’s own account when a movement goes there, and accepts it', async () => {
    const key = newKey();
    const own = await associatedTokenAddress(key.address, MINT);
    const instruction = token.transferChecked(randomAddress(), MINT, own, key.address, 5n, 6);
    const { base64 } = buildTransaction({ version: 0, feePayer: key.address, instructions: [instruction] });
    const signer = countingSigner(key);
    await signTransaction(base64, signer, { expect: {} });
    expect(signer.calls).toBe(1);
    expect(derivations).toHaveBeenCalledTimes(1);
  });
});
