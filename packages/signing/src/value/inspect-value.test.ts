/** `inspectTransaction` reports what the System and token instructions do with value. */
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  memoInstruction,
  newKey,
  randomAddress,
  rawInstruction,
  system,
  token,
  TOKEN_PROGRAM,
} from '../../test/fixtures.js';
import { inspectTransaction } from '../inspect.js';

const MINT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD' as Address;
const at = (address: Address) => ({ address, lookup: null });

describe('inspectTransaction: value movements', () => {
  it('reads transfers, closes, delegations, authority changes and burns with their amounts, accounts and mints', () => {
    const wallet = newKey().address;
    const [to, source, dest, delegate, newOwner] = [randomAddress(), randomAddress(), randomAddress(), randomAddress(), randomAddress()];
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet,
      instructions: [
        system.transfer(wallet, to, 1_500n),
        token.transferChecked(source, MINT, dest, wallet, 40_000_000n, 6),
        token.closeAccount(source, to, wallet),
        token.approve(source, delegate, wallet, 7n),
        token.setAuthority(source, wallet, newOwner),
        token.burn(source, MINT, wallet, 3n),
        memoInstruction('not value', wallet),
      ],
    });
    const { valueMovements, durableNonce, lookupTableDestinations, oversized } = inspectTransaction(tx.base64);
    expect(durableNonce).toBeNull();
    expect(lookupTableDestinations).toBe(false);
    expect(oversized).toBe(false);
    expect(
      valueMovements.map((m) => [m.kind, m.instruction, m.amount, m.destination?.address ?? null, m.mint?.address ?? null, m.signers]),
    ).toEqual([
      ['transfer', 0, 1_500n, to, null, [wallet]],
      ['token-transfer', 1, 40_000_000n, dest, MINT, [wallet]],
      ['token-close', 2, null, to, null, [wallet]],
      ['token-approve', 3, 7n, delegate, null, [wallet]],
      ['set-authority', 4, null, newOwner, null, [wallet]],
      ['token-burn', 5, 3n, null, MINT, [wallet]],
    ]);
    expect(valueMovements[1]).toMatchObject({ program: TOKEN_PROGRAM, asset: 'token', source: at(source), decimals: 6 });
  });

  it('reads the checked forms (decimals after the amount) and Token-2022 transferCheckedWithFee; short data is unrecognized', () => {
    const wallet = newKey().address;
    const [source, dest, delegate] = [randomAddress(), randomAddress(), randomAddress()];
    const amountOnly = [12, 4, 0, 0, 0, 0, 0, 0, 0]; // transferChecked with its decimals missing
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet,
      instructions: [
        token.approveChecked(source, MINT, delegate, wallet, 5n, 6),
        token.burnChecked(source, MINT, wallet, 2n, 6),
        token.transferCheckedWithFee(source, MINT, dest, wallet, 9n, 6, 1n),
        rawInstruction(
          TOKEN_PROGRAM,
          [
            [source, 'w'],
            [MINT, 'r'],
            [dest, 'w'],
            [wallet, 'ws'],
          ],
          amountOnly,
        ),
      ],
    });
    const { valueMovements } = inspectTransaction(tx.base64);
    expect(
      valueMovements.map((m) => [
        m.kind,
        m.amount,
        m.source?.address ?? null,
        m.destination?.address ?? null,
        m.mint?.address ?? null,
        m.decimals,
        m.signers,
      ]),
    ).toEqual([
      ['token-approve', 5n, source, delegate, MINT, 6, [wallet]],
      ['token-burn', 2n, source, null, MINT, 6, [wallet]],
      ['token-transfer', 9n, source, dest, MINT, 6, [wallet]],
      ['unrecognized', null, null, null, null, null, [wallet]],
    ]);
  });

  it('flags a destination loaded from a lookup table, with the table and index', () => {
    const wallet = newKey().address;
    const [table, hidden] = [randomAddress(), randomAddress()];
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet,
      instructions: [system.transfer(wallet, hidden, 9n)],
      lookupTable: table,
      lookupTableAccounts: [hidden],
    });
    const inspection = inspectTransaction(tx.base64);
    expect(inspection.lookupTableDestinations).toBe(true);
    expect(inspection.valueMovements[0]?.destination).toEqual({ address: null, lookup: { table, index: 0 } });
  });

  it('reports a durable-nonce advance as first instruction, and an oversized transaction', () => {
    const wallet = newKey().address;
    const nonce = randomAddress();
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet,
      instructions: [system.advanceNonce(nonce, wallet), memoInstruction('x'.repeat(1_200), wallet)],
    });
    const inspection = inspectTransaction(tx.base64);
    expect(inspection.durableNonce).toEqual({ nonceAccount: at(nonce), authority: at(wallet) });
    expect(inspection.oversized).toBe(true);
    expect(inspection.size).toBeGreaterThan(1232);
  });
});
