import { describe, expect, it } from 'vitest';
import { effectiveComputeUnitLimit, LAMPORTS_PER_SIGNATURE, priorityFeeLamports, transactionFeeLamports } from './fees.js';

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
});
