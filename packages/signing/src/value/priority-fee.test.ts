/**
 * The priority fee a transaction makes its fee payer pay (compute unit price times limit), bounded
 * by `maxPriorityFeeLamports` when the wallet is that fee payer.
 */
import type { Address } from '@solana/kit';
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  BUILTIN_PROGRAM_ADDRESSES,
  effectiveComputeUnitLimit,
  priorityFeeLamports,
  STAKE_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
} from '@x/chain';
import { describe, expect, it } from 'vitest';
import {
  COMPUTE_BUDGET_PROGRAM,
  buildTransaction,
  computeBudget,
  countingSigner,
  newKey,
  randomAddress,
  rawInstruction,
  SYSTEM_PROGRAM,
  swapLikeInstruction,
  transferInstruction,
} from '../../test/fixtures.js';
import { rejection } from '../../test/rejection.js';
import { SigningError, TransactionRejectedError } from '../errors.js';
import { signTransaction } from '../sign-transaction.js';
import { parseTransaction } from '../wire/parse-transaction.js';
import { readPriorityFee } from './priority-fee.js';

async function setup(instructions: Parameters<typeof buildTransaction>[0]['instructions'], feePayer?: 'other') {
  const key = newKey();
  const signer = countingSigner(key);
  const payer = feePayer === 'other' ? randomAddress() : (key.address as Address);
  const signers = feePayer === 'other' ? [key.address as Address] : [];
  const swapCall = swapLikeInstruction(randomAddress(), signers, [randomAddress()]);
  const transaction = buildTransaction({ version: 0, feePayer: payer, instructions: [...(instructions ?? []), swapCall] }).base64;
  return { signer, transaction, payer };
}

describe('maxPriorityFeeLamports', () => {
  it('signs a priority fee up to the bound (price 1 000 000 micro-lamports x 200 000 units = 200 000 lamports)', async () => {
    const { signer, transaction } = await setup([computeBudget.limit(200_000), computeBudget.price(1_000_000n)]);
    await signTransaction(transaction, signer, { maxPriorityFeeLamports: 200_000 });
    expect(signer.calls).toBe(1);
  });

  it('refuses a larger priority fee, naming the fee, the bound, the price and the limit; nothing signed', async () => {
    const { signer, transaction } = await setup([computeBudget.limit(200_000), computeBudget.price(1_000_000n)]);
    const error = await rejection(
      signTransaction(transaction, signer, { maxPriorityFeeLamports: '100000' }),
      TransactionRejectedError,
      'PRIORITY_FEE_TOO_HIGH',
    );
    expect(error.details).toMatchObject({
      priorityFeeLamports: '200000',
      maxPriorityFeeLamports: '100000',
      computeUnitPrice: '1000000',
      computeUnitLimit: 200_000,
    });
    expect(signer.calls).toBe(0);
  });

  it('without a limit instruction, counts the default limit (200 000 units for the swap-like call, 3000 for the price instruction)', async () => {
    const { signer, transaction } = await setup([computeBudget.price(1_000_000n)]);
    const error = await rejection(
      signTransaction(transaction, signer, { maxPriorityFeeLamports: 150_000 }),
      TransactionRejectedError,
      'PRIORITY_FEE_TOO_HIGH',
    );
    expect(error.details).toMatchObject({ priorityFeeLamports: '203000', computeUnitLimit: 203_000 });
  });

  it('without a limit instruction, counts 3000 units per builtin instruction (SIMD-0170): the compute budget and System ones', async () => {
    // Price 1 000 000 micro-lamports per unit; the chain's default limit: 3000 for the price
    // instruction, 3000 for each of the two System transfers, 200 000 for the swap-like call.
    const key = newKey();
    const wallet = key.address as Address;
    const transfers = [transferInstruction(wallet, randomAddress(), 1000n), transferInstruction(wallet, randomAddress(), 1000n)];
    const build = () =>
      buildTransaction({
        version: 0,
        feePayer: wallet,
        instructions: [computeBudget.price(1_000_000n), ...transfers, swapLikeInstruction(randomAddress(), [], [randomAddress()])],
      }).base64;
    const signer = countingSigner(key);
    await signTransaction(build(), signer, { maxPriorityFeeLamports: 209_000 });
    expect(signer.calls).toBe(1);
    const error = await rejection(
      signTransaction(build(), signer, { maxPriorityFeeLamports: 208_000 }),
      TransactionRejectedError,
      'PRIORITY_FEE_TOO_HIGH',
    );
    expect(error.details).toMatchObject({ priorityFeeLamports: '209000', computeUnitLimit: 209_000 });
    expect(signer.calls).toBe(1);
  });

  it('a limit above the most a transaction may use counts as that most (1 400 000 units)', async () => {
    const { signer, transaction } = await setup([computeBudget.limit(4_000_000), computeBudget.price(1_000_000n)]);
    const error = await rejection(
      signTransaction(transaction, signer, { maxPriorityFeeLamports: 0 }),
      TransactionRejectedError,
      'PRIORITY_FEE_TOO_HIGH',
    );
    expect(error.details).toMatchObject({ priorityFeeLamports: '1400000', computeUnitLimit: 1_400_000 });
  });

  it('accepts the rounding of a price derived from the bound (10 000 lamports over 1 400 000 units: 7 143 micro-lamports)', async () => {
    const { signer, transaction } = await setup([computeBudget.limit(1_400_000), computeBudget.price(7_143n)]);
    await signTransaction(transaction, signer, { maxPriorityFeeLamports: 10_000 });
    expect(signer.calls).toBe(1);
    const twice = await setup([computeBudget.limit(1_400_000), computeBudget.price(14_286n)]);
    await rejection(signTransaction(twice.transaction, twice.signer, { maxPriorityFeeLamports: 10_000 }), TransactionRejectedError);
  });

  it('a price or limit set twice (which the chain refuses) is read at its larger value: the smaller one cannot hide the fee', async () => {
    for (const budget of [
      [computeBudget.price(1n), computeBudget.limit(200_000), computeBudget.price(1_000_000n)],
      [computeBudget.limit(1_000), computeBudget.price(1_000_000n), computeBudget.limit(200_000)],
    ]) {
      const { signer, transaction } = await setup(budget);
      const error = await rejection(
        signTransaction(transaction, signer, { maxPriorityFeeLamports: 1_000 }),
        TransactionRejectedError,
        'PRIORITY_FEE_TOO_HIGH',
      );
      expect(error.details).toMatchObject({ priorityFeeLamports: '200000', computeUnitLimit: 200_000 });
      expect(signer.calls).toBe(0);
    }
  });

  it('no price instruction: no priority fee', async () => {
    const { signer, transaction } = await setup([computeBudget.limit(1_400_000)]);
    await signTransaction(transaction, signer, { maxPriorityFeeLamports: 0 });
    expect(signer.calls).toBe(1);
  });

  it('does not apply when someone else pays the fee', async () => {
    const { signer, transaction, payer } = await setup([computeBudget.price(1_000_000_000n)], 'other');
    await signTransaction(transaction, signer, { feePayer: payer, maxPriorityFeeLamports: 0 });
    expect(signer.calls).toBe(1);
  });

  it('a compute budget instruction it cannot read is refused (UNRECOGNIZED_INSTRUCTION) when a bound is set', async () => {
    const deprecated = rawInstruction(COMPUTE_BUDGET_PROGRAM, [], [0, 0x40, 0x0d, 0x03, 0, 0x10, 0x27, 0, 0]);
    const { signer, transaction } = await setup([deprecated]);
    const error = await rejection(
      signTransaction(transaction, signer, { maxPriorityFeeLamports: 5_000 }),
      TransactionRejectedError,
      'UNRECOGNIZED_INSTRUCTION',
    );
    expect(error.details).toMatchObject({ instruction: 0, program: COMPUTE_BUDGET_PROGRAM });
    const short = await setup([rawInstruction(COMPUTE_BUDGET_PROGRAM, [], [3, 1, 2])]);
    await rejection(signTransaction(short.transaction, short.signer, { maxPriorityFeeLamports: 5_000 }), TransactionRejectedError);
    expect(signer.calls + short.signer.calls).toBe(0);
  });

  it('a bound that is not a non-negative integer is an INVALID_ARGUMENT', async () => {
    const { signer, transaction } = await setup([]);
    await rejection(signTransaction(transaction, signer, { maxPriorityFeeLamports: -1 }), SigningError, 'INVALID_ARGUMENT');
    await rejection(signTransaction(transaction, signer, { maxPriorityFeeLamports: 1.5 }), SigningError, 'INVALID_ARGUMENT');
  });
});

describe('readPriorityFee', () => {
  it("gives the limit and fee of @x/chain's rule (which the simulator charges by) on mixes of builtin and other programs", () => {
    // Builtins (System, compute budget, vote, upgradeable loader) and not (stake: migrated; any other program).
    const programs = [SYSTEM_PROGRAM, VOTE_PROGRAM_ADDRESS, BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS, STAKE_PROGRAM_ADDRESS, randomAddress()];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 60; round++) {
      const payer = randomAddress();
      const calls = Array.from({ length: 1 + next(8) }, () => rawInstruction(programs[next(programs.length)] as Address, [], [9]));
      const limit = next(3) === 0 ? 50_000 + next(2_000_000) : undefined;
      const price = BigInt(next(3_000_000));
      const budget = [computeBudget.price(price), ...(limit === undefined ? [] : [computeBudget.limit(limit)])];
      const instructions = [...budget, ...calls];
      const tx = parseTransaction(buildTransaction({ version: 0, feePayer: payer, instructions }).bytes);
      const builtinInstructions = instructions.filter((ix) => BUILTIN_PROGRAM_ADDRESSES.has(ix.programAddress)).length;
      const chain = {
        computeUnitLimit: limit,
        computeUnitPrice: price,
        otherInstructions: instructions.length - builtinInstructions,
        builtinInstructions,
      };
      expect(readPriorityFee(tx)).toEqual({
        readable: true,
        computeUnitLimit: effectiveComputeUnitLimit(chain),
        computeUnitPrice: price,
        priorityFeeLamports: priorityFeeLamports(chain),
      });
    }
  });
});
