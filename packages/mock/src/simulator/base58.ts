// Base58 (the Bitcoin alphabet) on bytes, without BigInt: the simulator converts addresses and
// signatures on every trigger and swap call, and the generic BigInt codec was a visible cost there.
// Both directions work in large limbs, exact in float64 arithmetic (every intermediate stays below
// 2^53): encoding keeps base-58^5 limbs and takes two bytes a step, decoding keeps base-2^24 limbs
// and takes four characters a step. That is about a tenth of the inner steps of one digit (or one
// byte) at a time.
// @x/chain has the other codec, one digit at a time: it ships in @x/signing's browser and worker
// bundles, where bytes count more than microseconds. Both are tested against @solana/kit's.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** 58^5: an encoding limb holds five base-58 digits (limb * 65536 + carry < 2^53). */
const LIMB58 = 58 ** 5;
/** 2^24: a decoding limb holds three bytes (limb * 58^4 + carry < 2^53). */
const LIMB256 = 2 ** 24;
const POW58 = [1, 58, 58 ** 2, 58 ** 3, 58 ** 4];

/** Multiplies the little-endian limbs (`used` of them, base `base`) by `factor` and adds `carry`; returns the new count. */
function multiplyAdd(limbs: Float64Array, used: number, factor: number, carry: number, base: number): number {
  // Division by `base` in floating point, then the remainder by subtraction (a floating-point `%`
  // is a library call): exact, since every value is an integer below 2^53 and its quotient's
  // distance to the next integer (at least 1 / base) is far above the doubles' spacing there.
  let j = 0;
  for (; j < used; j++) {
    const value = limbs[j]! * factor + carry;
    carry = Math.floor(value / base);
    limbs[j] = value - carry * base;
  }
  while (carry > 0) {
    const quotient = Math.floor(carry / base);
    limbs[j++] = carry - quotient * base;
    carry = quotient;
  }
  return j;
}

/** Base58 text of `bytes` (each leading zero byte is a leading '1'). */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // log(256) / log(58) ≈ 1.366 digits a byte, five digits a limb.
  const limbs = new Float64Array(Math.ceil(((bytes.length - zeros) * 1.366) / 5) + 1);
  let used = 0;
  let i = zeros;
  if ((bytes.length - zeros) & 1) used = multiplyAdd(limbs, used, 256, bytes[i++]!, LIMB58);
  for (; i < bytes.length; i += 2) used = multiplyAdd(limbs, used, 65_536, bytes[i]! * 256 + bytes[i + 1]!, LIMB58);
  // Digits, least significant first: five for every limb but the most significant, which gives
  // only its own (no leading zero digits). A limb is below 58^5 < 2^31: integer arithmetic.
  const digits = new Uint8Array(used * 5);
  let count = 0;
  for (let j = 0; j < used - 1; j++) {
    let limb = limbs[j]! | 0;
    for (let k = 0; k < 5; k++) {
      digits[count++] = limb % 58;
      limb = (limb / 58) | 0;
    }
  }
  for (let top = used > 0 ? limbs[used - 1]! | 0 : 0; top > 0; top = (top / 58) | 0) digits[count++] = top % 58;
  let out = '1'.repeat(zeros);
  while (count > 0) out += ALPHABET[digits[--count]!];
  return out;
}

/** Bytes of base58 `text`; undefined when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  // log(58) / log(256) ≈ 0.733 bytes a character, three bytes a limb.
  const limbs = new Float64Array(Math.ceil(((text.length - zeros) * 0.733) / 3) + 1);
  let used = 0;
  const digits = text.length - zeros;
  // The first group takes what is left over from groups of four, so that every later one is four.
  let i = zeros;
  let group = digits % 4 || 4;
  while (i < text.length) {
    let value = 0;
    for (const end = i + group; i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT[code]! : -1;
      if (digit < 0) return undefined;
      value = value * 58 + digit;
    }
    used = multiplyAdd(limbs, used, POW58[group]!, value, LIMB256);
    group = 4;
  }
  // Three bytes a limb, most significant first, without the leading zero bytes of the top limb.
  let length = used * 3;
  const topLimb = used > 0 ? limbs[used - 1]! : 0;
  if (used > 0) length -= topLimb < 256 ? 2 : topLimb < 65_536 ? 1 : 0;
  const out = new Uint8Array(zeros + length);
  let at = out.length;
  for (let j = 0; j < used; j++) {
    const limb = limbs[j]!;
    out[--at] = limb & 0xff;
    if (at > zeros) out[--at] = (limb >>> 8) & 0xff;
    if (at > zeros) out[--at] = limb >>> 16;
  }
  return out;
}
