import { describe, expect, it } from 'vitest';
import { BUILTIN_PROGRAM_ADDRESSES } from './builtin-programs.js';
import { effectiveComputeUnitLimit, LAMPORTS_PER_SIGNATURE, priorityFeeLamports, transactionFeeLamports } from './fees.js';
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
} from './programs.js';

describe('transaction fees', () => {
  it('charge 5000 lamports per signature, and nothing more without a compute unit price', () => {
    expect(LAMPORTS_PER_SIGNATURE).toBe(5000n);
    expect(transactionFeeLamports(1, { computeUnitPrice: 0n, computeUnitLimit: undefined, otherInstructions: 3 })).toBe(5000n);
    expect(transactionFeeLamports(2, { computeUnitPrice: 0n, computeUnitLimit: 200_000, otherInstructions: 1 })).toBe(10_000n);
  });

  it('add the price times the limit, rounded up to a lamport', () => {
    // 7142 micro-lamports x 1 400 000 units = 9 998 800 000 micro-lamports: 9998.8 lamports, charged 9999.
    expect(priorityFeeLamports({ computeUnitPrice: 7142n, computeUnitLimit: 1_400_000, otherInstructions: 2 })).toBe(9999n);
    expect(priorityFeeLamports({ computeUnitPrice: 1_000_000n, computeUnitLimit: 200_000, otherInstructions: 2 })).toBe(200_000n);
    expect(transactionFeeLamports(1, { computeUnitPrice: 1n, computeUnitLimit: 1, otherInstructions: 1 })).toBe(5001n);
  });

  it('take the default limit per instruction without a limit instruction, and cap any limit at 1 400 000 units', () => {
    expect(effectiveComputeUnitLimit({ computeUnitLimit: undefined, otherInstructions: 3 })).toBe(600_000);
    expect(effectiveComputeUnitLimit({ computeUnitLimit: undefined, otherInstructions: 9 })).toBe(1_400_000);
    expect(effectiveComputeUnitLimit({ computeUnitLimit: 5_000_000, otherInstructions: 1 })).toBe(1_400_000);
    expect(priorityFeeLamports({ computeUnitPrice: 10n, computeUnitLimit: undefined, otherInstructions: 2 })).toBe(4n);
  });

  it('give an instruction of a builtin program 3000 units without a limit instruction (SIMD-0170), never above the cap', () => {
    expect(effectiveComputeUnitLimit({ computeUnitLimit: undefined, otherInstructions: 1, builtinInstructions: 1 })).toBe(203_000);
    expect(effectiveComputeUnitLimit({ computeUnitLimit: undefined, otherInstructions: 0, builtinInstructions: 2 })).toBe(6000);
    expect(effectiveComputeUnitLimit({ computeUnitLimit: 50_000, otherInstructions: 0, builtinInstructions: 2 })).toBe(50_000);
    expect(effectiveComputeUnitLimit({ computeUnitLimit: undefined, otherInstructions: 7, builtinInstructions: 1 })).toBe(1_400_000);
    expect(
      priorityFeeLamports({ computeUnitPrice: 25_000n, computeUnitLimit: undefined, otherInstructions: 1, builtinInstructions: 1 }),
    ).toBe(5075n);
    expect([...BUILTIN_PROGRAM_ADDRESSES]).toEqual([
      SYSTEM_PROGRAM_ADDRESS,
      COMPUTE_BUDGET_PROGRAM_ADDRESS,
      VOTE_PROGRAM_ADDRESS,
      BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
    ]);
  });
});
