/**
 * Little-endian integers in instruction data, bounded by the data: what the value checks and the
 * priority-fee reading read (amounts, instruction tags, compute unit limit and price).
 */
import { word } from './bytes.js';

/** The little-endian u32 at `offset` of the `length` data bytes starting at `start`; undefined past their end. */
export function readU32(bytes: Uint8Array, start: number, length: number, offset: number): number | undefined {
  if (length < offset + 4) return undefined;
  return word(bytes, start + offset) >>> 0;
}

/** The little-endian u64 at `offset` of the data (as `readU32`). */
export function readU64(bytes: Uint8Array, start: number, length: number, offset: number): bigint | undefined {
  if (length < offset + 8) return undefined;
  const low = readU32(bytes, start, length, offset) as number;
  const high = readU32(bytes, start, length, offset + 4) as number;
  // Below 2^53 the number is exact: one conversion instead of three.
  return high < 0x200000 ? BigInt(high * 0x100000000 + low) : (BigInt(high) << 32n) | BigInt(low);
}
