/**
 * `signMessage`: Ed25519 over the raw UTF-8 bytes of a text (for example a sign-in challenge),
 * signature returned in base58.
 */
import { addressBytes, encodeBase58, encodeUtf8, isUint8Array } from './encoding.js';
import { verifyEd25519 } from './ed25519.js';
import { SignerError, SigningError, TransactionRejectedError } from './errors.js';
import { isTrusted } from './signers/trusted.js';
import { toSigner, type SignerInput } from './signers/to-signer.js';
import { ADDRESS_LENGTH, findSignerIndex, parseTransaction, SIGNATURE_LENGTH } from './wire/parse-transaction.js';

/** Whether `needle` occurs in `haystack`. */
function includesBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0] as number;
  const last = haystack.length - needle.length;
  for (let at = haystack.indexOf(first); at >= 0 && at <= last; at = haystack.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return false;
}

/**
 * True when `message` is a valid legacy or v0 transaction message that `wallet` must sign: signing
 * such "text" would sign a transaction.
 */
function isTransactionMessageFor(message: Uint8Array, wallet: Uint8Array): boolean {
  const first = message[0];
  const required = first === 0x80 ? message[1] : first;
  if (required === undefined || required === 0 || required >= 0x80) return false;
  // Such a message lists at least `required` accounts (32 bytes each) after its 3-byte header and
  // their count, the wallet among them. Text too short for them (a sign-in challenge: its first
  // letter reads as dozens of signers) or without the wallet's bytes is not one: no parse, and no
  // error made only to be dropped.
  if (message.length < 4 + required * ADDRESS_LENGTH || !includesBytes(message, wallet)) return false;
  const wire = new Uint8Array(1 + required * SIGNATURE_LENGTH + message.length);
  wire[0] = required;
  wire.set(message, 1 + required * SIGNATURE_LENGTH);
  try {
    return findSignerIndex(parseTransaction(wire), wallet) >= 0;
  } catch {
    return false;
  }
}

/** Signs raw bytes; returns the 64-byte signature (verified unless the signer is a local key). */
export async function signMessageBytes(message: Uint8Array, signerInput: SignerInput): Promise<Uint8Array> {
  if (!isUint8Array(message)) {
    throw new SigningError('INVALID_ARGUMENT', 'The message must be text or a Uint8Array.');
  }
  const signer = toSigner(signerInput);
  if (typeof signer.signMessageBytes !== 'function') {
    throw new SignerError('SIGNER_UNSUPPORTED', 'This signer cannot sign messages.', { signer: signer.address });
  }
  const wallet = addressBytes(signer.address, 'signer');
  if (isTransactionMessageFor(message, wallet)) {
    throw new TransactionRejectedError(
      'MESSAGE_IS_A_TRANSACTION',
      'The message is a transaction message for this wallet; sign it with signTransaction instead.',
      { signer: signer.address },
    );
  }
  const signature = await signer.signMessageBytes(message.slice());
  if (isTrusted(signer) && signature.length === SIGNATURE_LENGTH) return signature;
  if (!(signature instanceof Uint8Array) || !(await verifyEd25519(wallet, signature, message))) {
    throw new SignerError('SIGNER_RETURNED_INVALID_SIGNATURE', 'The signer returned a signature that does not verify over the message.', {
      signer: signer.address,
    });
  }
  return signature;
}

/**
 * Signs `message` (text is encoded as UTF-8, exactly, with no prefix or normalisation; bytes are
 * signed as given) and returns the signature in base58.
 */
export async function signMessage(message: string | Uint8Array, signer: SignerInput): Promise<string> {
  const bytes = typeof message === 'string' ? encodeUtf8(message) : message;
  return encodeBase58(await signMessageBytes(bytes, signer));
}
