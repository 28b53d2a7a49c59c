/**
 * The priority fee a transaction makes its fee payer pay, read from its top-level compute budget
 * instructions the way the runtime reads them: compute unit price (micro-lamports per unit) times
 * the compute unit limit, rounded up. Without a limit instruction the limit is the runtime's
 * default (SIMD-0170): 3000 units per instruction of a builtin program, the compute budget
 * instructions included, 200 000 per other instruction; any limit is capped at 1 400 000 units,
 * the most a transaction may use. The figures are @x/chain's, which the simulator charges by.
 */
import {
  BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT,
  BUILTIN_PROGRAM_ADDRESSES,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT,
  MAX_COMPUTE_UNIT_LIMIT,
  MICRO_LAMPORTS_PER_LAMPORT,
} from '@x/chain';
import { addressTextAt } from '../encoding.js';
import { readU32, readU64 } from '../wire/little-endian.js';
import { staticAccountOffset, type ParsedTransaction } from '../wire/parse-transaction.js';

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

export type PriorityFeeReading =
  | {
      readonly readable: true;
      readonly computeUnitLimit: number;
      /** Micro-lamports per compute unit. */
      readonly computeUnitPrice: bigint;
      readonly priorityFeeLamports: bigint;
    }
  /** A compute budget instruction this package cannot read (a deprecated form, or data too short). */
  | { readonly readable: false; readonly instruction: number };

/** Reads the compute budget of `tx`. Of two instructions of one kind (which the runtime refuses), the larger value counts. */
export function readPriorityFee(tx: ParsedTransaction): PriorityFeeReading {
  let limit: number | undefined;
  let price = 0n;
  let builtins = 0;
  for (let index = 0; index < tx.instructions.length; index++) {
    const instruction = tx.instructions[index]!;
    const program = addressTextAt(tx.bytes, staticAccountOffset(tx, instruction.programIndex));
    if (BUILTIN_PROGRAM_ADDRESSES.has(program)) builtins++;
    if (program !== COMPUTE_BUDGET_PROGRAM_ADDRESS) continue;
    const { dataOffset: at, dataLength: length } = instruction;
    const tag = length === 0 ? undefined : tx.bytes[at];
    if (tag === SET_COMPUTE_UNIT_LIMIT && length >= 5) {
      limit = Math.max(limit ?? 0, readU32(tx.bytes, at, length, 1)!);
    } else if (tag === SET_COMPUTE_UNIT_PRICE && length >= 9) {
      const value = readU64(tx.bytes, at, length, 1)!;
      if (value > price) price = value;
    } else if (tag !== 1 && tag !== 4) {
      // Neither a heap frame request (1) nor a loaded accounts data size limit (4), which change neither limit nor price.
      return { readable: false, instruction: index };
    }
  }
  // @x/chain's effectiveComputeUnitLimit, written out on its constants: the function's call costs the
  // signing worker bundle 40 B gzipped it does not have (bench/worker-bundle.ts). The tests check
  // that both give the same limit and fee.
  const computeUnitLimit = Math.min(
    limit ??
      (tx.instructions.length - builtins) * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT + builtins * BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT,
    MAX_COMPUTE_UNIT_LIMIT,
  );
  const micro = price * BigInt(computeUnitLimit);
  const priorityFeeLamports = (micro + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return { readable: true, computeUnitLimit, computeUnitPrice: price, priorityFeeLamports };
}

/**
 * The priority fee a bound of `maxLamports` admits at `computeUnitLimit`: the bound, plus what one
 * micro-lamport of price adds (a price derived from the bound and rounded up stays within it).
 */
export function priorityFeeAllowance(maxLamports: bigint, computeUnitLimit: number): bigint {
  const oneMicroLamport = (BigInt(computeUnitLimit) + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return maxLamports + oneMicroLamport;
}
