/**
 * Exact decimal text arithmetic: no float ever touches an amount or a rate. The money pair (money.ts),
 * the rate conversions (convert.ts) and the rate feed build on it.
 */

/** An exact decimal: value = num / 10^scale, scale ≥ 0. */
export interface Decimal {
  num: bigint;
  scale: number;
}

// Plain or exponent notation, as String(number) and JSON produce it. No '+', spaces or hex.
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
// Bounds keep bigint work trivial; a double never needs more than ~330 digits either way.
const maxTextLength = 100;
const maxExponent = 400;

/** Parses decimal text exactly, or returns null. */
export function parseDecimal(text: string): Decimal | null {
  if (text.length > maxTextLength) return null;
  const m = decimalPattern.exec(text);
  if (!m) return null;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const exponent = Number(exp);
  if (Math.abs(exponent) > maxExponent) return null;
  let num = BigInt(int + frac);
  let scale = frac.length - exponent;
  if (scale < 0) {
    num *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { num: sign === '-' ? -num : num, scale };
}

/** Integer division rounding half away from zero (the usual commercial rounding). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const q = numerator / denominator;
  const r = numerator % denominator;
  const twiceR = 2n * (r < 0n ? -r : r);
  if (twiceR < denominator) return q;
  return numerator < 0n ? q - 1n : q + 1n;
}
