// Fee rates in basis points, exact. The spec types `feeBps` as a number and a market may quote a
// fraction (2.5 bps), so a rate is read as the decimal it is written as (`units / 10^scale` bps,
// both integers) and every amount is computed in integers: no float, no `BigInt(2.5)` RangeError.
// A fee is rounded up, against the one who pays it (as on-chain programs charge fees): a fee of
// 30 864.2 units costs 30 865.

/** A rate of `units / 10^scale` basis points. */
interface ExactBps {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** `value` bps as the decimal its shortest text is (`String(2.5)` is `2.5`); a RangeError unless finite and not negative. */
function exact(value: number): ExactBps {
  const match = Number.isFinite(value) && value >= 0 ? DECIMAL.exec(String(value)) : null;
  if (!match) throw new RangeError(`a rate in basis points must be a finite number, not negative: ${value}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole! + fraction);
  return scale >= 0 ? { units: digits, scale } : { units: digits * 10n ** BigInt(-scale), scale: 0 };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `a + b` bps, exact (0.1 + 0.2 is 0.3), as the number the wire carries. */
export function addBps(a: number, b: number): number {
  const x = exact(a);
  const y = exact(b);
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * pow10(scale - x.scale) + y.units * pow10(scale - y.scale);
  return Number(scale === 0 ? `${units}` : `${units}e-${scale}`);
}

/** `rateBps * perBps / 10 000`, rounded up. */
function times(rateBps: number, perBps: bigint): bigint {
  const { units, scale } = exact(rateBps);
  const numerator = perBps * units;
  const denominator = 10_000n * pow10(scale);
  return (numerator + denominator - 1n) / denominator;
}

/** The fee of `rateBps` on `amount` (smallest units), rounded up against the payer. */
export const feeOf = (amount: bigint, rateBps: number): bigint => times(rateBps, amount);

/** `rateBps` counted in units of which one basis point holds `perBasisPoint` (10 micro-lamports a basis point: 2.55 is 26), rounded up. */
export const bpsIn = (rateBps: number, perBasisPoint: bigint): bigint => times(rateBps, perBasisPoint * 10_000n);
