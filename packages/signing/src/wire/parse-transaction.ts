/**
 * Reads the wire bytes of a legacy or v0 transaction into offsets and counts, without copying and
 * without re-encoding anything, and checks the structure the way the runtime's sanitizer does.
 *
 * Addresses stay raw bytes here (base58 is computed only where a caller needs text), which keeps
 * signing fast; `inspect.ts` turns this into the readable form.
 */
import { isUint8Array } from '../encoding.js';
import { TransactionFormatError } from '../errors.js';
import { equalAt, isAllZeroAt, word } from './bytes.js';
import { readCompactU16 } from './compact-u16.js';

export { bytesEqual, isAllZeroAt } from './bytes.js';

export const SIGNATURE_LENGTH = 64;
export const ADDRESS_LENGTH = 32;
const MAX_ACCOUNTS = 256;
/** The most bytes a transaction may have to be sent (the network's packet limit). */
export const MAX_TRANSACTION_SIZE = 1232;

export type TransactionVersion = 'legacy' | 0;

/**
 * Where an instruction's parts lie in the transaction bytes (absolute offsets; views of them only
 * when asked for, through `instructionAccounts` and `instructionData`).
 */
export interface ParsedInstruction {
  /** Index of the program in the static accounts. */
  readonly programIndex: number;
  /** Offset of the instruction's account indexes: into the static accounts, then lookup-table writable, then lookup-table readonly. */
  readonly accountsOffset: number;
  readonly accountCount: number;
  readonly dataOffset: number;
  readonly dataLength: number;
}

/** Where a lookup's parts lie in the transaction bytes (views through `lookupIndexes`). */
export interface ParsedLookup {
  /** Absolute offset of the lookup table's address in the transaction bytes. */
  readonly tableOffset: number;
  readonly writableOffset: number;
  readonly writableCount: number;
  readonly readonlyOffset: number;
  readonly readonlyCount: number;
}

export interface ParsedTransaction {
  /** The whole transaction, as given. Every offset below is absolute into these bytes. */
  readonly bytes: Uint8Array;
  readonly signatureCount: number;
  readonly signaturesOffset: number;
  readonly messageOffset: number;
  readonly version: TransactionVersion;
  readonly numRequiredSignatures: number;
  readonly numReadonlySignedAccounts: number;
  readonly numReadonlyUnsignedAccounts: number;
  readonly staticAccountsOffset: number;
  readonly staticAccountCount: number;
  readonly blockhashOffset: number;
  readonly instructions: readonly ParsedInstruction[];
  readonly addressTableLookups: readonly ParsedLookup[];
}

function malformed(message: string, details: Record<string, number | string> = {}): TransactionFormatError {
  return new TransactionFormatError('MALFORMED_TRANSACTION', message, details);
}

function compactU16(bytes: Uint8Array, offset: number, what: string): [number, number] {
  const read = readCompactU16(bytes, offset);
  if (read === undefined) throw malformed(`Truncated or non-canonical length of ${what}.`, { offset });
  return read;
}

function take(bytes: Uint8Array, offset: number, length: number, what: string): number {
  const end = offset + length;
  if (end > bytes.length) throw malformed(`Truncated transaction: ${what} runs past the end.`, { offset, length });
  return end;
}

function readVersion(bytes: Uint8Array, offset: number): [TransactionVersion, number] {
  const first = bytes[offset];
  if (first === undefined) throw malformed('Truncated transaction: the message is empty.');
  if ((first & 0x80) === 0) return ['legacy', offset];
  const version = first & 0x7f;
  if (version !== 0) {
    throw new TransactionFormatError('UNSUPPORTED_VERSION', `Transaction version ${version} is not supported (legacy and 0 are).`, {
      version,
    });
  }
  return [0, offset + 1];
}

function readInstructions(bytes: Uint8Array, start: number): [ParsedInstruction[], number] {
  const [count, afterCount] = compactU16(bytes, start, 'the instruction list');
  const instructions: ParsedInstruction[] = [];
  let offset = afterCount;
  for (let index = 0; index < count; index++) {
    const programIndex = bytes[offset];
    if (programIndex === undefined) throw malformed('Truncated transaction: an instruction is cut off.', { index });
    const [accountCount, accountsStart] = compactU16(bytes, offset + 1, 'instruction accounts');
    const accountsEnd = take(bytes, accountsStart, accountCount, 'instruction accounts');
    const [dataLength, dataStart] = compactU16(bytes, accountsEnd, 'instruction data');
    const dataEnd = take(bytes, dataStart, dataLength, 'instruction data');
    instructions.push({ programIndex, accountsOffset: accountsStart, accountCount, dataOffset: dataStart, dataLength });
    offset = dataEnd;
  }
  return [instructions, offset];
}

function readLookups(bytes: Uint8Array, start: number): [ParsedLookup[], number] {
  const [count, afterCount] = compactU16(bytes, start, 'the address lookup table list');
  const lookups: ParsedLookup[] = [];
  let offset = afterCount;
  for (let index = 0; index < count; index++) {
    const tableOffset = offset;
    const [writableCount, writableStart] = compactU16(
      bytes,
      take(bytes, offset, ADDRESS_LENGTH, 'a lookup table address'),
      'lookup writable indexes',
    );
    const writableEnd = take(bytes, writableStart, writableCount, 'lookup writable indexes');
    const [readonlyCount, readonlyStart] = compactU16(bytes, writableEnd, 'lookup readonly indexes');
    const readonlyEnd = take(bytes, readonlyStart, readonlyCount, 'lookup readonly indexes');
    if (writableCount + readonlyCount === 0) throw malformed('An address lookup table loads no account.', { index });
    lookups.push({ tableOffset, writableOffset: writableStart, writableCount, readonlyOffset: readonlyStart, readonlyCount });
    offset = readonlyEnd;
  }
  return [lookups, offset];
}

/** Scratch space of `firstListedTwice` (synchronous, so one buffer serves every call that fits). */
const addressKeys = new Int32Array(MAX_ACCOUNTS);

/**
 * The first pair `[index, earlierIndex]` of equal addresses among the `count` addresses at
 * `offset`, or `undefined`. Each address is keyed by its first 4 bytes; only equal keys are compared in full.
 */
function firstListedTwice(bytes: Uint8Array, offset: number, count: number): [number, number] | undefined {
  const keys = count <= addressKeys.length ? addressKeys : new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const at = offset + i * ADDRESS_LENGTH;
    const key = word(bytes, at);
    for (let j = 0; j < i; j++) {
      if (keys[j] === key && equalAt(bytes, at, bytes, offset + j * ADDRESS_LENGTH, ADDRESS_LENGTH)) return [i, j];
    }
    keys[i] = key;
  }
  return undefined;
}

function checkStructure(tx: ParsedTransaction): void {
  const { numRequiredSignatures: required, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx;
  if (tx.signatureCount !== required) {
    throw malformed('The number of signature slots differs from the number of required signers in the header.', {
      signatureSlots: tx.signatureCount,
      requiredSignatures: required,
    });
  }
  if (required === 0) throw malformed('The message requires no signature, so it has no fee payer.');
  if (numReadonlySignedAccounts >= required) throw malformed('The fee payer would be read-only.');
  if (required + numReadonlyUnsignedAccounts > tx.staticAccountCount) {
    throw malformed('The header counts more accounts than the message lists.', {
      staticAccounts: tx.staticAccountCount,
    });
  }
  const twice = firstListedTwice(tx.bytes, tx.staticAccountsOffset, tx.staticAccountCount);
  if (twice !== undefined) throw malformed('An account is listed twice in the static accounts.', { index: twice[0], firstIndex: twice[1] });
  let loaded = 0;
  for (const lookup of tx.addressTableLookups) loaded += lookup.writableCount + lookup.readonlyCount;
  const accountCount = tx.staticAccountCount + loaded;
  if (accountCount > MAX_ACCOUNTS) throw malformed('The message references more than 256 accounts.', { accountCount });
  const { bytes, instructions } = tx;
  for (let index = 0; index < instructions.length; index++) {
    const instruction = instructions[index] as ParsedInstruction;
    if (instruction.programIndex === 0 || instruction.programIndex >= tx.staticAccountCount) {
      throw malformed('An instruction names a program outside the static accounts (or the fee payer).', {
        instruction: index,
        programIndex: instruction.programIndex,
      });
    }
    const end = instruction.accountsOffset + instruction.accountCount;
    for (let at = instruction.accountsOffset; at < end; at++) {
      const accountIndex = bytes[at] as number;
      if (accountIndex >= accountCount) {
        throw malformed('An instruction references an account that does not exist.', { instruction: index, accountIndex });
      }
    }
  }
}

/** Parses and sanity-checks a legacy or v0 transaction. Throws `TransactionFormatError`. */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  if (!isUint8Array(bytes)) {
    throw new TransactionFormatError('INVALID_ENCODING', 'The transaction is not a Uint8Array.');
  }
  if (bytes.length === 0) throw malformed('The transaction is empty.');
  const first = bytes[0] as number;
  if (first & 0x80) {
    // A signature count of 128 or more cannot fit a transaction; this is the versioned
    // "message first" layout, which begins with the version byte.
    const version = first & 0x7f;
    if (version === 0) throw malformed('A version 0 message must follow its signatures.');
    throw new TransactionFormatError('UNSUPPORTED_VERSION', `Transaction version ${version} is not supported (legacy and 0 are).`, {
      version,
    });
  }
  const [signatureCount, signaturesOffset] = compactU16(bytes, 0, 'the signature list');
  const messageOffset = take(bytes, signaturesOffset, signatureCount * SIGNATURE_LENGTH, 'the signatures');
  const [version, headerOffset] = readVersion(bytes, messageOffset);
  const staticCountOffset = take(bytes, headerOffset, 3, 'the message header');
  const [staticAccountCount, staticAccountsOffset] = compactU16(bytes, staticCountOffset, 'the account list');
  const blockhashOffset = take(bytes, staticAccountsOffset, staticAccountCount * ADDRESS_LENGTH, 'the accounts');
  const instructionsOffset = take(bytes, blockhashOffset, ADDRESS_LENGTH, 'the blockhash');
  const [instructions, afterInstructions] = readInstructions(bytes, instructionsOffset);
  const [addressTableLookups, end] = version === 0 ? readLookups(bytes, afterInstructions) : [[] as ParsedLookup[], afterInstructions];
  if (end !== bytes.length) {
    throw new TransactionFormatError('TRAILING_BYTES', 'The transaction has bytes after the end of its message.', {
      trailingBytes: bytes.length - end,
    });
  }
  const parsed: ParsedTransaction = {
    bytes,
    signatureCount,
    signaturesOffset,
    messageOffset,
    version,
    numRequiredSignatures: bytes[headerOffset] as number,
    numReadonlySignedAccounts: bytes[headerOffset + 1] as number,
    numReadonlyUnsignedAccounts: bytes[headerOffset + 2] as number,
    staticAccountsOffset,
    staticAccountCount,
    blockhashOffset,
    instructions,
    addressTableLookups,
  };
  checkStructure(parsed);
  return parsed;
}

/** The signed message: every byte after the signatures, exactly as received. */
export function messageBytes(tx: ParsedTransaction): Uint8Array {
  return tx.bytes.subarray(tx.messageOffset);
}

/** The instruction's account indexes (a view of the transaction bytes). */
export function instructionAccounts(tx: ParsedTransaction, instruction: ParsedInstruction): Uint8Array {
  return tx.bytes.subarray(instruction.accountsOffset, instruction.accountsOffset + instruction.accountCount);
}

/** The instruction's data (a view of the transaction bytes). */
export function instructionData(tx: ParsedTransaction, instruction: ParsedInstruction): Uint8Array {
  return tx.bytes.subarray(instruction.dataOffset, instruction.dataOffset + instruction.dataLength);
}

/** The lookup's writable or readonly indexes into its table (a view of the transaction bytes). */
export function lookupIndexes(tx: ParsedTransaction, lookup: ParsedLookup, which: 'writable' | 'readonly'): Uint8Array {
  const [offset, count] =
    which === 'writable' ? [lookup.writableOffset, lookup.writableCount] : [lookup.readonlyOffset, lookup.readonlyCount];
  return tx.bytes.subarray(offset, offset + count);
}

export function staticAccountBytes(tx: ParsedTransaction, index: number): Uint8Array {
  const start = tx.staticAccountsOffset + index * ADDRESS_LENGTH;
  return tx.bytes.subarray(start, start + ADDRESS_LENGTH);
}

export function signatureSlot(tx: ParsedTransaction, index: number): Uint8Array {
  const start = tx.signaturesOffset + index * SIGNATURE_LENGTH;
  return tx.bytes.subarray(start, start + SIGNATURE_LENGTH);
}

export function blockhashBytes(tx: ParsedTransaction): Uint8Array {
  return tx.bytes.subarray(tx.blockhashOffset, tx.blockhashOffset + ADDRESS_LENGTH);
}

/** Whether the required signer at `index` is writable (header: writable signers come first). */
export function isSignerWritable(tx: ParsedTransaction, index: number): boolean {
  return index < tx.numRequiredSignatures - tx.numReadonlySignedAccounts;
}

/** Offset of the static account at `index` in the transaction bytes. */
export function staticAccountOffset(tx: ParsedTransaction, index: number): number {
  return tx.staticAccountsOffset + index * ADDRESS_LENGTH;
}

/** Index of `address` among the required signers, or -1. */
export function findSignerIndex(tx: ParsedTransaction, address: Uint8Array): number {
  if (address.length !== ADDRESS_LENGTH) return -1;
  for (let index = 0; index < tx.numRequiredSignatures; index++) {
    if (equalAt(tx.bytes, staticAccountOffset(tx, index), address, 0, ADDRESS_LENGTH)) return index;
  }
  return -1;
}

/** Whether the signature slot at `index` is empty (all zero). */
export function isSignatureSlotEmpty(tx: ParsedTransaction, index: number): boolean {
  return isAllZeroAt(tx.bytes, tx.signaturesOffset + index * SIGNATURE_LENGTH, SIGNATURE_LENGTH);
}

/** Whether every byte of `bytes` is zero. */
export function isAllZero(bytes: Uint8Array): boolean {
  return isAllZeroAt(bytes, 0, bytes.length);
}
