/**
 * The checks run before a transaction is signed. Cheap structural checks first, signature
 * verification last; the first failure throws a `TransactionRejectedError`.
 */
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@x/chain';
import { addressBytes, bytesToAddressString } from './encoding.js';
import { verifyEd25519 } from './ed25519.js';
import { SigningError, TransactionRejectedError } from './errors.js';
import { checkValueIntent, listOf, toAmount, type ValueIntent } from './value/check-intent.js';
import { priorityFeeAllowance, readPriorityFee } from './value/priority-fee.js';
import { advancesDurableNonce, readValueMovements } from './value/decode-movements.js';
import {
  ADDRESS_LENGTH,
  bytesEqual,
  findSignerIndex,
  isAllZeroAt,
  isSignatureSlotEmpty,
  MAX_TRANSACTION_SIZE,
  messageBytes,
  signatureSlot,
  staticAccountBytes,
  type ParsedTransaction,
} from './wire/parse-transaction.js';

/** What the caller expects of the transaction. Everything is optional except what the wallet implies. */
export interface SignTransactionExpectations {
  /**
   * Who else may pay the fee, besides the wallet itself: for a swap order, its `signatureFeePayer`
   * (the service's gas wallet, the RFQ maker or the integrator's payer). `null` or absent: only the
   * wallet may pay.
   */
  readonly feePayer?: string | readonly string[] | null;
  /** The exact number of required signatures. */
  readonly requiredSignatures?: number;
  /** The exact set of required signers (any order). */
  readonly signers?: readonly string[];
  /** Programs the transaction may invoke; any other program is refused. */
  readonly programs?: readonly string[];
  /**
   * Accept a durable-nonce advance as first instruction. Refused by default: such a transaction
   * does not expire with its blockhash and can be landed by anyone holding it, at any later time.
   */
  readonly allowDurableNonce?: boolean;
  /**
   * The most priority fee (compute unit price times limit, in lamports) the wallet pays when it is
   * the fee payer: for a swap order, its `prioritizationFeeLamports`. A larger one is refused
   * (`PRIORITY_FEE_TOO_HIGH`), and so is a compute budget instruction that cannot be read
   * (`UNRECOGNIZED_INSTRUCTION`). Not checked when someone else pays the fee.
   */
  readonly maxPriorityFeeLamports?: bigint | string | number;
  /**
   * What the transaction may do with the wallet's value. When given, every top-level System or token
   * instruction the wallet authorises must be an expected transfer or go to an allowed destination,
   * and every expected transfer must be present. See `ValueIntent`.
   */
  readonly expect?: ValueIntent;
}

/** Package-internal relaxations used by the challenge signer. */
export interface CheckOptions {
  /** Accept an all-zero blockhash (a transaction that can never land, like a sign-in challenge). */
  readonly allowZeroBlockhash?: boolean;
}

function addressList(value: string | readonly string[] | null | undefined): readonly string[] {
  return typeof value === 'string' ? [value] : listOf(value ?? [], 'feePayer');
}

function signerAddresses(tx: ParsedTransaction): string[] {
  const addresses: string[] = [];
  for (let index = 0; index < tx.numRequiredSignatures; index++) {
    addresses.push(bytesToAddressString(staticAccountBytes(tx, index)));
  }
  return addresses;
}

function checkFeePayer(tx: ParsedTransaction, wallet: string, walletIndex: number, expected: readonly string[]): void {
  if (walletIndex === 0) return;
  const feePayer = staticAccountBytes(tx, 0);
  if (expected.some((payer) => bytesEqual(addressBytes(payer, 'feePayer'), feePayer))) return;
  throw new TransactionRejectedError('UNEXPECTED_FEE_PAYER', 'The fee payer is neither the wallet nor an expected payer.', {
    feePayer: bytesToAddressString(feePayer),
    wallet,
    expected: [...expected],
  });
}

function checkSignerSet(tx: ParsedTransaction, expectations: SignTransactionExpectations): void {
  const { requiredSignatures, signers } = expectations;
  if (requiredSignatures !== undefined && tx.numRequiredSignatures !== requiredSignatures) {
    throw new TransactionRejectedError(
      'SIGNATURE_COUNT_MISMATCH',
      'The transaction requires a different number of signatures than expected.',
      {
        expected: requiredSignatures,
        actual: tx.numRequiredSignatures,
      },
    );
  }
  if (signers !== undefined) {
    const actual = signerAddresses(tx);
    const wanted = new Set(listOf(signers, 'signers'));
    if (wanted.size !== actual.length || actual.some((address) => !wanted.has(address))) {
      throw new TransactionRejectedError('UNEXPECTED_SIGNERS', 'The required signers differ from the expected set.', {
        expected: [...signers],
        actual,
      });
    }
  }
}

function checkPrograms(tx: ParsedTransaction, programs: readonly string[] | undefined): void {
  if (programs === undefined) return;
  const allowed = listOf(programs, 'programs').map((program) => addressBytes(program, 'programs'));
  for (const instruction of tx.instructions) {
    const program = staticAccountBytes(tx, instruction.programIndex);
    if (!allowed.some((candidate) => bytesEqual(candidate, program))) {
      throw new TransactionRejectedError('UNEXPECTED_PROGRAM', 'The transaction invokes a program that is not allowed.', {
        program: bytesToAddressString(program),
        allowed: [...programs],
      });
    }
  }
}

/** Refuses a priority fee above `max` (when the wallet pays the fee), or one that cannot be read. */
function checkPriorityFee(tx: ParsedTransaction, walletIndex: number, max: SignTransactionExpectations['maxPriorityFeeLamports']): void {
  if (max === undefined) return;
  const bound = toAmount(max, 'maxPriorityFeeLamports');
  if (walletIndex !== 0) return;
  const fee = readPriorityFee(tx);
  if (!fee.readable) {
    throw new TransactionRejectedError(
      'UNRECOGNIZED_INSTRUCTION',
      'The transaction holds a compute budget instruction this package cannot read.',
      {
        instruction: fee.instruction,
        program: COMPUTE_BUDGET_PROGRAM_ADDRESS,
      },
    );
  }
  if (fee.priorityFeeLamports > priorityFeeAllowance(bound, fee.computeUnitLimit)) {
    throw new TransactionRejectedError(
      'PRIORITY_FEE_TOO_HIGH',
      'The transaction makes the wallet pay a larger priority fee than expected.',
      {
        priorityFeeLamports: fee.priorityFeeLamports.toString(),
        maxPriorityFeeLamports: bound.toString(),
        computeUnitPrice: fee.computeUnitPrice.toString(),
        computeUnitLimit: fee.computeUnitLimit,
      },
    );
  }
}

/** Verifies the signatures already in the transaction; `undefined` when there is none to verify. */
function checkExistingSignatures(tx: ParsedTransaction, walletIndex: number): Promise<unknown> | undefined {
  const pending: Promise<void>[] = [];
  for (let index = 0; index < tx.numRequiredSignatures; index++) {
    if (index === walletIndex || isSignatureSlotEmpty(tx, index)) continue;
    const message = messageBytes(tx);
    const signature = signatureSlot(tx, index);
    const signer = staticAccountBytes(tx, index);
    pending.push(
      verifyEd25519(signer, signature, message).then((valid) => {
        if (!valid) {
          throw new TransactionRejectedError('INVALID_EXISTING_SIGNATURE', 'A signature already in the transaction does not verify.', {
            signer: bytesToAddressString(signer),
            index,
          });
        }
      }),
    );
  }
  return pending.length === 0 ? undefined : Promise.all(pending);
}

/**
 * Runs every check; returns the index of the wallet's signature slot. Synchronous (no promise)
 * unless a signature already in the transaction has to be verified (WebCrypto is asynchronous).
 */
export function checkBeforeSigning(
  tx: ParsedTransaction,
  wallet: string,
  expectations: SignTransactionExpectations,
  options: CheckOptions = {},
): number | Promise<number> {
  if (typeof expectations !== 'object' || expectations === null) {
    throw new SigningError('INVALID_ARGUMENT', 'expectations must be an object.', {});
  }
  if (tx.bytes.length > MAX_TRANSACTION_SIZE) {
    throw new TransactionRejectedError(
      'TRANSACTION_TOO_LARGE',
      `The transaction is larger than ${MAX_TRANSACTION_SIZE} bytes and cannot be sent.`,
      {
        size: tx.bytes.length,
        limit: MAX_TRANSACTION_SIZE,
      },
    );
  }
  const walletIndex = findSignerIndex(tx, addressBytes(wallet, 'wallet'));
  if (walletIndex < 0) {
    throw new TransactionRejectedError('NOT_A_SIGNER', 'The wallet is not a required signer of this transaction.', {
      wallet,
      signers: signerAddresses(tx),
    });
  }
  checkFeePayer(tx, wallet, walletIndex, addressList(expectations.feePayer));
  checkSignerSet(tx, expectations);
  checkPrograms(tx, expectations.programs);
  checkPriorityFee(tx, walletIndex, expectations.maxPriorityFeeLamports);
  if (!options.allowZeroBlockhash && isAllZeroAt(tx.bytes, tx.blockhashOffset, ADDRESS_LENGTH)) {
    throw new TransactionRejectedError('ZERO_BLOCKHASH', 'The transaction has an all-zero blockhash.', {});
  }
  if (expectations.allowDurableNonce !== true && advancesDurableNonce(tx)) {
    throw new TransactionRejectedError(
      'DURABLE_NONCE',
      'The transaction advances a durable nonce first: it would not expire with its blockhash. Pass allowDurableNonce to accept it.',
      { nonceAccount: readValueMovements(tx).durableNonce?.nonceAccount.address ?? null },
    );
  }
  const intent = expectations.expect;
  if (intent !== undefined) checkValueIntent(readValueMovements(tx).movements, wallet, intent);
  const verifying = checkExistingSignatures(tx, walletIndex);
  return verifying === undefined ? walletIndex : verifying.then(() => walletIndex);
}
