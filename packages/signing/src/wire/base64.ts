/**
 * Strict base64 (standard alphabet, padded, canonical): the wire format of the API's transactions.
 *
 * The runtime's native codec is used when there is one: the standard `Uint8Array.fromBase64` /
 * `toBase64` (recent browsers), else Node's `Buffer` (Node, Bun). Both are forgiving (whitespace,
 * other alphabets, missing padding), so their result is accepted only when it proves the text
 * canonical. Without either, the portable code below (plain JavaScript, one pass) does the work.
 * Every path accepts exactly the same texts and gives the same bytes.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='
/** Value of each character code below 256; 0xff for a character outside the alphabet. */
const VALUES = new Uint8Array(256).fill(0xff);
for (let index = 0; index < ALPHABET.length; index++) VALUES[ALPHABET.charCodeAt(index)] = index;
const INVALID = 0xff;

/** The standard codec of ES2026 typed arrays (not in every runtime yet). */
type StandardFromBase64 = (text: string, options: { readonly lastChunkHandling: 'strict' }) => Uint8Array;
type StandardToBase64 = (this: Uint8Array) => string;
/** The part of Node's `Buffer` used here (looked up at run time: this package does not depend on Node). */
interface NodeBufferCodec {
  from(text: string, encoding: 'base64'): NodeBufferBytes;
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): NodeBufferBytes;
}
interface NodeBufferBytes extends Uint8Array {
  toString(encoding?: 'base64'): string;
}

const standardFromBase64 = (Uint8Array as unknown as { fromBase64?: StandardFromBase64 }).fromBase64;
const standardToBase64 = (Uint8Array.prototype as unknown as { toBase64?: StandardToBase64 }).toBase64;
const nodeBuffer = (globalThis as { Buffer?: NodeBufferCodec }).Buffer;
const hasNodeBuffer = typeof nodeBuffer?.from === 'function';

/** Which codec this runtime uses (for tests and diagnostics). */
export const BASE64_CODEC: 'standard' | 'node-buffer' | 'portable' =
  typeof standardFromBase64 === 'function' && typeof standardToBase64 === 'function'
    ? 'standard'
    : hasNodeBuffer
      ? 'node-buffer'
      : 'portable';

/** The byte length of canonical padded base64 `text`, or -1 when its length or padding rules that out. */
function decodedLength(text: string): number {
  const length = text.length;
  if (length === 0 || length % 4 !== 0) return -1;
  const pad = text.charCodeAt(length - 1) === PAD ? (text.charCodeAt(length - 2) === PAD ? 2 : 1) : 0;
  return (length / 4) * 3 - pad;
}

/** The value of the character at `index`, or 0xff when it is outside the alphabet. */
function value(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 256 ? (VALUES[code] as number) : INVALID;
}

/** `decodeBase64` in plain JavaScript (any runtime). */
export function decodeBase64Portable(text: string): Uint8Array | undefined {
  const size = decodedLength(text);
  if (size < 0) return undefined;
  const length = text.length;
  const pad = (length / 4) * 3 - size;
  const out = new Uint8Array(size);
  const full = pad === 0 ? length : length - 4;
  let o = 0;
  for (let i = 0; i < full; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) > 0xff) return undefined;
    const a = VALUES[c0] as number;
    const b = VALUES[c1] as number;
    const c = VALUES[c2] as number;
    const d = VALUES[c3] as number;
    if ((a | b | c | d) > 63) return undefined;
    const bits = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = bits >> 16;
    out[o++] = (bits >> 8) & 0xff;
    out[o++] = bits & 0xff;
  }
  if (pad > 0) {
    const a = value(text, full);
    const b = value(text, full + 1);
    const c = pad === 1 ? value(text, full + 2) : 0;
    if ((a | b | c) > 63) return undefined;
    if (pad === 2 ? (b & 0x0f) !== 0 : (c & 0x03) !== 0) return undefined;
    const bits = (a << 18) | (b << 12) | (c << 6);
    out[o++] = bits >> 16;
    if (pad === 1) out[o++] = (bits >> 8) & 0xff;
  }
  return out;
}

/**
 * `Uint8Array.fromBase64` in strict mode refuses other alphabets, missing padding and non-zero
 * padding bits but skips ASCII whitespace; whitespace in a text of a length that is a multiple of
 * 4 always yields at least 3 bytes fewer than the length implies, so the length check refuses it.
 */
function decodeStandard(fromBase64: StandardFromBase64, text: string): Uint8Array | undefined {
  const size = decodedLength(text);
  if (size < 0) return undefined;
  let out: Uint8Array;
  try {
    out = fromBase64(text, { lastChunkHandling: 'strict' });
  } catch {
    return undefined;
  }
  return out.length === size ? out : undefined;
}

/**
 * Node's decoder skips anything outside the alphabet; the text is accepted only when encoding the
 * bytes gives it back exactly (which is what canonical means). The bytes are returned as a plain
 * `Uint8Array` over the `Buffer`'s memory (a transaction is public data; no secret goes through here).
 */
function decodeNodeBuffer(codec: NodeBufferCodec, text: string): Uint8Array | undefined {
  const size = decodedLength(text);
  if (size < 0) return undefined;
  const buffer = codec.from(text, 'base64');
  if (buffer.length !== size || buffer.toString('base64') !== text) return undefined;
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

/**
 * Decodes canonical padded base64 into bytes of the caller's own (no other holder); `undefined`
 * when `text` is not that (a character outside the alphabet, a length that is not a multiple of 4,
 * misplaced padding, whitespace, or padding bits that are not zero, which would let two texts stand
 * for the same bytes).
 */
export const decodeBase64: (text: string) => Uint8Array | undefined =
  BASE64_CODEC === 'standard'
    ? (text) => decodeStandard(standardFromBase64!, text)
    : BASE64_CODEC === 'node-buffer'
      ? (text) => decodeNodeBuffer(nodeBuffer!, text)
      : decodeBase64Portable;

/** `encodeBase64` in plain JavaScript (any runtime). */
export function encodeBase64Portable(bytes: Uint8Array): string {
  let text = '';
  const length = bytes.length;
  const full = length - (length % 3);
  for (let i = 0; i < full; i += 3) {
    const bits = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    text += ALPHABET[bits >> 18]! + ALPHABET[(bits >> 12) & 63]! + ALPHABET[(bits >> 6) & 63]! + ALPHABET[bits & 63]!;
  }
  if (full < length) {
    const two = length - full === 2;
    const bits = ((bytes[full] as number) << 16) | (two ? (bytes[full + 1] as number) << 8 : 0);
    text += `${ALPHABET[bits >> 18]!}${ALPHABET[(bits >> 12) & 63]!}${two ? ALPHABET[(bits >> 6) & 63]! : '='}=`;
  }
  return text;
}

/** Encodes bytes as padded base64. */
export const encodeBase64: (bytes: Uint8Array) => string =
  BASE64_CODEC === 'standard'
    ? (bytes) => standardToBase64!.call(bytes)
    : BASE64_CODEC === 'node-buffer'
      ? (bytes) => nodeBuffer!.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')
      : encodeBase64Portable;

/**
 * The base64 text of `bytes`, given `text`, the base64 of the same bytes before `[start, end)`
 * changed: only the characters covering that range are encoded again, the rest is reused.
 */
export function replaceBase64Range(text: string, bytes: Uint8Array, start: number, end: number): string {
  const from = start - (start % 3);
  const to = Math.min(bytes.length, end + ((3 - (end % 3)) % 3));
  const textEnd = to === bytes.length ? text.length : (to / 3) * 4;
  return text.slice(0, (from / 3) * 4) + encodeBase64(bytes.subarray(from, to)) + text.slice(textEnd);
}
