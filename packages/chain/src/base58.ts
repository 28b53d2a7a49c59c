/**
 * Base58 (the chain's alphabet), the text form of addresses and signatures, in plain JavaScript:
 * no dependency, and no error that quotes its input (the same codec reads secret keys).
 * Leading zero bytes are leading '1's; every byte string has exactly one text and back.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Value of each character code below 128; 0xff outside the alphabet. */
const VALUES = new Uint8Array(128).fill(0xff);
for (let index = 0; index < 58; index++) VALUES[ALPHABET.charCodeAt(index)] = index;

/** The base58 text of `bytes`. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Base-58 digits, least significant first; each byte multiplies them by 256 and adds itself.
  const digits = new Uint8Array(((bytes.length - zeros) * 138) / 100 + 1);
  let used = 0;
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number;
    for (let j = 0; j < used; j++) {
      carry += (digits[j] as number) << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits[used++] = carry % 58;
      carry = (carry / 58) | 0;
    }
  }
  let text = '1'.repeat(zeros);
  for (let j = used - 1; j >= 0; j--) text += ALPHABET[digits[j] as number];
  return text;
}

/** The bytes of base58 `text`, or `undefined` when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // Bytes, least significant first; each digit multiplies them by 58 and adds itself.
  const bytes = new Uint8Array(((text.length - zeros) * 733) / 1000 + 1);
  let used = 0;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let carry = code < 128 ? (VALUES[code] as number) : 0xff;
    if (carry === 0xff) return undefined;
    for (let j = 0; j < used; j++) {
      carry += (bytes[j] as number) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes[used++] = carry & 0xff;
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + used);
  for (let j = 0; j < used; j++) out[zeros + j] = bytes[used - 1 - j] as number;
  bytes.fill(0); // the scratch copy of what may be a secret key
  return out;
}

/**
 * The 32 bytes of a base58 address, or `undefined` when `text` is not one: 32 to 44 characters of
 * the alphabet that decode to exactly 32 bytes (what @solana/kit's `isAddress` accepts).
 */
export function decodeAddress(text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length < 32 || text.length > 44) return undefined;
  const bytes = decodeBase58(text);
  return bytes?.length === 32 ? bytes : undefined;
}
