// The network fee of a landed transaction, read from its message as the chain's runtime reads it
// (the figures from @x/chain): 5000 lamports per required signature, plus the compute unit price
// times the limit its compute budget instructions set (without a limit, 200 000 units per
// instruction, 3000 per instruction of a builtin program such as the System program or the compute
// budget program itself), rounded up. The fee payer (the first
// account) pays it. The compute budget program is the simulator's own (the spec's example value)
// or the chain's (a transaction a user assembled with the protocol's id).
import { BUILTIN_PROGRAM_ADDRESSES, COMPUTE_BUDGET_PROGRAM_ADDRESS, transactionFeeLamports } from '@x/chain';
import { COMPUTE_BUDGET_PROGRAM } from './addresses.js';
import type { DecodedInstruction, DecodedTransaction } from './decoded.js';
import { ApiError, type ApiErrorOptions } from '../errors.js';
import { NATIVE_MINT } from '../tokens.js';
import type { Wallets } from '../wallets.js';

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

/** Whether an instruction is one of the compute budget program's. */
export const isComputeBudget = (ix: DecodedInstruction): boolean =>
  ix.programId === COMPUTE_BUDGET_PROGRAM || ix.programId === COMPUTE_BUDGET_PROGRAM_ADDRESS;

const readLe = (data: Uint8Array, length: number): bigint => {
  let value = 0n;
  for (let i = length; i >= 1; i--) value = (value << 8n) | BigInt(data[i]!);
  return value;
};

/** The compute budget instructions the chain accepts, by tag: what each sets and the bytes its data needs at least. */
const BUDGET_KINDS: ReadonlyMap<number, { sets: string; bytes: number }> = new Map([
  [1, { sets: 'heap frame', bytes: 5 }],
  [SET_COMPUTE_UNIT_LIMIT, { sets: 'compute unit limit', bytes: 5 }],
  [SET_COMPUTE_UNIT_PRICE, { sets: 'compute unit price', bytes: 9 }],
  [4, { sets: 'loaded accounts data size limit', bytes: 5 }],
]);

/**
 * Why the chain refuses `tx`'s compute budget, before it charges anything: an instruction of the
 * compute budget program it cannot read (another tag, data too short), or one kind set twice
 * (the runtime's duplicate instruction error). Undefined when it accepts it.
 */
export function computeBudgetRefusal(tx: DecodedTransaction): { index: number; message: string } | undefined {
  const seen = new Set<number>();
  for (const [index, ix] of tx.instructions.entries()) {
    if (!isComputeBudget(ix)) continue;
    const tag = ix.data[0];
    const kind = tag === undefined ? undefined : BUDGET_KINDS.get(tag);
    if (!kind || ix.data.length < kind.bytes) return { index, message: 'invalid instruction data: not a compute budget instruction' };
    if (seen.has(tag!)) return { index, message: `duplicate instruction: the ${kind.sets} is set twice` };
    seen.add(tag!);
  }
  return undefined;
}

export interface NetworkFee {
  /** The fee payer: the transaction's first account. */
  payer: string;
  lamports: bigint;
}

/** What landing `tx` costs its fee payer. */
export function networkFee(tx: DecodedTransaction): NetworkFee {
  let computeUnitLimit: number | undefined;
  let computeUnitPrice = 0n;
  let otherInstructions = 0;
  let builtinInstructions = 0;
  for (const ix of tx.instructions) {
    if (!isComputeBudget(ix)) {
      // The simulator's System program id is the chain's (the spec's example value).
      if (ix.programId !== undefined && BUILTIN_PROGRAM_ADDRESSES.has(ix.programId)) builtinInstructions++;
      else otherInstructions++;
      continue;
    }
    // The compute budget program is a builtin too: without a limit, each of its instructions counts 3000 units.
    builtinInstructions++;
    const { data } = ix;
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) computeUnitLimit = Number(readLe(data, 4));
    else if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) computeUnitPrice = readLe(data, 8);
  }
  return {
    payer: tx.staticAccounts[0]!,
    lamports: transactionFeeLamports(tx.signatures.length, { computeUnitLimit, computeUnitPrice, otherInstructions, builtinInstructions }),
  };
}

/**
 * The fee of `tx`, once its payer is known to hold it plus `alsoNative` lamports the transaction
 * itself takes from the payer; else the 400 a chain gives a transaction whose fee payer cannot pay
 * (it never lands). Charge it with `chargeNetworkFee` where the transaction's moves are made.
 */
export function payableNetworkFee(wallets: Wallets, tx: DecodedTransaction, alsoNative = 0n, options?: ApiErrorOptions): NetworkFee {
  const fee = networkFee(tx);
  const balance = wallets.balance(fee.payer, NATIVE_MINT) ?? 0n;
  if (balance < fee.lamports + alsoNative)
    throw new ApiError(
      400,
      `Insufficient funds for fee: the fee payer ${fee.payer} holds ${balance} lamports, the fee is ${fee.lamports}${alsoNative > 0n ? ` and the transaction moves ${alsoNative} more` : ''}`,
      options,
    );
  return fee;
}

/** Takes the fee from its payer's native balance. */
export function chargeNetworkFee(wallets: Wallets, fee: NetworkFee): void {
  wallets.add(fee.payer, NATIVE_MINT, -fee.lamports);
}
