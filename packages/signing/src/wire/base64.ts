/**
 * Strict base64 (standard alphabet, padded, canonical) in one pass, without regular expressions
 * or intermediate strings: the wire format of the API's transactions. Plain JavaScript, so it
 * behaves the same in Node and browsers.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='
/** Value of each character code below 256; 0xff for a character outside the alphabet. */
const VALUES = new Uint8Array(256).fill(0xff);
for (let index = 0; index < ALPHABET.length; index++) VALUES[ALPHABET.charCodeAt(index)] = index;
const INVALID = 0xff;

/** The value of the character at `index`, or 0xff when it is outside the alphabet. */
function value(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 256 ? (VALUES[code] as number) : INVALID;
}

/**
 * Decodes canonical padded base64 into new bytes; `undefined` when `text` is not that (a character
 * outside the alphabet, a length that is not a multiple of 4, misplaced padding, or padding bits
 * that are not zero, which would let two texts stand for the same bytes).
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const length = text.length;
  if (length === 0 || length % 4 !== 0) return undefined;
  const pad = text.charCodeAt(length - 1) === PAD ? (text.charCodeAt(length - 2) === PAD ? 2 : 1) : 0;
  const out = new Uint8Array((length / 4) * 3 - pad);
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

/** Encodes bytes as padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
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
