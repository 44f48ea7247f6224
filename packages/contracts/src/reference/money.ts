/**
 * Exact conversion between major-unit amounts (what the API carries, api-contract §1.5) and integer
 * minor units (what we store and compute with). Everything goes through decimal text and bigint, never
 * through float multiplication, so 0.1 + 0.2 style errors cannot creep into balances.
 */

/**
 * Largest |minor| that toMinor accepts. Below 2^52 minor units, every amount with a power-of-ten
 * subunit survives minor → JSON number → minor unchanged. Between 2^52 and 2^53 a double's spacing
 * can exceed the minor step (e.g. above ~6.7e15 sats = 67M BTC), so two amounts would share one number.
 */
export const maxExactMinor = 2n ** 52n;

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER) + 1n; // 2^53: every integer up to here is an exact double

export type AmountErrorReason = 'format' | 'precision' | 'range';

/**
 * Thrown by toMinor. `format`: not a finite decimal; `precision`: more fractional digits than the
 * currency has (non-zero ones: '1.50' is fine for EUR, '1.005' is not); `range`: beyond maxExactMinor.
 */
export class AmountError extends Error {
  readonly reason: AmountErrorReason;
  readonly amount: string;
  readonly subunitToUnit: number;

  constructor(reason: AmountErrorReason, amount: string, subunitToUnit: number) {
    super(`Invalid amount ${JSON.stringify(amount)} for subunitToUnit ${subunitToUnit}: ${reason}`);
    this.name = 'AmountError';
    this.reason = reason;
    this.amount = amount;
    this.subunitToUnit = subunitToUnit;
  }
}

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

function assertSubunit(subunitToUnit: number): void {
  if (!Number.isSafeInteger(subunitToUnit) || subunitToUnit <= 0) {
    throw new RangeError(`subunitToUnit must be a positive safe integer, got ${subunitToUnit}`);
  }
}

/**
 * Major-unit amount → minor units, exactly. A number is read as the shortest decimal that identifies
 * it (what JSON.stringify prints), so 10.5 is 10.5 but 0.1 + 0.2 (0.30000000000000004) is refused for
 * EUR rather than silently rounded. Throws AmountError (never returns a rounded value).
 */
export function toMinor(amountMajor: number | string, subunitToUnit: number): bigint {
  assertSubunit(subunitToUnit);
  const text = typeof amountMajor === 'number' ? String(amountMajor) : amountMajor;
  if (typeof amountMajor === 'number' && !Number.isFinite(amountMajor)) {
    throw new AmountError('format', text, subunitToUnit);
  }
  const dec = parseDecimal(text);
  if (!dec) throw new AmountError('format', text, subunitToUnit);
  const scaled = dec.num * BigInt(subunitToUnit);
  const divisor = 10n ** BigInt(dec.scale);
  if (scaled % divisor !== 0n) throw new AmountError('precision', text, subunitToUnit);
  const minor = scaled / divisor;
  if (minor > maxExactMinor || minor < -maxExactMinor) throw new AmountError('range', text, subunitToUnit);
  return minor;
}

/**
 * Minor units → major-unit number. Returns the double nearest to minor / subunitToUnit (one correctly
 * rounded IEEE division of two exact operands), i.e. the same number JSON.parse gives for the exact
 * decimal. So toMinor(toMajor(m)) === m for |m| ≤ maxExactMinor, and for subunit 1 up to 2^53.
 * Throws RangeError beyond 2^53, where minor itself is no longer an exact double.
 */
export function toMajor(minor: bigint, subunitToUnit: number): number {
  assertSubunit(subunitToUnit);
  if (minor > maxSafe || minor < -maxSafe) throw new RangeError(`Minor amount ${minor} exceeds 2^53`);
  const major = Number(minor) / subunitToUnit;
  return major === 0 ? 0 : major; // no -0 in JSON output
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
