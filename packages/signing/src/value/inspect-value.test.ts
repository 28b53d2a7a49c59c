/** `inspectTransaction` reports what the System and token instructions do with value. */
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  memoInstruction,
  newKey,
  randomAddress,
  rawInstruction,
  SYSTEM_PROGRAM,
  system,
  token,
  TOKEN_PROGRAM,
} from '../../test/fixtures.js';
import { getAddressEncoder } from '@solana/kit';
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

  it('reads each System instruction that moves value from its own layout; a short one signed by the wallet is unrecognized', () => {
    const wallet = newKey().address;
    const [base, to, nonce, authority, owner] = [randomAddress(), randomAddress(), randomAddress(), randomAddress(), randomAddress()];
    const le = (value: bigint, bytes: number) => Array.from({ length: bytes }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
    const address = (text: string) => [...getAddressEncoder().encode(text as Address)];
    const seed = [...le(4n, 8), ...new TextEncoder().encode('seed')];
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet,
      signers: [base],
      instructions: [
        // TransferWithSeed: from (derived), base (signer), to; lamports, seed, owner.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [nonce, 'w'],
            [base, 'rs'],
            [to, 'w'],
          ],
          [11, 0, 0, 0, ...le(7n, 8), ...seed, ...address(owner)],
        ),
        // CreateAccount: funder (signer), new account; lamports, space, owner.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [wallet, 'ws'],
            [base, 'ws'],
          ],
          [0, 0, 0, 0, ...le(8n, 8), ...le(0n, 8), ...address(owner)],
        ),
        // CreateAccountWithSeed: funder, new account, base; base, seed, lamports, space, owner.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [wallet, 'ws'],
            [to, 'w'],
            [base, 'rs'],
          ],
          [3, 0, 0, 0, ...address(base), ...seed, ...le(2n ** 60n, 8), ...le(0n, 8), ...address(owner)],
        ),
        // WithdrawNonceAccount: nonce, to, recent blockhashes, rent, authority (signer); lamports.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [nonce, 'w'],
            [to, 'w'],
            ['SysvarRecentB1ockHashes11111111111111111111', 'r'],
            ['SysvarRent111111111111111111111111111111111', 'r'],
            [wallet, 'ws'],
          ],
          [5, 0, 0, 0, ...le(10n, 8)],
        ),
        // AuthorizeNonceAccount: nonce, authority (signer); the new authority.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [nonce, 'w'],
            [wallet, 'ws'],
          ],
          [7, 0, 0, 0, ...address(authority)],
        ),
        // AssignWithSeed: account, base (signer).
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [to, 'w'],
            [base, 'rs'],
          ],
          [10, 0, 0, 0, ...address(base), ...seed, ...address(owner)],
        ),
        // A transfer whose amount is cut off, and an authorize whose new authority is.
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [wallet, 'ws'],
            [to, 'w'],
          ],
          [2, 0, 0, 0, 1, 2, 3],
        ),
        rawInstruction(
          SYSTEM_PROGRAM,
          [
            [nonce, 'w'],
            [wallet, 'ws'],
          ],
          [7, 0, 0, 0, ...address(authority).slice(0, 31)],
        ),
        // A token setAuthority that removes the authority (no new one).
        rawInstruction(
          TOKEN_PROGRAM,
          [
            [nonce, 'w'],
            [wallet, 'ws'],
          ],
          [6, 2, 0],
        ),
      ],
    });
    const { valueMovements } = inspectTransaction(tx.base64);
    expect(
      valueMovements.map((m) => [m.kind, m.instruction, m.amount, m.source?.address ?? null, m.destination?.address ?? null, m.signers]),
    ).toEqual([
      ['transfer', 0, 7n, nonce, to, [base]],
      ['create-account', 1, 8n, wallet, base, [wallet]],
      ['create-account', 2, 2n ** 60n, wallet, to, [wallet]],
      ['nonce-withdraw', 3, 10n, nonce, to, [wallet]],
      ['set-authority', 4, null, nonce, authority, [wallet]],
      ['assign', 5, null, to, null, [base]],
      ['unrecognized', 6, null, null, null, [wallet]],
      ['unrecognized', 7, null, null, null, [wallet]],
      ['set-authority', 8, null, nonce, null, [wallet]],
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
