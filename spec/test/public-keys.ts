// Base58 public keys: a string that decodes from base58 to exactly 32 bytes.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bytes of a base58 string, or undefined when it is not base58. */
export function base58Decode(text: string): Uint8Array | undefined {
  let n = 0n;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return undefined;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Uint8Array.from([...new Array(zeros).fill(0), ...bytes]);
}

export const isPublicKey = (v: unknown): v is string =>
  typeof v === 'string' && v.length >= 32 && v.length <= 44 && base58Decode(v)?.length === 32;
