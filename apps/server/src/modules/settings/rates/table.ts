import type { Currency } from '@croupier/contracts';
import { parseDecimal } from '@croupier/contracts/reference/decimal';
import {
  baseCurrencyCode,
  currencies as referenceCurrencies,
  subCurrencyFactor,
} from '@croupier/contracts/reference/index';

/** One currency's rate in the `rate.rate` convention of decision 0004 and when it was set. */
export interface CurrencyRate {
  /** Minor units of the currency per ONE base-currency major unit (EUR 100, USD 108). */
  rate: number;
  rateTime: string;
}

/** A complete rates table: one rate per reference currency (sub-currencies are derived). Immutable. */
export interface RatesTable {
  readonly base: string;
  readonly rates: ReadonlyMap<string, CurrencyRate>;
}

/** The seeded reference rates of packages/contracts (decision 0004). */
export const seededTable: RatesTable = Object.freeze({
  base: baseCurrencyCode,
  rates: new Map(referenceCurrencies.map((c) => [c.code, { rate: c.rate.rate, rateTime: c.rate.rateTime }])),
});

/** Moves the decimal point of a rate `shift` places left, in text, so the result is the exact decimal. */
function shiftLeft(rate: number, shift: number): number {
  const dec = parseDecimal(String(rate));
  if (!dec) throw new RangeError(`Invalid rate ${rate}`);
  return Number(`${dec.num}e-${dec.scale + shift}`);
}

/**
 * A 1/1000 display unit's rate from its parent's (same derivation as the reference data): the parent's
 * minor units per sub minor unit is a power of ten, so rate = parent rate ÷ that power, exactly.
 */
function subRate(parent: Currency, sub: Currency, rate: number): number {
  const ratio = parent.subunitToUnit / (sub.subunitToUnit * subCurrencyFactor);
  const shift = Math.round(Math.log10(ratio));
  if (10 ** shift !== ratio) throw new RangeError(`${sub.code}: not a power-of-ten unit of ${parent.code}`);
  return shiftLeft(rate, shift);
}

function withRate(currency: Currency, current: CurrencyRate): Currency {
  const rate = { rate: current.rate, rateTime: current.rateTime };
  const subCurrencies = currency.subCurrencies?.map((sub) => ({
    ...sub,
    rate: { rate: subRate(currency, sub, current.rate), rateTime: current.rateTime },
  }));
  return subCurrencies ? { ...currency, rate, subCurrencies } : { ...currency, rate };
}

// Tables are immutable and replaced whole, so the derived catalogue is computed once per table.
const catalogues = new WeakMap<RatesTable, Currency[]>();

/** The reference currencies with the table's rates (what GET /api/settings/currencies serves). */
export function currenciesOf(table: RatesTable): Currency[] {
  let list = catalogues.get(table);
  if (!list) {
    list = referenceCurrencies.map((c) => {
      const current = table.rates.get(c.code);
      return current ? withRate(c, current) : c;
    });
    catalogues.set(table, list);
  }
  return list;
}

/** One currency of the table (enabled or not), or undefined for an unknown code. */
export function currencyIn(table: RatesTable, code: string): Currency | undefined {
  return currenciesOf(table).find((c) => c.code === code);
}
