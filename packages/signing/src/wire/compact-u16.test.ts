import { getShortU16Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { readCompactU16 } from './compact-u16.js';

describe('readCompactU16', () => {
  it.each([0, 1, 127, 128, 255, 16383, 16384, 65535])('reads %i as kit encodes it', (value) => {
    const bytes = new Uint8Array([...getShortU16Encoder().encode(value), 0xff]);
    expect(readCompactU16(bytes, 0)).toEqual([value, bytes.length - 1]);
  });

  it.each([
    ['truncated', [0x80]],
    ['truncated twice', [0x80, 0x80]],
    ['non-canonical zero', [0x80, 0x00]],
    ['non-canonical 1', [0x81, 0x00]],
    ['non-canonical three bytes', [0x80, 0x80, 0x00]],
    ['more than 16 bits', [0xff, 0xff, 0x04]],
    ['continuation on the third byte', [0xff, 0xff, 0x83]],
    ['empty', []],
  ])('refuses %s', (_name, bytes) => {
    expect(readCompactU16(new Uint8Array(bytes), 0)).toBeUndefined();
  });
});
