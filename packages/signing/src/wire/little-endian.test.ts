import { describe, expect, it } from 'vitest';
import { readU32, readU64 } from './little-endian.js';

describe('little-endian reads of instruction data', () => {
  const data = Uint8Array.of(9, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x80, 7);

  it('read u32 and u64 unsigned, high bits included', () => {
    expect(readU32(data, 1, 8, 0)).toBe(0xffff_ffff);
    expect(readU32(data, 0, 10, 5)).toBe(0x8000_0000);
    expect(readU64(data, 1, 8, 0)).toBe(0x8000_0000_ffff_ffffn);
    expect(readU64(Uint8Array.of(1, 2, 0, 0, 0, 0, 0, 0), 0, 8, 0)).toBe(513n);
  });

  it('give undefined past the end of the data, even when the bytes go on', () => {
    expect(readU32(data, 1, 3, 0)).toBeUndefined();
    expect(readU64(data, 1, 8, 1)).toBeUndefined();
  });
});
