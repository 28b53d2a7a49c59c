/**
 * `signTransaction`: check, then sign the original message bytes, then fill only the wallet's slot.
 *
 * The message is never decoded-and-re-encoded: the signature covers the bytes received, and the
 * output is those same bytes with 64 of them (the wallet's slot) replaced. The base64 path parses
 * the bytes it decoded once, signs a view of them, writes the signature into them, and re-encodes
 * only the characters that cover the slot.
 */
import { checkBeforeSigning, type CheckOptions, type SignTransactionExpectations } from './checks.js';
import { addressBytes, decodeBase64Transaction } from './encoding.js';
import { verifyEd25519 } from './ed25519.js';
import { SignerError } from './errors.js';
import { trustedSign } from './signers/trusted.js';
import { toSigner, type SignerInput } from './signers/to-signer.js';
import type { Signer } from './signers/types.js';
import { replaceBase64Range } from './wire/base64.js';
import { SIGNATURE_LENGTH, messageBytes, parseTransaction, type ParsedTransaction } from './wire/parse-transaction.js';

export type { SignTransactionExpectations } from './checks.js';

/** Checks a signature an external signer returned: it must verify over the original message. */
async function verifiedSignature(signer: Signer, signature: unknown, message: Uint8Array): Promise<Uint8Array> {
  if (!(signature instanceof Uint8Array) || !(await verifyEd25519(addressBytes(signer.address, 'signer'), signature, message))) {
    throw new SignerError(
      'SIGNER_RETURNED_INVALID_SIGNATURE',
      'The signer returned a signature that does not verify over the original message (was the transaction changed?).',
      { signer: signer.address },
    );
  }
  return signature;
}

/**
 * Asks `signer` to sign the message of `tx`. This package's own signers sign a view of the bytes
 * with WebCrypto directly and their signature is used as is (no promise in between); every other
 * signer gets copies, so it cannot alter the bytes checked here, and its signature is verified.
 */
function obtainSignature(signer: Signer, tx: ParsedTransaction, signerIndex: number): Promise<Uint8Array | ArrayBuffer> {
  const message = messageBytes(tx);
  const sign = trustedSign(signer);
  if (sign !== undefined) return sign(message);
  if (typeof signer.signTransactionMessage !== 'function') {
    throw new SignerError('SIGNER_UNSUPPORTED', 'This signer cannot sign transactions.', { signer: signer.address });
  }
  const copy = { messageBytes: message.slice(), transactionBytes: tx.bytes.slice(), signerIndex };
  return Promise.resolve()
    .then(() => signer.signTransactionMessage!(copy))
    .then((signature) => verifiedSignature(signer, signature, message));
}

const asBytes = (signature: Uint8Array | ArrayBuffer): Uint8Array =>
  signature instanceof Uint8Array ? signature : new Uint8Array(signature);

/** Checks `bytes` and signs their message; resolves to the byte offset of the wallet's slot and the signature. */
async function checkAndSign(
  bytes: Uint8Array,
  signerInput: SignerInput,
  expectations: SignTransactionExpectations,
  options: CheckOptions,
): Promise<{ readonly slot: number; readonly signature: Uint8Array }> {
  const signer = toSigner(signerInput);
  const tx = parseTransaction(bytes);
  const checked = checkBeforeSigning(tx, signer.address, expectations, options);
  const signerIndex = typeof checked === 'number' ? checked : await checked;
  const signature = await obtainSignature(signer, tx, signerIndex);
  return { slot: tx.signaturesOffset + signerIndex * SIGNATURE_LENGTH, signature: asBytes(signature) };
}

/** Package-internal: sign already-decoded bytes with optional relaxed checks; returns new bytes. */
export async function signTransactionBytesWith(
  bytes: Uint8Array,
  signerInput: SignerInput,
  expectations: SignTransactionExpectations,
  options: CheckOptions,
): Promise<Uint8Array> {
  const { slot, signature } = await checkAndSign(bytes, signerInput, expectations, options);
  const signed = bytes.slice();
  signed.set(signature, slot);
  return signed;
}

/**
 * Checks and signs a wire transaction given as bytes; returns new bytes (the input is not modified).
 * See `signTransaction` for the checks.
 */
export async function signTransactionBytes(
  bytes: Uint8Array,
  signer: SignerInput,
  expectations: SignTransactionExpectations = {},
): Promise<Uint8Array> {
  return await signTransactionBytesWith(bytes, signer, expectations, {});
}

/**
 * Checks a base64 legacy or v0 transaction, signs its original message bytes with `signer`, and
 * returns it in base64 with only the signer's slot filled.
 *
 * Refuses (typed errors, nothing signed) when: the input is not canonical base64
 * (`INVALID_ENCODING`), is truncated or inconsistent (`MALFORMED_TRANSACTION`), has bytes after the
 * message (`TRAILING_BYTES`) or an unknown version (`UNSUPPORTED_VERSION`); the wallet is not a
 * required signer (`NOT_A_SIGNER`); the fee payer is neither the wallet nor `expectations.feePayer`
 * (`UNEXPECTED_FEE_PAYER`); the signature count or signer set differs from the expectations
 * (`SIGNATURE_COUNT_MISMATCH`, `UNEXPECTED_SIGNERS`); a program is outside `expectations.programs`
 * (`UNEXPECTED_PROGRAM`); the transaction is over 1,232 bytes (`TRANSACTION_TOO_LARGE`); the
 * blockhash is all zero (`ZERO_BLOCKHASH`); the first instruction advances a durable nonce and
 * `expectations.allowDurableNonce` is not set (`DURABLE_NONCE`); the wallet pays the fee and its
 * priority fee is above `expectations.maxPriorityFeeLamports` (`PRIORITY_FEE_TOO_HIGH`); with `expectations.expect`, the
 * wallet authorises a top-level System or token instruction outside that intent
 * (`UNEXPECTED_TRANSFER`, `UNEXPECTED_DELEGATION`, `UNEXPECTED_AUTHORITY_CHANGE`, `UNEXPECTED_BURN`,
 * `UNRECOGNIZED_INSTRUCTION`, `LOOKUP_TABLE_DESTINATION`) or an expected transfer is absent
 * (`MISSING_EXPECTED_TRANSFER`); a signature already present does not verify
 * (`INVALID_EXISTING_SIGNATURE`). What programs do through cross-program invocations is not
 * visible offline.
 */
export async function signTransaction(
  transaction: string,
  signerInput: SignerInput,
  expectations: SignTransactionExpectations = {},
): Promise<string> {
  // The decoded bytes are this call's own: the signature is written into them, not into a copy.
  // Inlined (no helper call in between) so that nothing but the signature itself is awaited.
  const bytes = decodeBase64Transaction(transaction);
  const signer = toSigner(signerInput);
  const tx = parseTransaction(bytes);
  const checked = checkBeforeSigning(tx, signer.address, expectations, {});
  const signerIndex = typeof checked === 'number' ? checked : await checked;
  const signature = await obtainSignature(signer, tx, signerIndex);
  const slot = tx.signaturesOffset + signerIndex * SIGNATURE_LENGTH;
  bytes.set(asBytes(signature), slot);
  return replaceBase64Range(transaction, bytes, slot, slot + SIGNATURE_LENGTH);
}
