/**
 * Reads a 64-byte secret key (32-byte seed, then the 32-byte public key) from the forms wallets and
 * CLIs store it in: raw bytes, the JSON-array keyfile text (or the parsed array), or base58 text.
 *
 * Always returns a fresh copy that the caller zeroes after use. Errors never quote the input.
 */
import { SignerError } from '../errors.js';
import { tryDecodeBase58 } from '../encoding.js';

export const SECRET_KEY_LENGTH = 64;

/** A secret key as bytes, as a keyfile's JSON text or array of numbers, or as base58 text. */
export type SecretKeyInput = Uint8Array | readonly number[] | string;

function invalid(message: string, details: Record<string, string | number> = {}): SignerError {
  return new SignerError('INVALID_SECRET_KEY', message, details);
}

function fromNumbers(values: readonly unknown[]): Uint8Array {
  if (values.length !== SECRET_KEY_LENGTH) {
    throw invalid('A secret-key array must hold 64 numbers.', { length: values.length });
  }
  const bytes = new Uint8Array(SECRET_KEY_LENGTH);
  for (let index = 0; index < SECRET_KEY_LENGTH; index++) {
    const value = values[index];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) {
      bytes.fill(0);
      throw invalid('A secret-key array must hold integers from 0 to 255.', { index });
    }
    bytes[index] = value;
  }
  return bytes;
}

function fromJsonText(text: string): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's own message quotes the text, so it is dropped.
    throw invalid('The secret-key text starts like a JSON array but is not valid JSON.');
  }
  if (!Array.isArray(parsed)) throw invalid('The secret-key JSON is not an array.');
  return fromNumbers(parsed);
}

function fromBase58Text(text: string): Uint8Array {
  const bytes = tryDecodeBase58(text);
  if (bytes === undefined) throw invalid('The secret-key text is neither a JSON array nor base58.');
  if (bytes.length !== SECRET_KEY_LENGTH) {
    bytes.fill(0);
    throw invalid('A base58 secret key must decode to 64 bytes.', { length: bytes.length });
  }
  return bytes;
}

export function readSecretKey(input: SecretKeyInput): Uint8Array {
  if (input instanceof Uint8Array) {
    if (input.length !== SECRET_KEY_LENGTH) {
      throw invalid('A secret key must be 64 bytes: the 32-byte seed, then the 32-byte public key.', {
        length: input.length,
      });
    }
    return input.slice();
  }
  if (Array.isArray(input)) return fromNumbers(input);
  if (typeof input === 'string') {
    const text = input.trim();
    return text.startsWith('[') ? fromJsonText(text) : fromBase58Text(text);
  }
  throw invalid('A secret key must be a Uint8Array, an array of numbers or a string.');
}
