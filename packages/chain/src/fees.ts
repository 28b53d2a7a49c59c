/**
 * What a landed transaction costs its fee payer, as the chain's runtime charges it: a base fee per
 * signature the message requires, plus the priority fee its compute budget instructions set (the
 * compute unit price, in micro-lamports per unit, times the compute unit limit, rounded up).
 */
/** The base fee: lamports per signature a transaction requires. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** The compute unit limit a transaction without a limit instruction gets, per instruction of a program deployed on the chain. */
export const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000;
/**
 * The compute unit limit a transaction without a limit instruction gets per instruction of a
 * builtin program (SIMD-0170, active on every cluster): builtins cost far less than 200 000 units.
 * The builtins are BUILTIN_PROGRAM_ADDRESSES (`builtin-programs.ts`).
 */
export const BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT = 3_000;
/** The most compute units a transaction may use: any higher limit is this one. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Micro-lamports per lamport: the compute unit price's unit. */
export const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

export interface ComputeBudget {
  /** Micro-lamports per compute unit (the set-compute-unit-price instruction; 0 without one). */
  readonly computeUnitPrice: bigint;
  /** The set-compute-unit-limit instruction's value; undefined without one. */
  readonly computeUnitLimit: number | undefined;
  /**
   * The instructions of programs other than the builtins (each gets the default limit when no
   * limit is set). Counting a builtin's here gives an upper bound.
   */
  readonly otherInstructions: number;
  /**
   * The instructions of builtin programs (BUILTIN_PROGRAM_ADDRESSES), the compute budget program's
   * own included, each 3000 units when no limit is set; 0 when not given.
   */
  readonly builtinInstructions?: number;
}

/** The compute unit limit the runtime applies: the one set (capped), else the default per instruction (capped). */
export function effectiveComputeUnitLimit(budget: Omit<ComputeBudget, 'computeUnitPrice'>): number {
  const defaultLimit =
    budget.otherInstructions * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT +
    (budget.builtinInstructions ?? 0) * BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT;
  return Math.min(budget.computeUnitLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT);
}

/** The priority fee in lamports: the price times the limit the runtime applies, rounded up. */
export function priorityFeeLamports(budget: ComputeBudget): bigint {
  const micro = budget.computeUnitPrice * BigInt(effectiveComputeUnitLimit(budget));
  return (micro + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/** The fee of a transaction requiring `signatures` signatures with this compute budget, in lamports. */
export function transactionFeeLamports(signatures: number, budget: ComputeBudget): bigint {
  return BigInt(signatures) * LAMPORTS_PER_SIGNATURE + priorityFeeLamports(budget);
}
