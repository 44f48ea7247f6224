import type { ConvertedFigures } from '@croupier/contracts';
import { divRound, parseDecimal, subunitOf, toMajor } from '@croupier/contracts/reference/index';
import type { RatesTable } from '../settings/index.ts';

/**
 * A report row's figures in the casino's base currency (§1: a converted figure is a separate field that names
 * its currency and rate date; decision 0121). Rates are the table in use now (the settings module's rates
 * port), so every row of one answer is converted at the same rates, whatever its day: `rateDate` says which.
 * The conversion is exact decimal arithmetic on minor units, rounded half away from zero once per figure; `ngr`
 * is converted `ggr − bonusCost`, so the converted row adds up like the row it converts.
 */

/** The figures a row converts, minor units of the row's currency. */
export interface ConvertibleFigures {
  deposits: bigint;
  withdrawals: bigint;
  ggr: bigint;
  bonusCost: bigint;
}

/** The same, minor units of `currency` (the base), with the day of the rates used. */
export interface ConvertedMinor extends ConvertibleFigures {
  currency: string;
  rateDate: string;
  ngr: bigint;
}

/** A converter from one currency at the table's rate; null when the table has no usable rate for it. */
export function baseConverter(table: RatesTable, currency: string): ((minor: bigint) => bigint) | null {
  const known = table.rates.get(currency);
  // The rate is the currency's minor units per ONE base major unit (decision 0004).
  const rate = known && Number.isFinite(known.rate) && known.rate > 0 ? parseDecimal(String(known.rate)) : null;
  if (!known || !rate || rate.num <= 0n) return null;
  const scale = BigInt(subunitOf(table.base)) * 10n ** BigInt(rate.scale);
  return (minor) => divRound(minor * scale, rate.num);
}

/** The day of a rate's time (UTC), as reports name it. */
const dayOf = (rateTime: string): string => {
  const at = new Date(rateTime);
  return Number.isNaN(at.getTime()) ? rateTime.slice(0, 10) : at.toISOString().slice(0, 10);
};

/**
 * A converter of many rows' figures at one table (a page of a report): each currency's rate is read once.
 * Answers null for a currency without a rate.
 */
export function figuresConverter(table: RatesTable) {
  const converters = new Map<string, ((minor: bigint) => bigint) | null>();
  return (currency: string, figures: ConvertibleFigures): ConvertedMinor | null => {
    let convert = converters.get(currency);
    if (convert === undefined) {
      convert = baseConverter(table, currency);
      converters.set(currency, convert);
    }
    const rateTime = table.rates.get(currency)?.rateTime;
    if (!convert || !rateTime) return null;
    const ggr = convert(figures.ggr);
    const bonusCost = convert(figures.bonusCost);
    return {
      currency: table.base,
      rateDate: dayOf(rateTime),
      deposits: convert(figures.deposits),
      withdrawals: convert(figures.withdrawals),
      ggr,
      bonusCost,
      ngr: ggr - bonusCost,
    };
  };
}

/** `figures` of one row in the table's base currency, or null when `currency` has no rate. */
export const convertFigures = (table: RatesTable, currency: string, figures: ConvertibleFigures) =>
  figuresConverter(table)(currency, figures);

/** The API's `converted` (major units of the base currency). */
export function presentConverted(c: ConvertedMinor | null): ConvertedFigures | null {
  if (!c) return null;
  const major = (minor: bigint) => toMajor(minor, c.currency);
  return {
    currency: c.currency,
    rateDate: c.rateDate,
    deposits: major(c.deposits),
    withdrawals: major(c.withdrawals),
    ggr: major(c.ggr),
    bonusCost: major(c.bonusCost),
    ngr: major(c.ngr),
  };
}
