import { currencies } from '@croupier/contracts/reference/index';

/**
 * Bet limits per currency, derived from the reference data: about 0.10 EUR to 100 EUR converted with the
 * reference rate, rounded up to a 1-2-5 step. Every value is a multiple of 10 minor units (the slot splits
 * its bet over 10 lines; blackjack pays 3:2), so presets are always playable.
 */
export interface CurrencyInfo {
  code: string;
  subunitToUnit: number;
  /** Minor units per 1 EUR. */
  rate: number;
}

const all = new Map<string, CurrencyInfo>();
for (const c of currencies) {
  all.set(c.code, { code: c.code, subunitToUnit: c.subunitToUnit, rate: c.rate.rate });
  for (const s of c.subCurrencies ?? [])
    all.set(s.code, { code: s.code, subunitToUnit: s.subunitToUnit, rate: s.rate.rate });
}

export const currencyInfo = (code: string): CurrencyInfo | undefined => all.get(code);

const STEPS = [1n, 2n, 5n];
/** Smallest 1-2-5 value ≥ x and ≥ 10. */
function nice(x: number): bigint {
  for (let p = 10n; ; p *= 10n) {
    for (const s of STEPS) {
      const v = s * p;
      if (Number(v) >= x) return v;
    }
  }
}

export interface Limits {
  minBet: bigint;
  maxBet: bigint;
  betSteps: bigint[];
}

export function limitsFor(code: string): Limits {
  const info = all.get(code);
  const rate = info?.rate ?? 100;
  const minBet = nice(rate * 0.1);
  const maxBet = nice(rate * 100);
  const betSteps: bigint[] = [];
  for (let p = minBet; p <= maxBet * 10n; p *= 10n) {
    for (const s of STEPS) {
      const v = (p / minBet) * minBet * s;
      if (v >= minBet && v <= maxBet && !betSteps.includes(v)) betSteps.push(v);
    }
  }
  return { minBet, maxBet, betSteps: betSteps.sort((a, b) => (a < b ? -1 : 1)) };
}

/** A minor amount as the seamless API's major decimal string ("10.50"). */
export function toMajorString(minor: bigint, subunitToUnit: number): string {
  const digits = String(subunitToUnit).length - 1;
  const sub = BigInt(subunitToUnit);
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs / sub}.${String(abs % sub).padStart(digits, '0')}`;
}

/** The seamless API's major decimal string as minor units (as a string). */
export function toMinorString(major: string, subunitToUnit: number): string {
  const digits = String(subunitToUnit).length - 1;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(major);
  if (!m) return '0';
  const frac = (m[3] ?? '').padEnd(digits, '0').slice(0, digits);
  const v = BigInt(m[2]!) * BigInt(subunitToUnit) + BigInt(frac || '0');
  return String(m[1] === '-' ? -v : v);
}
