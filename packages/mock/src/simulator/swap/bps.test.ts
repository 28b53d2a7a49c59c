import { describe, expect, it } from 'vitest';
import { addBps, bpsIn, feeOf } from './bps.js';

describe('fee rates in basis points', () => {
  it('charges a fractional rate exactly, rounding the fee up against the payer', () => {
    expect(feeOf(123_456_789n, 2.5)).toBe(30_865n); // 30 864.19725
    expect(feeOf(10_000n, 2.5)).toBe(3n); // 2.5
    expect(feeOf(40_000n, 2.5)).toBe(10n); // exact: no rounding
    expect(feeOf(1n, 0.0001)).toBe(1n); // any positive fee costs at least one unit
    expect(feeOf(0n, 52.5)).toBe(0n);
    expect(feeOf(0n, 0)).toBe(0n);
    expect(feeOf(1_000_000n, 0)).toBe(0n);
  });

  it('rounds an integer rate the same way', () => {
    expect(feeOf(20_000_000n, 10)).toBe(20_000n);
    expect(feeOf(19_999n, 10)).toBe(20n); // 19.999
    expect(feeOf(18_446_744_073_709_551_615n, 10_000)).toBe(18_446_744_073_709_551_615n);
  });

  it('reads a rate as the decimal it is written as, in every notation', () => {
    expect(feeOf(10n ** 11n, 1e-7)).toBe(1n); // 1e-7 bps of 1e11 is 0.001: rounded up
    expect(feeOf(10n ** 15n, 1.5e-7)).toBe(15_000n);
    expect(feeOf(1n, 1e21)).toBe(10n ** 17n);
    expect(feeOf(1_000_000n, 0.1 + 0.2)).toBe(31n); // 0.30000000000000004 bps is a hair above 0.3
  });

  it('counts a rate in smaller units, rounding up', () => {
    expect(bpsIn(2500, 10n)).toBe(25_000n);
    expect(bpsIn(2.5, 10n)).toBe(25n);
    expect(bpsIn(2.55, 10n)).toBe(26n);
    expect(bpsIn(0, 10n)).toBe(0n);
  });

  it('adds rates exactly', () => {
    expect(addBps(2.5, 50)).toBe(52.5);
    expect(addBps(0.1, 0.2)).toBe(0.3);
    expect(addBps(10, 5)).toBe(15);
    expect(addBps(1e-7, 1)).toBe(1.0000001);
    expect(addBps(1e21, 1)).toBe(1e21 + 1);
  });

  it('refuses a rate that is not a finite number at least 0', () => {
    for (const bad of [-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => feeOf(1n, bad)).toThrow(RangeError);
      expect(() => addBps(bad, 1)).toThrow(RangeError);
    }
  });
});
