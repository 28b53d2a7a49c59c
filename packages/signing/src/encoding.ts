/**
 * Base64, base58 and UTF-8 helpers on top of the @solana/kit codecs, with strict input checks and
 * errors that never echo their input (the same helpers read secret keys).
 */
import {
  getAddressDecoder,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  type Address,
} from '@solana/kit';
import { SigningError, TransactionFormatError } from './errors.js';

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]+$/;

const base64ToBytes = getBase64Encoder();
const bytesToBase64 = getBase64Decoder();
const base58ToBytes = getBase58Encoder();
const bytesToBase58 = getBase58Decoder();
const addressToBytes = getAddressEncoder();
const bytesToAddress = getAddressDecoder();

/** Decodes canonical, padded base64 (the wire format of the API's transactions). */
export function decodeBase64Transaction(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length === 0) {
    throw new TransactionFormatError('INVALID_ENCODING', 'The transaction is empty or not a string.');
  }
  if (!BASE64_PATTERN.test(text)) {
    throw new TransactionFormatError(
      'INVALID_ENCODING',
      'The transaction is not valid base64 (standard alphabet, padded, no whitespace).',
      { length: text.length },
    );
  }
  return base64ToBytes.encode(text) as Uint8Array;
}

export function encodeBase64(bytes: Uint8Array): string {
  return bytesToBase64.decode(bytes);
}

export function encodeBase58(bytes: Uint8Array): string {
  return bytesToBase58.decode(bytes);
}

/**
 * Decodes base58. Returns `undefined` on invalid input instead of throwing, so callers that read
 * secrets can report the failure without the text (kit's own error would quote the value).
 */
export function tryDecodeBase58(text: string): Uint8Array | undefined {
  if (!BASE58_PATTERN.test(text)) return undefined;
  try {
    return base58ToBytes.encode(text) as Uint8Array;
  } catch {
    return undefined;
  }
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
  let bytes: Uint8Array;
  try {
    bytes = addressToBytes.encode(value as Address) as Uint8Array;
  } catch {
    throw new SigningError('INVALID_ARGUMENT', `${what} is not a base58 address.`, { [what]: String(value) });
  }
  if (addressCache.size >= ADDRESS_CACHE_LIMIT) addressCache.clear();
  addressCache.set(value, bytes);
  return bytes;
}

export function bytesToAddressString(bytes: Uint8Array): Address {
  return bytesToAddress.decode(bytes);
}

const utf8 = new TextEncoder();

export function encodeUtf8(text: string): Uint8Array {
  return utf8.encode(text);
}
