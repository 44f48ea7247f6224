import type { Currency } from '../settings.ts';
import { parseDecimal } from './decimal.ts';
import { deepFreeze } from './freeze.ts';

/**
 * Currency catalogue served by GET /api/settings/currencies.
 *
 * `rate.rate` (api-contract §1.5): the price of ONE base-currency major unit (1 EUR) in this currency's
 * MINOR units. Hence base → account major = amount × rate ÷ subunitToUnit, and
 * account → base major = amount × subunitToUnit ÷ rate. EUR itself has rate 100 (1 EUR = 100 cents).
 * Rates are fixed reference values for seeding and tests; the server replaces them from its rate feed.
 */

export const baseCurrencyCode = 'EUR';
export const rateTime = '2026-11-02T00:00:00.000Z';

/** 1 BTC = 1000 mBTC; the display unit the client takes from `subCurrencies` (spec §9). */
export const subCurrencyFactor = 1000;

export const fiatCurrencyCodes = ['EUR', 'USD', 'CAD', 'AUD', 'NZD', 'BRL', 'NOK', 'PLN', 'JPY', 'TRY', 'CHF'] as const;
export const cryptoCurrencyCodes = ['BTC', 'ETH', 'LTC', 'USDT'] as const;
export type CurrencyCode = (typeof fiatCurrencyCodes)[number] | (typeof cryptoCurrencyCodes)[number];

type Spec = Pick<Currency, 'name' | 'symbol' | 'type' | 'subunitToUnit'> & { code: CurrencyCode; rate: number };

function currency(spec: Spec, overrides: Partial<Pick<Currency, 'visible' | 'isBase'>> = {}): Currency {
  const { rate, ...rest } = spec;
  return {
    ...rest,
    isBase: false,
    isEnabled: true,
    visible: true,
    ...overrides,
    rate: { rate, rateTime },
  };
}

/**
 * The 1/1000 display unit of a crypto currency. Its subunitToUnit (1000) is the factor to the parent, as
 * the client reads it; the rate is chosen so the generic formula also holds if the entry is treated as a
 * currency with 1000 minor units: rate = parent rate × (1000 × 1000 / parent subunitToUnit).
 */
function milliUnit(parent: Currency, code: string, name: string): Currency {
  // parent minor units per sub minor unit; a power of ten for every currency we list.
  let ratio = parent.subunitToUnit / (subCurrencyFactor * subCurrencyFactor);
  let shift = 0;
  while (ratio > 1 && ratio % 10 === 0) {
    ratio /= 10;
    shift += 1;
  }
  const dec = parseDecimal(String(parent.rate.rate));
  if (ratio !== 1 || !dec) throw new Error(`${parent.code}: cannot derive a 1/1000 unit`);
  // Move the decimal point in text so the scaled rate is exactly the decimal we mean (no float multiply).
  const rate = Number(`${dec.num}e-${dec.scale + shift}`);
  const { subCurrencies: _, ...base } = parent;
  return { ...base, code, name, symbol: code, subunitToUnit: subCurrencyFactor, rate: { ...parent.rate, rate } };
}

const btc = currency({ code: 'BTC', name: 'Bitcoin', symbol: '₿', type: 'crypto', subunitToUnit: 1e8, rate: 1666.67 }); // 1 BTC ≈ 60,000 EUR
// Real ETH has 18 decimals, but 1e18 minor units overflow 2^53 for amounts above ~0.009 ETH, so an
// amount could not round-trip exactly through a JSON number. We account ETH in units of 1e-8 (10 gwei).
const eth = currency({ code: 'ETH', name: 'Ethereum', symbol: 'Ξ', type: 'crypto', subunitToUnit: 1e8, rate: 40000 }); // 1 ETH = 2,500 EUR

export const currencies: Currency[] = deepFreeze([
  currency({ code: 'EUR', name: 'Euro', symbol: '€', type: 'fiat', subunitToUnit: 100, rate: 100 }, { isBase: true }),
  currency({ code: 'USD', name: 'US Dollar', symbol: '$', type: 'fiat', subunitToUnit: 100, rate: 108 }),
  currency({ code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', type: 'fiat', subunitToUnit: 100, rate: 149 }),
  currency({ code: 'AUD', name: 'Australian Dollar', symbol: 'A$', type: 'fiat', subunitToUnit: 100, rate: 165 }),
  currency({ code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$', type: 'fiat', subunitToUnit: 100, rate: 182 }),
  currency({ code: 'BRL', name: 'Brazilian Real', symbol: 'R$', type: 'fiat', subunitToUnit: 100, rate: 610 }),
  currency({ code: 'NOK', name: 'Norwegian Krone', symbol: 'kr', type: 'fiat', subunitToUnit: 100, rate: 1170 }),
  currency({ code: 'PLN', name: 'Polish Złoty', symbol: 'zł', type: 'fiat', subunitToUnit: 100, rate: 428 }),
  // The yen has no minor unit in practice: 1 JPY is the smallest amount.
  currency({ code: 'JPY', name: 'Japanese Yen', symbol: '¥', type: 'fiat', subunitToUnit: 1, rate: 165 }),
  // Hidden but enabled: existing accounts keep working, new players cannot pick it (exercises visible=1).
  currency(
    { code: 'TRY', name: 'Turkish Lira', symbol: '₺', type: 'fiat', subunitToUnit: 100, rate: 5200 },
    { visible: false },
  ),
  currency({ code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', type: 'fiat', subunitToUnit: 100, rate: 94 }),
  { ...btc, subCurrencies: [milliUnit(btc, 'mBTC', 'Millibitcoin')] },
  { ...eth, subCurrencies: [milliUnit(eth, 'mETH', 'Milliether')] },
  currency({ code: 'LTC', name: 'Litecoin', symbol: 'Ł', type: 'crypto', subunitToUnit: 1e8, rate: 1_250_000 }), // 80 EUR
  currency({ code: 'USDT', name: 'Tether', symbol: '₮', type: 'crypto', subunitToUnit: 1e6, rate: 1_080_000 }), // 1 USDT = 1 USD
]);

export const baseCurrency: Currency = currencies.find((c) => c.isBase)!;

const subunits: ReadonlyMap<string, number> = new Map(currencies.map((c) => [c.code, c.subunitToUnit]));

/**
 * Minor units per major unit of a reference currency (100 for EUR, 1 for JPY, 1e8 for BTC). Only account
 * currencies: a display sub-unit such as mBTC is not one (its subunitToUnit is its factor to the parent).
 * Throws a RangeError for an unknown code: a programming or data error, not a player's input.
 */
export function subunitOf(code: string): number {
  const subunit = subunits.get(code);
  if (subunit === undefined) throw new RangeError(`Unknown currency ${code}`);
  return subunit;
}

/** Whether `code` is a reference account currency (what subunitOf accepts). */
export const isCurrencyCode = (code: string): boolean => subunits.has(code);
