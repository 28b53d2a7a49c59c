/**
 * Byte comparisons the parser, the checks and the address text cache share (one copy each: the
 * signing worker's bundle carries them once).
 */

/** Whether the `length` bytes of `a` at `aAt` equal those of `b` at `bAt`. */
export function equalAt(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number, length: number): boolean {
  for (let index = 0; index < length; index++) if (a[aAt + index] !== b[bAt + index]) return false;
  return true;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && equalAt(a, 0, b, 0, a.length);
}

export function isAllZeroAt(bytes: Uint8Array, offset: number, length: number): boolean {
  const end = offset + length;
  for (let i = offset; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The little-endian 32-bit word at `at`, signed (`>>> 0` reads it unsigned). */
export const word = (bytes: Uint8Array, at: number): number =>
  (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24);
