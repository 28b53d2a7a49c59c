// Byte/text conversions used across the simulator (base58, base64, base64url, UTF-8).
import { getBase64Decoder, getBase64Encoder } from '@solana/kit';
import { decodeBase58, encodeBase58 } from './base58.js';

const b64ToBytes = getBase64Encoder();
const bytesToB64 = getBase64Decoder();
const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const toBase58 = (bytes: Uint8Array): string => encodeBase58(bytes);
export const toBase64 = (bytes: Uint8Array): string => bytesToB64.decode(bytes);
export const utf8Bytes = (text: string): Uint8Array => utf8.encode(text);
export const utf8Text = (bytes: Uint8Array): string => utf8Decoder.decode(bytes);

/** Bytes of a base58 string, or undefined when it is not base58. */
export function fromBase58(text: string): Uint8Array | undefined {
  if (!BASE58.test(text)) return undefined;
  return decodeBase58(text);
}

/** Bytes of a (padded) base64 string, or undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (text.length === 0 || !BASE64.test(text)) return undefined;
  try {
    return new Uint8Array(b64ToBytes.encode(text));
  } catch {
    return undefined;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  if (padded.length === 0) return new Uint8Array(0);
  return fromBase64(padded);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
