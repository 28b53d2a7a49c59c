/**
 * The adversarial corpus of the value checks: real transactions (compiled with @solana/kit) that
 * the wallet is a right signer of, but that move its value somewhere it did not agree to. Each
 * must be refused with its code, and the signer must never be asked.
 */
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  associatedTokenAddress,
  buildTransaction,
  memoInstruction,
  newKey,
  randomAddress,
  rawInstruction,
  system,
  token,
  TOKEN_2022_PROGRAM,
  type TestKey,
  countingSigner,
} from '../../test/fixtures.js';
import { rejection } from '../../test/rejection.js';
import { TransactionRejectedError, type SigningErrorCode } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import { signTransaction, type SignTransactionExpectations } from '../sign-transaction.js';

const MINT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD' as Address;
const OTHER_MINT = '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny' as Address;
/** An intent that allows nothing to leave the wallet. */
const NOTHING_OUT: SignTransactionExpectations = { expect: {} };

interface Case {
  readonly name: string;
  readonly code: SigningErrorCode;
  make(wallet: Address): Promise<{ transaction: string; expectations?: SignTransactionExpectations }>;
}

const v0 = (feePayer: Address, instructions: Parameters<typeof buildTransaction>[0]['instructions']) =>
  buildTransaction({ version: 0, feePayer, instructions }).base64;

const cases: Case[] = [
  {
    name: 'a native coin transfer to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [system.transfer(wallet, randomAddress(), 5_000_000n)]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'funding a new account of someone else (createAccount)',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [system.createAccount(wallet, newKey().address, 9_000_000n, 0n, randomAddress())]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'a token transfer to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.transfer(await associatedTokenAddress(wallet, MINT), randomAddress(), wallet, 10n)]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'a token transferChecked to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [
        token.transferChecked(randomAddress(), MINT, await associatedTokenAddress(randomAddress(), MINT), wallet, 10n, 6),
      ]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'a Token-2022 transferChecked to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.transferChecked(randomAddress(), MINT, randomAddress(), wallet, 10n, 6, TOKEN_2022_PROGRAM)]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'closing a token account of the wallet to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.closeAccount(await associatedTokenAddress(wallet, MINT), randomAddress(), wallet)]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'approving a third party as delegate',
    code: 'UNEXPECTED_DELEGATION',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.approve(randomAddress(), randomAddress(), wallet, 2n ** 64n - 1n)]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'approveChecked to a third party, even one otherwise allowed to receive',
    code: 'UNEXPECTED_DELEGATION',
    make: async (wallet) => {
      const delegate = randomAddress();
      return {
        transaction: v0(wallet, [token.approveChecked(randomAddress(), MINT, delegate, wallet, 1n, 6)]),
        expectations: { expect: { allowDestinations: [delegate] } },
      };
    },
  },
  {
    name: 'handing the ownership of a token account to a third party (setAuthority)',
    code: 'UNEXPECTED_AUTHORITY_CHANGE',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.setAuthority(randomAddress(), wallet, randomAddress())]),
      expectations: NOTHING_OUT,
    }),
  },
  {
    name: 'allocating data in the wallet account (it could no longer pay fees or send native coin)',
    code: 'UNRECOGNIZED_INSTRUCTION',
    make: async (wallet) => ({ transaction: v0(wallet, [system.allocate(wallet, 1n)]), expectations: NOTHING_OUT }),
  },
  {
    name: 'assigning the wallet account to another program',
    code: 'UNEXPECTED_AUTHORITY_CHANGE',
    make: async (wallet) => ({ transaction: v0(wallet, [system.assign(wallet, randomAddress())]), expectations: NOTHING_OUT }),
  },
  {
    name: 'burning tokens of the wallet',
    code: 'UNEXPECTED_BURN',
    make: async (wallet) => ({ transaction: v0(wallet, [token.burn(randomAddress(), MINT, wallet, 5n)]), expectations: NOTHING_OUT }),
  },
  {
    name: 'a transfer to an account loaded from an address lookup table',
    code: 'LOOKUP_TABLE_DESTINATION',
    make: async (wallet) => {
      const hidden = randomAddress();
      const tx = buildTransaction({
        version: 0,
        feePayer: wallet,
        instructions: [system.transfer(wallet, hidden, 1_000_000n)],
        lookupTable: randomAddress(),
        lookupTableAccounts: [hidden],
      });
      // The destination is not in the static accounts: only the table knows it.
      return { transaction: tx.base64, expectations: { expect: { allowDestinations: [randomAddress()] } } };
    },
  },
  {
    name: 'the expected transfer with a different amount',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => {
      const to = randomAddress();
      return {
        transaction: v0(wallet, [system.transfer(wallet, to, 1_000_001n)]),
        expectations: { expect: { transfers: [{ amount: 1_000_000n, to }] } },
      };
    },
  },
  {
    name: 'the expected token transfer of another mint',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => {
      const to = randomAddress();
      const instruction = token.transferChecked(randomAddress(), OTHER_MINT, await associatedTokenAddress(to, OTHER_MINT), wallet, 7n, 6);
      return { transaction: v0(wallet, [instruction]), expectations: { expect: { transfers: [{ mint: MINT, amount: 7n, to }] } } };
    },
  },
  {
    name: 'the expected transfer, plus one more to a third party',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => {
      const to = randomAddress();
      return {
        transaction: v0(wallet, [system.transfer(wallet, to, 10n), system.transfer(wallet, randomAddress(), 10n)]),
        expectations: { expect: { transfers: [{ amount: 10n, to }] } },
      };
    },
  },
  {
    name: 'an expected transfer that is not there',
    code: 'MISSING_EXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [memoInstruction('hello', wallet)]),
      expectations: { expect: { transfers: [{ mint: MINT, amount: '10', to: randomAddress() }] } },
    }),
  },
  {
    name: 'an unnamed native transfer above the allowed maximum',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [system.transfer(wallet, randomAddress(), 10_001n)]),
      expectations: { expect: { unnamedNativeTransfer: { maxLamports: 10_000n } } },
    }),
  },
  {
    name: 'a second unnamed native transfer',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [system.transfer(wallet, randomAddress(), 1n), system.transfer(wallet, randomAddress(), 1n)]),
      expectations: { expect: { unnamedNativeTransfer: { maxLamports: 10_000n } } },
    }),
  },
  {
    name: 'tokens under the unnamed native allowance',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [token.transfer(randomAddress(), randomAddress(), wallet, 1n)]),
      expectations: { expect: { unnamedNativeTransfer: { maxLamports: 10_000n } } },
    }),
  },
  {
    name: 'funding a new account under the unnamed native allowance',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => ({
      transaction: v0(wallet, [system.createAccount(wallet, randomAddress(), 1n, 0n, randomAddress())]),
      expectations: { expect: { unnamedNativeTransfer: { maxLamports: 10_000n } } },
    }),
  },
  {
    name: 'the unnamed native transfer to a party the intent names (notTo: a swap receiver)',
    code: 'UNEXPECTED_TRANSFER',
    make: async (wallet) => {
      const receiver = randomAddress();
      return {
        transaction: v0(wallet, [system.transfer(wallet, receiver, 1n)]),
        expectations: { expect: { unnamedNativeTransfer: { maxLamports: 10_000n, notTo: [{ owner: receiver }] } } },
      };
    },
  },
  {
    name: 'a durable-nonce advance as first instruction (no intent needed)',
    code: 'DURABLE_NONCE',
    make: async (wallet) => ({ transaction: v0(wallet, [system.advanceNonce(randomAddress(), wallet), memoInstruction('later', wallet)]) }),
  },
  {
    name: 'a transaction over 1,232 bytes (no intent needed)',
    code: 'TRANSACTION_TOO_LARGE',
    make: async (wallet) => ({ transaction: v0(wallet, [memoInstruction('x'.repeat(1_200), wallet)]) }),
  },
];

describe('signTransaction refuses value moved outside what the wallet agreed to', () => {
  for (const testCase of cases) {
    it(`${testCase.name}: ${testCase.code}`, async () => {
      const key = newKey();
      const signer = countingSigner(key);
      const { transaction, expectations } = await testCase.make(key.address);
      const error = await rejection(signTransaction(transaction, signer, expectations), TransactionRejectedError, testCase.code);
      expect(JSON.stringify(error.details)).not.toContain(Buffer.from(key.seed).toString('hex'));
      expect(signer.calls).toBe(0);
    });
  }
});

describe('what the value checks let through', () => {
  const sign = async (wallet: TestKey, transaction: string, expectations?: SignTransactionExpectations) => {
    const signer = countingSigner(wallet);
    await signTransaction(transaction, signer, expectations);
    return signer.calls;
  };

  it('the exact expected native and token transfers, and closing a token account back to the wallet', async () => {
    const key = newKey();
    const vault = randomAddress();
    const transaction = v0(key.address, [
      system.transfer(key.address, vault, 1_000n),
      token.transferChecked(randomAddress(), MINT, await associatedTokenAddress(vault, MINT), key.address, 40_000_000n, 6),
      token.closeAccount(await associatedTokenAddress(key.address, OTHER_MINT), key.address, key.address),
    ]);
    const expectations = {
      expect: {
        transfers: [
          { amount: '1000', to: vault },
          { mint: MINT, amount: 40_000_000n, to: vault },
        ],
      },
    };
    expect(await sign(key, transaction, expectations)).toBe(1);
  });

  it('a transfer to an allowed account, and to the associated token account of an allowed owner', async () => {
    const key = newKey();
    const feeAccount = randomAddress();
    const transaction = v0(key.address, [
      token.transfer(randomAddress(), feeAccount, key.address, 3n),
      token.transfer(randomAddress(), await associatedTokenAddress(key.address, OTHER_MINT), key.address, 3n),
    ]);
    const expectations = { expect: { allowDestinations: [feeAccount, { owner: key.address, mint: OTHER_MINT }] } };
    expect(await sign(key, transaction, expectations)).toBe(1);
  });

  it("movements another signer authorises are not the wallet's (a payer tipping from its own funds)", async () => {
    const key = newKey();
    const payer = newKey().address;
    const tx = buildTransaction({
      version: 0,
      feePayer: payer,
      signers: [key.address],
      instructions: [system.transfer(payer, randomAddress(), 10_000n), memoInstruction('swap', key.address)],
    });
    expect(await sign(key, tx.base64, { feePayer: payer, expect: {} })).toBe(1);
  });

  it('one native transfer of at most the allowed maximum to an account the intent does not name', async () => {
    const key = newKey();
    const transaction = v0(key.address, [system.transfer(key.address, randomAddress(), 10_000n)]);
    expect(await sign(key, transaction, { expect: { unnamedNativeTransfer: { maxLamports: '10000' } } })).toBe(1);
  });

  it('without an intent, value movements are signed as before (the checks are opt-in); a nonce advance only when allowed', async () => {
    const key = newKey();
    expect(await sign(key, v0(key.address, [system.transfer(key.address, randomAddress(), 5n)]))).toBe(1);
    const nonce = v0(key.address, [system.advanceNonce(randomAddress(), key.address), memoInstruction('later', key.address)]);
    expect(await sign(key, nonce, { allowDurableNonce: true })).toBe(1);
  });

  it('refuses a malformed intent before anything is signed', async () => {
    const key = newKey();
    const transaction = v0(key.address, [memoInstruction('x', key.address)]);
    const bad = { expect: { transfers: [{ amount: '-1', to: randomAddress() }] } };
    await expect(signTransaction(transaction, countingSigner(key), bad)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it.each([[-1], ['1.5'], [null], [{}]])('refuses an unnamed native allowance of %j with INVALID_ARGUMENT', async (maxLamports) => {
    const key = newKey();
    const signer = countingSigner(key);
    const transaction = v0(key.address, [memoInstruction('x', key.address)]);
    const refusal = signTransaction(transaction, signer, { expect: { unnamedNativeTransfer: { maxLamports } as never } });
    await expect(refusal).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(refusal).rejects.toThrow('expect.unnamedNativeTransfer.maxLamports');
    expect(signer.calls).toBe(0);
  });

  it.each([['not-an-address'], [{ owner: 'not-an-address' }], [7]])('refuses a notTo entry of %j with INVALID_ARGUMENT', async (entry) => {
    const key = newKey();
    const signer = countingSigner(key);
    const transaction = v0(key.address, [memoInstruction('x', key.address)]);
    const refusal = signTransaction(transaction, signer, {
      expect: { unnamedNativeTransfer: { maxLamports: 1n, notTo: [entry as never] } },
    });
    await expect(refusal).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(refusal).rejects.toThrow('expect.unnamedNativeTransfer.notTo[]');
    expect(signer.calls).toBe(0);
  });

  it.each([
    ['a transfer to a non-address', { transfers: [{ amount: 1n, to: 'not-an-address' }] }, 'expect.transfers[].to'],
    ['a transfer of a non-address mint', { transfers: [{ amount: 1n, to: MINT, mint: 'O0Il' }] }, 'expect.transfers[].mint'],
    [
      'a transfer to a non-address token account',
      { transfers: [{ amount: 1n, to: MINT, tokenAccount: 'x' }] },
      'expect.transfers[].tokenAccount',
    ],
    ['an allowed destination that is no address', { allowDestinations: ['x'] }, 'expect.allowDestinations[]'],
    ['an allowed owner that is no address', { allowDestinations: [{ owner: 'x' }] }, 'expect.allowDestinations[].owner'],
    ['an allowed owner with a bad mint', { allowDestinations: [{ owner: MINT, mint: 'x' }] }, 'expect.allowDestinations[].mint'],
    ['an allowed destination that is neither', { allowDestinations: [42] }, 'expect.allowDestinations[]'],
  ])('refuses %s with INVALID_ARGUMENT naming the field, before anything is signed', async (_case, intent, field) => {
    const key = newKey();
    const signer = countingSigner(key);
    const transaction = v0(key.address, [memoInstruction('x', key.address)]);
    const refusal = signTransaction(transaction, signer, { expect: intent as never });
    await expect(refusal).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', details: { index: 0 } });
    await expect(refusal).rejects.toThrow(field);
    expect(signer.calls).toBe(0);
  });
});

describe('instructions of the value programs this package does not decode', () => {
  it('a Token-2022 withdrawExcessLamports signed by the wallet is refused under an intent: UNRECOGNIZED_INSTRUCTION', async () => {
    const key = newKey();
    const instruction = rawInstruction(
      TOKEN_2022_PROGRAM,
      [
        [randomAddress(), 'w'],
        [randomAddress(), 'w'],
        [key.address, 'rs'],
      ],
      [38],
    );
    const signer = countingSigner(key);
    await rejection(
      signTransaction(v0(key.address, [instruction]), signer, NOTHING_OUT),
      TransactionRejectedError,
      'UNRECOGNIZED_INSTRUCTION',
    );
    expect(signer.calls).toBe(0);
  });
});

describe('instructions of the built-in programs that hand over stake, votes or program control', () => {
  const STAKE = 'Stake11111111111111111111111111111111111111' as Address;
  const VOTE = 'Vote111111111111111111111111111111111111111' as Address;
  const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;
  const SYSVAR_CLOCK = 'SysvarC1ock11111111111111111111111111111111' as Address;
  it.each([
    // Stake Withdraw (4): stake account, recipient, clock, stake history, withdraw authority.
    [
      'a stake withdrawal to a third party',
      STAKE,
      (w: Address) => [
        [randomAddress(), 'w'],
        [randomAddress(), 'w'],
        [SYSVAR_CLOCK, 'r'],
        [randomAddress(), 'r'],
        [w, 'rs'],
      ],
      [4, 0, 0, 0, 0xe8, 3, 0, 0, 0, 0, 0, 0],
    ],
    // Stake Authorize (1): stake account, clock, authority; the new authority in the data.
    [
      'handing a stake account to a third party',
      STAKE,
      (w: Address) => [
        [randomAddress(), 'w'],
        [SYSVAR_CLOCK, 'r'],
        [w, 'rs'],
      ],
      [1, 0, 0, 0, ...new Array(32).fill(7), 1, 0, 0, 0],
    ],
    // Vote Withdraw (3): vote account, recipient, withdraw authority.
    [
      'a vote account withdrawal to a third party',
      VOTE,
      (w: Address) => [
        [randomAddress(), 'w'],
        [randomAddress(), 'w'],
        [w, 'rs'],
      ],
      [3, 0, 0, 0, 0xe8, 3, 0, 0, 0, 0, 0, 0],
    ],
    // Upgradeable loader SetAuthority (4): program data, current authority, new authority.
    [
      'handing a program upgrade authority to a third party',
      UPGRADEABLE_LOADER,
      (w: Address) => [
        [randomAddress(), 'w'],
        [w, 'rs'],
        [randomAddress(), 'r'],
      ],
      [4, 0, 0, 0],
    ],
  ] as const)('%s, signed by the wallet, is refused under an intent: UNRECOGNIZED_INSTRUCTION', async (_name, program, accounts, data) => {
    const key = newKey();
    const instruction = rawInstruction(program, accounts(key.address) as never, data as never);
    const transaction = v0(key.address, [instruction]);
    const signer = countingSigner(key);
    await rejection(signTransaction(transaction, signer, NOTHING_OUT), TransactionRejectedError, 'UNRECOGNIZED_INSTRUCTION');
    expect(signer.calls).toBe(0);
    expect(inspectTransaction(transaction).valueMovements).toMatchObject([{ kind: 'unrecognized', program, signers: [key.address] }]);
  });

  it('one the wallet does not sign is not its value: signed', async () => {
    const key = newKey();
    const other = randomAddress();
    const instruction = rawInstruction(
      STAKE,
      [
        [randomAddress(), 'w'],
        [randomAddress(), 'w'],
        [SYSVAR_CLOCK, 'r'],
        [randomAddress(), 'r'],
        [other, 'r'],
      ],
      [4, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    );
    await signTransaction(v0(key.address, [instruction]), countingSigner(key), NOTHING_OUT);
  });
});
