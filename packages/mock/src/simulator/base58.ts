// Base58 (the Bitcoin alphabet) on bytes, without BigInt: the simulator converts addresses and
// signatures on every trigger and swap call, and the generic BigInt codec was a visible cost there.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** Base58 text of `bytes` (each leading zero byte is a leading '1'). */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // log(256) / log(58) ≈ 1.366: digits needed, in base 58, least significant first.
  const digits = new Uint8Array(Math.ceil((bytes.length - zeros) * 1.366) + 1);
  let length = 0;
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    let j = 0;
    for (; j < length || carry !== 0; j++) {
      carry += (digits[j] ?? 0) * 256;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    length = j;
  }
  let out = '1'.repeat(zeros);
  for (let j = length - 1; j >= 0; j--) out += ALPHABET[digits[j]!];
  return out;
}

/** Bytes of base58 `text`; undefined when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  // log(58) / log(256) ≈ 0.733: bytes needed, least significant first.
  const bytes = new Uint8Array(Math.ceil((text.length - zeros) * 0.733) + 1);
  let length = 0;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? DIGIT[code]! : -1;
    if (value < 0) return undefined;
    let carry = value;
    let j = 0;
    for (; j < length || carry !== 0; j++) {
      carry += (bytes[j] ?? 0) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    length = j;
  }
  const out = new Uint8Array(zeros + length);
  for (let j = 0; j < length; j++) out[zeros + length - 1 - j] = bytes[j]!;
  return out;
}
