import { parseDecimal } from '@croupier/contracts/reference/decimal';
import { isCurrencyCode, subunitOf } from '@croupier/contracts/reference/index';
import type { CurrencyRate, RatesTable } from './table.ts';

/** Why a feed answer was refused; the previous table stays in use. */
export class RatesFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RatesFeedError';
  }
}

/**
 * Major units per base unit (the feed's convention, `USD: 1.08`) → minor units per base major unit (ours,
 * decision 0004: 108). Done on the decimal text so 1.08 × 100 is exactly 108, not 108.00000000000001.
 */
export function toRateConvention(major: number, subunitToUnit: number): number {
  const dec = parseDecimal(String(major));
  if (!dec) throw new RangeError(`Invalid rate ${major}`);
  return Number(`${dec.num * BigInt(subunitToUnit)}e-${dec.scale}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies a feed answer `{ base: 'EUR', rates: { USD: 1.08, … } }` to the previous table, or throws
 * RatesFeedError for an absurd one (wrong or missing base, a non-positive or non-finite rate, a base rate
 * other than 1, no known currency at all). Unknown currencies are ignored; a known currency the answer
 * leaves out keeps its previous rate and time.
 */
export function applyFeedAnswer(previous: RatesTable, answer: unknown, at: Date): RatesTable {
  if (!isRecord(answer)) throw new RatesFeedError('the answer is not a JSON object');
  if (answer.base !== previous.base) {
    throw new RatesFeedError(`base must be ${previous.base}, got ${JSON.stringify(answer.base ?? null)}`);
  }
  if (!isRecord(answer.rates)) throw new RatesFeedError('rates must be an object of currency → number');
  const rateTime = at.toISOString();
  const next = new Map<string, CurrencyRate>(previous.rates);
  let known = 0;
  for (const [code, value] of Object.entries(answer.rates)) {
    // Checked before the unknown-code skip: a feed sending garbage for anything is not trusted at all.
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new RatesFeedError(`${code}: rate must be a positive finite number, got ${JSON.stringify(value)}`);
    }
    if (!isCurrencyCode(code)) continue;
    const subunit = subunitOf(code);
    if (code === previous.base && value !== 1) throw new RatesFeedError(`${code}: the base rate must be 1`);
    const rate = toRateConvention(value, subunit);
    if (!Number.isFinite(rate) || rate <= 0) throw new RatesFeedError(`${code}: rate ${value} is out of range`);
    next.set(code, { rate, rateTime });
    known += 1;
  }
  if (known === 0) throw new RatesFeedError('the answer names no currency we offer');
  return Object.freeze({ base: previous.base, rates: next });
}
