import { toMajorString } from '@croupier/contracts/reference/money';

/**
 * Money display and arithmetic on minor-unit strings, exactly: bigint only, never a float. The decimal
 * text comes from the contracts' money pair (zod-free); this file only adds the locale's separators.
 * `subunitToUnit` is the number of minor units in one unit (100 for EUR, 1 for JPY, 1000 for KWD…).
 */

/** A minor-unit string of the game API (or a bigint already) as a bigint. */
export function parseMinor(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!/^-?\d+$/.test(value)) throw new RangeError(`Not a minor-unit amount: ${value}`);
  return BigInt(value);
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
  const exact = toMajorString(parseMinor(minor), Math.max(1, subunitToUnit));
  const neg = exact.startsWith('-');
  const [whole = '', frac] = (neg ? exact.slice(1) : exact).split('.');
  const { group, decimal } = separatorsFor(locale);
  const wholeText = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const text = frac === undefined ? wholeText : `${wholeText}${decimal}${frac}`;
  return neg ? `−${text}` : text;
}

/** "10.50 EUR": amount and ISO currency code. */
export function formatMoney(minor: string | bigint, subunitToUnit: number, currency: string, locale = 'en'): string {
  return `${formatAmount(minor, subunitToUnit, locale)}\u00a0${currency}`;
}

/** A payout for a multiplier given as an exact fraction, rounded down like the engines. */
export function payFor(bet: string | bigint, num: bigint, den: bigint): bigint {
  return (parseMinor(bet) * num) / den;
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
  const min = parseMinor(limits.minBet);
  const max = parseMinor(limits.maxBet);
  const multiple = limits.betMultiple ? parseMinor(limits.betMultiple) : 1n;
  return [...new Set([limits.minBet, ...limits.betSteps, limits.maxBet].map((s) => parseMinor(s)))]
    .filter((v) => v >= min && v <= max && v > 0n && v % multiple === 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((v) => v.toString());
}

export const sumMinor = (values: readonly (string | bigint)[]): bigint =>
  values.reduce<bigint>((a, v) => a + parseMinor(v), 0n);
