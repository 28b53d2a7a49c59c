import { describe, expect, it } from 'vitest';
import { CorruptValueError, decodeKey, decodeValue, encodeKey, encodeValue, encodeWithReplacer } from './codec.js';

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

  it('writes exactly what JSON.stringify with the replacer writes, for any mix of the values it meets', () => {
    // A seeded stream of values: every JSON type, the tagged ones, and what JSON leaves out or turns to null.
    let seed = 12345;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const strings = ['', 'plain', 'quote " and \\ backslash', 'line\nbreak\ttab\u0001', 'unicode é 漢 😀', '\ud800 lone'];
    const numbers = [0, -0, 1, -1.5, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY];
    const make = (depth: number): unknown => {
      switch (next(depth > 3 ? 9 : 14)) {
        case 0:
          return strings[next(strings.length)];
        case 1:
          return numbers[next(numbers.length)];
        case 2:
          return next(2) === 0;
        case 3:
          return null;
        case 4:
          return undefined;
        case 5:
          return BigInt(next(1_000_000)) * (next(2) === 0 ? -1n : 18446744073709551615n);
        case 6:
          return new Uint8Array(Array.from({ length: next(40) }, () => next(256)));
        case 7:
          return new Date(Date.UTC(2026, 0, 1) + next(1_000_000));
        case 8:
          return () => 1;
        case 9: {
          const list: unknown[] = Array.from({ length: next(5) }, () => make(depth + 1));
          if (next(4) === 0) list[list.length + 1] = 1; // a hole
          return list;
        }
        case 10:
          return new Map(Array.from({ length: next(4) }, () => [strings[next(strings.length)], make(depth + 1)]));
        default:
          return Object.fromEntries(
            Array.from({ length: next(6) }, (_, i) => [
              next(3) === 0 ? String(next(20)) : `${strings[next(strings.length)]}${i}`,
              make(depth + 1),
            ]),
          );
      }
    };
    for (let i = 0; i < 3_000; i++) {
      const value = make(0);
      expect(encodeValue(value)).toBe(encodeWithReplacer(value) ?? 'null');
    }
  });

  it('refuses what it did not write', () => {
    expect(() => decodeValue('{"$bigint":"12x"}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"$bytes":"***"}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"$map":[1,2]}')).toThrow(CorruptValueError);
    expect(() => decodeValue('{"truncated":')).toThrow(SyntaxError);
    expect(() => decodeKey('{"an":"object"}')).toThrow(CorruptValueError);
  });
});
