/**
 * The priority fee a transaction makes its fee payer pay, read from its top-level compute budget
 * instructions the way the runtime reads them: compute unit price (micro-lamports per unit) times
 * the compute unit limit, rounded up. Without a limit instruction the limit is the runtime's
 * default for the other instructions (at most 200 000 units each: an upper bound); any limit is
 * capped at 1 400 000 units, the most a transaction may use.
 */
import { COMPUTE_BUDGET_PROGRAM_ADDRESS, DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT, MAX_COMPUTE_UNIT_LIMIT } from '@x/chain';
import { addressBytes } from '../encoding.js';
import { bytesEqual, staticAccountBytes, type ParsedTransaction } from '../wire/parse-transaction.js';

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** Instructions that change neither limit nor price: request heap frame, loaded accounts data size limit. */
const FEE_NEUTRAL = new Set([1, 4]);
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

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

function readLittleEndian(bytes: Uint8Array, offset: number, length: number): bigint {
  let value = 0n;
  for (let i = length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i] as number);
  return value;
}

/** Reads the compute budget of `tx`. Of two instructions of one kind (which the runtime refuses), the larger value counts. */
export function readPriorityFee(tx: ParsedTransaction): PriorityFeeReading {
  const program = addressBytes(COMPUTE_BUDGET_PROGRAM_ADDRESS, 'program');
  let limit: number | undefined;
  let price = 0n;
  let others = 0;
  for (let index = 0; index < tx.instructions.length; index++) {
    const instruction = tx.instructions[index]!;
    if (!bytesEqual(staticAccountBytes(tx, instruction.programIndex), program)) {
      others++;
      continue;
    }
    const { dataOffset: at, dataLength: length } = instruction;
    const tag = length === 0 ? undefined : tx.bytes[at];
    if (tag === SET_COMPUTE_UNIT_LIMIT && length >= 5) {
      limit = Math.max(limit ?? 0, Number(readLittleEndian(tx.bytes, at + 1, 4)));
    } else if (tag === SET_COMPUTE_UNIT_PRICE && length >= 9) {
      const value = readLittleEndian(tx.bytes, at + 1, 8);
      if (value > price) price = value;
    } else if (tag === undefined || !FEE_NEUTRAL.has(tag)) {
      return { readable: false, instruction: index };
    }
  }
  // The limit as the runtime applies it (@x/chain's figures, which the simulator charges by).
  const computeUnitLimit = Math.min(limit ?? others * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT, MAX_COMPUTE_UNIT_LIMIT);
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
