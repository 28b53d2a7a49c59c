import { describe, expect, it } from 'vitest';
import { createDecimalText } from './decimal-text.ts';

describe('createDecimalText', () => {
  it('gives the text String gives, counting up and down across the thousands', () => {
    const up = createDecimalText();
    const down = createDecimalText();
    for (let n = 0; n <= 5_000; n++) {
      expect(up(n)).toBe(String(n));
      expect(down(1_000_000 - n)).toBe(String(1_000_000 - n));
    }
  });

  it('gives the text String gives for numbers far apart, in any order, and for every other number', () => {
    const text = createDecimalText();
    const values = [
      999,
      1_000,
      1_001,
      10_000,
      999_999,
      1_000_000,
      123_456_789,
      999_999_999,
      1_000_000_000,
      2 ** 32 - 1,
      2 ** 32,
      2 ** 53,
      7,
      1_000_007,
    ];
    const others = [-1, -0, 0.5, 1_000.25, -1_000, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21];
    for (const n of [...values, ...others, ...values.reverse()]) expect(text(n)).toBe(String(n));
  });
});
