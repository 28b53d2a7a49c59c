/**
 * Base64 (./wire/base64.ts), base58 and UTF-8 helpers (base58 from @x/chain), with strict input
 * checks and errors that never echo their input (the same helpers read secret keys).
 */
import type { Address } from '@solana/addresses';
import { decodeAddress, decodeBase58, encodeBase58 as bytesToBase58 } from '@x/chain';
import { SigningError, TransactionFormatError } from './errors.js';
import { decodeBase64 } from './wire/base64.js';
import { equalAt, word } from './wire/bytes.js';

export { encodeBase64 } from './wire/base64.js';

/** Whether `value` is a Uint8Array (a Buffer, or one of another realm, too): what a caller without the types passes is checked. */
export function isUint8Array(value: unknown): value is Uint8Array {
  return Object.prototype.toString.call(value) === '[object Uint8Array]';
}

/** Decodes canonical, padded base64 (the wire format of the API's transactions) into new bytes. */
export function decodeBase64Transaction(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length === 0) {
    throw new TransactionFormatError('INVALID_ENCODING', 'The transaction is empty or not a string.');
  }
  const bytes = decodeBase64(text);
  if (bytes === undefined) {
    throw new TransactionFormatError(
      'INVALID_ENCODING',
      'The transaction is not valid base64 (standard alphabet, padded, canonical, no whitespace).',
      { length: text.length },
    );
  }
  return bytes;
}

export function encodeBase58(bytes: Uint8Array): string {
  return bytesToBase58(bytes);
}

/**
 * Decodes non-empty base58. Returns `undefined` on invalid input instead of throwing, so callers
 * that read secrets can report the failure without the text.
 */
export function tryDecodeBase58(text: string): Uint8Array | undefined {
  return text === '' ? undefined : decodeBase58(text);
}

// Base58 decoding costs tens of microseconds, more than the rest of a signature check; the same
// few addresses (the wallet, the expected payers) come back on every call, so they are cached.
const ADDRESS_CACHE_LIMIT = 256;
const addressCache = new Map<string, Uint8Array>();

/**
 * The 32 bytes of a base58 address; throws `INVALID_ARGUMENT` naming `what` when it is not one.
 * The result is shared from a cache: read it, never modify it.
 */
export function addressBytes(value: string, what: string): Uint8Array {
  const cached = addressCache.get(value);
  if (cached !== undefined) return cached;
  const bytes = decodeAddress(value);
  if (bytes === undefined) throw new SigningError('INVALID_ARGUMENT', `${what} is not a base58 address.`, { [what]: String(value) });
  if (addressCache.size >= ADDRESS_CACHE_LIMIT) addressCache.clear();
  addressCache.set(value, bytes);
  return bytes;
}

// Base58 encoding costs microseconds per address; the same addresses (programs, the wallet, its
// counterparties) come back across transactions, so their text is cached, keyed by a hash of the
// bytes (the bytes are compared on a hit; a colliding entry is simply replaced).
const textCache = new Map<number, { readonly bytes: Uint8Array; readonly text: Address }>();

/**
 * A hash of the 32-byte address at `at` from three of its words (addresses are hashes or keys, so
 * any of their bytes are spread evenly; the last word tells apart program ids that share a vanity prefix).
 */
function hashAddress(bytes: Uint8Array, at: number): number {
  return (Math.imul(word(bytes, at) ^ Math.imul(word(bytes, at + 12), 0x9e3779b1), 0x85ebca6b) ^ word(bytes, at + 28)) & 0x3fffffff;
}

/**
 * The base58 text of the 32-byte address at `offset` of `bytes` (no view is made unless the text
 * has to be computed). The caller checks that the 32 bytes are there.
 */
export function addressTextAt(bytes: Uint8Array, offset: number): Address {
  const hash = hashAddress(bytes, offset);
  const cached = textCache.get(hash);
  if (cached !== undefined && equalAt(cached.bytes, 0, bytes, offset, 32)) return cached.text;
  const copy = bytes.slice(offset, offset + 32);
  const text = bytesToBase58(copy) as Address;
  if (textCache.size >= ADDRESS_CACHE_LIMIT * 4) textCache.clear();
  textCache.set(hash, { bytes: copy, text });
  return text;
}

/** The base58 text of a 32-byte address. */
export function bytesToAddressString(bytes: Uint8Array): Address {
  return bytes.length === 32 ? addressTextAt(bytes, 0) : (bytesToBase58(bytes) as Address);
}

const utf8 = /* @__PURE__ */ new TextEncoder();

export function encodeUtf8(text: string): Uint8Array {
  return utf8.encode(text);
}
