/**
 * Money display and arithmetic on minor-unit strings, exactly: bigint only, never a float.
 * `subunitToUnit` is the number of minor units in one unit (100 for EUR, 1 for JPY, 1000 for KWD…).
 */

export function toMinor(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!/^-?\d+$/.test(value)) throw new RangeError(`Not a minor-unit amount: ${value}`);
  return BigInt(value);
}

/** Digits after the decimal point for a subunit (10^k → k; anything else: digits of subunit − 1). */
export function decimalsOf(subunitToUnit: number): number {
  if (subunitToUnit <= 1) return 0;
  return String(subunitToUnit - 1).length;
}

const separators = new Map<string, { group: string; decimal: string }>();
function separatorsFor(locale: string): { group: string; decimal: string } {
  let s = separators.get(locale);
  if (!s) {
    let group = ',';
    let decimal = '.';
    try {
      for (const p of new Intl.NumberFormat(locale).formatToParts(12345.6)) {
        if (p.type === 'group') group = p.value;
        if (p.type === 'decimal') decimal = p.value;
      }
    } catch {
      // Unknown locale: keep the defaults.
    }
    s = { group, decimal };
    separators.set(locale, s);
  }
  return s;
}

/** The amount without the currency, e.g. "1,234.50" (en) or "1.234,50" (de). */
export function formatAmount(minor: string | bigint, subunitToUnit: number, locale = 'en'): string {
  const v = toMinor(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const unit = BigInt(Math.max(1, subunitToUnit));
  const whole = abs / unit;
  const frac = abs % unit;
  const { group, decimal } = separatorsFor(locale);
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const decimals = decimalsOf(subunitToUnit);
  const text = decimals > 0 ? `${wholeText}${decimal}${frac.toString().padStart(decimals, '0')}` : wholeText;
  return neg ? `−${text}` : text;
}

/** "10.50 EUR": amount and ISO currency code. */
export function formatMoney(minor: string | bigint, subunitToUnit: number, currency: string, locale = 'en'): string {
  return `${formatAmount(minor, subunitToUnit, locale)}\u00a0${currency}`;
}

/** A payout for a multiplier given as an exact fraction, rounded down like the engines. */
export function payFor(bet: string | bigint, num: bigint, den: bigint): bigint {
  return (toMinor(bet) * num) / den;
}

/** A multiplier fraction as text with `digits` decimals, rounded down ("1.9800×"). */
export function formatMultiplier(num: bigint, den: bigint, digits = 2, locale = 'en'): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (num * scale) / den;
  return `${formatAmount(scaled, Number(scale), locale)}×`;
}

/** The bet presets the game accepts: within min/max, multiples of `betMultiple`, ascending, unique. */
export function betOptions(limits: {
  minBet: string;
  maxBet: string;
  betSteps: string[];
  betMultiple?: string;
}): string[] {
  const min = toMinor(limits.minBet);
  const max = toMinor(limits.maxBet);
  const multiple = limits.betMultiple ? toMinor(limits.betMultiple) : 1n;
  return [...new Set([limits.minBet, ...limits.betSteps, limits.maxBet].map((s) => toMinor(s)))]
    .filter((v) => v >= min && v <= max && v > 0n && v % multiple === 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((v) => v.toString());
}

export const sumMinor = (values: readonly (string | bigint)[]): bigint =>
  values.reduce<bigint>((a, v) => a + toMinor(v), 0n);
