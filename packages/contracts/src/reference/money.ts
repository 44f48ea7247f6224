import { subunitOf } from './currencies.ts';
import { divRound, parseDecimal } from './decimal.ts';

/**
 * The one exact pair between major-unit amounts (what the APIs carry: numbers in the player API,
 * decimal strings in the seamless API) and integer minor units (what we store and compute with).
 * Everything goes through decimal text and bigint, never through float multiplication, so 0.1 + 0.2
 * style errors cannot creep into balances.
 */

/**
 * A reference currency code ('EUR', resolved with subunitOf) or the minor units per unit itself
 * (100; 1e5 for an amount in mBTC counted in satoshis).
 */
export type MoneyUnit = string | number;

/**
 * Largest |minor| that toMinor accepts. Below 2^52 minor units, every amount with a power-of-ten
 * subunit survives minor → JSON number → minor unchanged. Between 2^52 and 2^53 a double's spacing
 * can exceed the minor step (e.g. above ~6.7e15 sats = 67M BTC), so two amounts would share one number.
 * It also keeps every accepted amount far inside a PostgreSQL bigint.
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

/** Why an amount a player or a provider sent is refused: toMinor's reasons, then the sign rules of some callers. */
export type AmountRefusal = AmountErrorReason | 'required' | 'notPositive' | 'negative';

/**
 * The one wording of a refused amount (decision 0102), wherever it is refused: a 422 field message of the player
 * API, the seamless API's INVALID_REQUEST. A sentence that sits under its field, so it does not name it.
 */
export function amountRefusalText(refusal: AmountRefusal, currency: string): string {
  switch (refusal) {
    case 'required':
      return 'This field is required.';
    case 'format':
      return 'Must be a number.';
    case 'precision':
      return `Has more decimals than ${currency} allows.`;
    case 'range':
      return 'Is too large.';
    case 'notPositive':
      return 'Must be greater than zero.';
    case 'negative':
      return 'Must not be negative.';
  }
}

/** Minor units per major unit of `unit`. A bad number is a programming error (RangeError), not an AmountError. */
export function subunitOfUnit(unit: MoneyUnit): number {
  if (typeof unit === 'string') return subunitOf(unit);
  if (!Number.isSafeInteger(unit) || unit <= 0) {
    throw new RangeError(`subunitToUnit must be a positive safe integer, got ${unit}`);
  }
  return unit;
}

export interface ToMinorOptions {
  /**
   * Round half away from zero to the minor unit instead of refusing extra digits. Only for numbers that
   * carry float noise (a client-side computation); never for an amount a player or a provider sent.
   */
  round?: boolean;
}

/**
 * Major-unit amount → minor units, exactly. A number is read as the shortest decimal that identifies
 * it (what JSON.stringify prints), so 10.5 is 10.5 but 0.1 + 0.2 (0.30000000000000004) is refused for
 * EUR rather than silently rounded. Throws AmountError (never returns a rounded value unless asked to).
 */
export function toMinor(amountMajor: number | string, unit: MoneyUnit, options: ToMinorOptions = {}): bigint {
  const subunitToUnit = subunitOfUnit(unit);
  const text = typeof amountMajor === 'number' ? String(amountMajor) : amountMajor;
  if (typeof amountMajor === 'number' && !Number.isFinite(amountMajor)) {
    throw new AmountError('format', text, subunitToUnit);
  }
  const dec = parseDecimal(text);
  if (!dec) throw new AmountError('format', text, subunitToUnit);
  const scaled = dec.num * BigInt(subunitToUnit);
  const divisor = 10n ** BigInt(dec.scale);
  let minor: bigint;
  if (scaled % divisor === 0n) minor = scaled / divisor;
  else if (options.round) minor = divRound(scaled, divisor);
  else throw new AmountError('precision', text, subunitToUnit);
  if (minor > maxExactMinor || minor < -maxExactMinor) throw new AmountError('range', text, subunitToUnit);
  return minor;
}

/**
 * Minor units → major-unit number, for the player API that carries numbers. Returns the double nearest
 * to minor / subunitToUnit (one correctly rounded IEEE division of two exact operands), i.e. the same
 * number JSON.parse gives for the exact decimal. So toMinor(toMajor(m)) === m for |m| ≤ maxExactMinor,
 * and for subunit 1 up to 2^53. Throws RangeError beyond 2^53, where minor is no longer an exact double.
 */
export function toMajor(minor: bigint, unit: MoneyUnit): number {
  const subunitToUnit = subunitOfUnit(unit);
  if (minor > maxSafe || minor < -maxSafe) throw new RangeError(`Minor amount ${minor} exceeds 2^53`);
  const major = Number(minor) / subunitToUnit;
  return major === 0 ? 0 : major; // no -0 in JSON output
}

/** Decimal places that show 1/subunit exactly, and the factor to them: 100 → 2, ×1; 8 → 3, ×125. */
function fixedPoint(subunitToUnit: number): { places: number; factor: bigint } {
  const subunit = BigInt(subunitToUnit);
  let power = 1n;
  for (let places = 0; places <= 30; places += 1, power *= 10n) {
    if (power % subunit === 0n) return { places, factor: power / subunit };
  }
  throw new RangeError(`subunitToUnit ${subunitToUnit} has no finite decimal step`);
}

/**
 * Minor units → the exact major-unit decimal string with every decimal of the unit ("10.50" for 1050
 * EUR cents, "0.00000001" for 1 sat, "1234" for JPY): what the seamless API carries. Any size: no
 * float is involved, so amounts beyond 2^53 stay exact.
 */
export function toMajorString(minor: bigint, unit: MoneyUnit): string {
  const { places, factor } = fixedPoint(subunitOfUnit(unit));
  const sign = minor < 0n ? '-' : '';
  const digits = ((minor < 0n ? -minor : minor) * factor).toString().padStart(places + 1, '0');
  if (places === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
