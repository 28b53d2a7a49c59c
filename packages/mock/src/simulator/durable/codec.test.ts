import { describe, expect, it } from 'vitest';
import { CorruptValueError, decodeKey, decodeValue, encodeKey, encodeValue } from './codec.js';

describe('durable codec', () => {
  it('round-trips the simulator values: bigints, bytes, maps, nulls, nested', () => {
    const value = {
      amount: 18446744073709551615n,
      negative: -5n,
      bytes: new Uint8Array([0, 1, 254, 255]),
      balances: new Map<string, bigint | null>([
        ['mint-a', 10n],
        ['mint-b', null],
      ]),
      list: [{ at: 1, text: 'x' }],
      none: null,
    };
    expect(decodeValue(encodeValue(value))).toEqual(value);
    expect(decodeKey(encodeKey(42))).toBe(42);
    expect(decodeKey(encodeKey('wallet'))).toBe('wallet');
  });

  it('refuses what it did not write', () => {
    expect(() => decodeValue('{"$bigint":"12x"}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"$bytes":"***"}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"$map":[1,2]}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"truncated":')).toThrow(SyntaxError);
    expect(() => decodeKey('{"an":"object"}')).toThrow(CorruptValueError);
  });
});
