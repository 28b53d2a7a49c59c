/** `inspectTransaction`: a readable view of a legacy or v0 transaction, without signing anything. */
import type { Address } from '@solana/addresses';
import { bytesToAddressString, decodeBase64Transaction, encodeBase58, encodeBase64 } from './encoding.js';
import { readValueMovements, type DurableNonce, type ValueMovement } from './value/decode-movements.js';
import {
  blockhashBytes,
  instructionAccounts,
  instructionData,
  isAllZero,
  isSignerWritable,
  lookupIndexes,
  MAX_TRANSACTION_SIZE,
  parseTransaction,
  signatureSlot,
  staticAccountBytes,
  type ParsedTransaction,
  type TransactionVersion,
} from './wire/parse-transaction.js';

export interface InspectedSigner {
  readonly address: Address;
  readonly index: number;
  readonly writable: boolean;
  /** Whether the signature slot holds bytes (not all zero). Not verified: see `signTransaction`. */
  readonly signed: boolean;
  /** The slot's signature in base58, or null when the slot is empty. */
  readonly signature: string | null;
}

export interface InspectedInstruction {
  readonly programId: Address;
  /** Indexes into the account list (static accounts, then lookup-table writable, then readonly). */
  readonly accountIndexes: readonly number[];
  /** Instruction data, base64. */
  readonly data: string;
}

export interface InspectedLookupTable {
  readonly address: Address;
  readonly writableIndexes: readonly number[];
  readonly readonlyIndexes: readonly number[];
}

export interface TransactionInspection {
  readonly version: TransactionVersion;
  readonly feePayer: Address;
  readonly requiredSignatures: number;
  /** Required signers in slot order; the fee payer is first. */
  readonly signers: readonly InspectedSigner[];
  /** The recent blockhash (or durable nonce), base58. */
  readonly blockhash: string;
  readonly blockhashIsZero: boolean;
  readonly staticAccounts: readonly Address[];
  /** Invoked programs, unique, in order of first use. */
  readonly programIds: readonly Address[];
  readonly instructions: readonly InspectedInstruction[];
  readonly addressLookupTables: readonly InspectedLookupTable[];
  /** Size of the wire transaction in bytes. */
  readonly size: number;
  /** Whether `size` is over the 1,232-byte packet limit (`signTransaction` refuses it). */
  readonly oversized: boolean;
  /**
   * What the top-level System, Token and Token-2022 instructions do with value (transfers, funding,
   * closes, delegations, authority changes, burns), in instruction order. What a program does
   * inside a cross-program invocation is not visible here: that needs a simulation on the chain.
   */
  readonly valueMovements: readonly ValueMovement[];
  /** Set when the first instruction advances a durable nonce (the transaction does not expire with its blockhash). */
  readonly durableNonce: DurableNonce | null;
  /** Whether a value movement has its destination loaded from an address lookup table (unknown offline). */
  readonly lookupTableDestinations: boolean;
}

function inspectParsed(tx: ParsedTransaction): TransactionInspection {
  const staticAccounts: Address[] = [];
  for (let index = 0; index < tx.staticAccountCount; index++) {
    staticAccounts.push(bytesToAddressString(staticAccountBytes(tx, index)));
  }
  const signers: InspectedSigner[] = [];
  for (let index = 0; index < tx.numRequiredSignatures; index++) {
    const slot = signatureSlot(tx, index);
    const signed = !isAllZero(slot);
    signers.push({
      address: staticAccounts[index] as Address,
      index,
      writable: isSignerWritable(tx, index),
      signed,
      signature: signed ? encodeBase58(slot) : null,
    });
  }
  const instructions = tx.instructions.map((instruction) => ({
    programId: staticAccounts[instruction.programIndex] as Address,
    accountIndexes: [...instructionAccounts(tx, instruction)],
    data: encodeBase64(instructionData(tx, instruction)),
  }));
  const blockhash = blockhashBytes(tx);
  const { movements, durableNonce } = readValueMovements(tx);
  return {
    version: tx.version,
    feePayer: staticAccounts[0] as Address,
    requiredSignatures: tx.numRequiredSignatures,
    signers,
    blockhash: encodeBase58(blockhash),
    blockhashIsZero: isAllZero(blockhash),
    staticAccounts,
    programIds: [...new Set(instructions.map((instruction) => instruction.programId))],
    instructions,
    addressLookupTables: tx.addressTableLookups.map((lookup) => ({
      address: bytesToAddressString(tx.bytes.subarray(lookup.tableOffset, lookup.tableOffset + 32)),
      writableIndexes: [...lookupIndexes(tx, lookup, 'writable')],
      readonlyIndexes: [...lookupIndexes(tx, lookup, 'readonly')],
    })),
    size: tx.bytes.length,
    oversized: tx.bytes.length > MAX_TRANSACTION_SIZE,
    valueMovements: movements,
    durableNonce,
    lookupTableDestinations: movements.some((movement) => movement.destination !== null && movement.destination.address === null),
  };
}

/** Reads a wire transaction given as bytes. Throws `TransactionFormatError` like `inspectTransaction`. */
export function inspectTransactionBytes(bytes: Uint8Array): TransactionInspection {
  return inspectParsed(parseTransaction(bytes));
}

/**
 * Reads a base64 legacy or v0 transaction: version, fee payer, required signers (writable or not,
 * slot filled or empty), blockhash, programs, lookup tables, and the value its top-level System and
 * token instructions move (amounts, sources, destinations, mints where named; destinations from
 * lookup tables flagged), and a durable-nonce advance. Throws `TransactionFormatError` on
 * invalid base64, truncated or inconsistent bytes, trailing bytes or an unknown version.
 */
export function inspectTransaction(transaction: string): TransactionInspection {
  return inspectTransactionBytes(decodeBase64Transaction(transaction));
}
