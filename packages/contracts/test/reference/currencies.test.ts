import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseCurrency,
  convertFromBase,
  convertToBase,
  cryptoCurrencyCodes,
  currencies,
  fiatCurrencyCodes,
  subCurrencyFactor,
} from '../../src/reference/index.ts';
import { Currency } from '../../src/settings.ts';

const get = (code: string) => {
  const currency = currencies.find((c) => c.code === code);
  if (!currency) throw new Error(`${code} missing`);
  return currency;
};

describe('currencies', () => {
  it('parses with the Currency schema', () => {
    expect(z.array(Currency).parse(currencies)).toEqual(currencies);
  });

  it('has exactly one base currency, EUR at rate 100', () => {
    expect(currencies.filter((c) => c.isBase)).toEqual([baseCurrency]);
    expect(baseCurrency).toMatchObject({ code: 'EUR', subunitToUnit: 100, rate: { rate: 100 } });
  });

  it('lists at least 8 fiat and the 4 crypto currencies, unique codes', () => {
    const codes = currencies.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(currencies.filter((c) => c.type === 'fiat').map((c) => c.code)).toEqual([...fiatCurrencyCodes]);
    expect(currencies.filter((c) => c.type === 'crypto').map((c) => c.code)).toEqual([...cryptoCurrencyCodes]);
    expect(fiatCurrencyCodes.length).toBeGreaterThanOrEqual(8);
  });

  it('uses the real minor units (ETH reduced to 1e8 to stay below 2^53)', () => {
    const units = Object.fromEntries(currencies.map((c) => [c.code, c.subunitToUnit]));
    expect(units).toMatchObject({ EUR: 100, USD: 100, JPY: 1, BTC: 1e8, ETH: 1e8, LTC: 1e8, USDT: 1e6 });
  });

  it('enables everything and hides only TRY', () => {
    expect(currencies.every((c) => c.isEnabled)).toBe(true);
    expect(currencies.filter((c) => !c.visible).map((c) => c.code)).toEqual(['TRY']);
    expect(currencies.every((c) => !Number.isNaN(Date.parse(c.rate.rateTime)))).toBe(true);
  });

  it('gives BTC and ETH one 1/1000 sub-currency with a consistently scaled rate', () => {
    for (const [code, sub] of [
      ['BTC', 'mBTC'],
      ['ETH', 'mETH'],
    ] as const) {
      const parent = get(code);
      expect(parent.subCurrencies).toHaveLength(1);
      const milli = parent.subCurrencies![0]!;
      expect(milli).toMatchObject({ code: sub, type: 'crypto', subunitToUnit: 1000, isBase: false });
      expect(subCurrencyFactor).toBe(1000);
      // sub minor per EUR = parent minor per EUR × (1000 × 1000 / parent subunit)
      expect(milli.rate.rate).toBe(Number(`${parent.rate.rate}e-2`));
      for (const eur of ['1', '250', '60000', '0.01']) {
        const inParent = convertFromBase(eur, parent);
        const inMilli = convertFromBase(eur, milli);
        expect(Math.abs(inMilli - inParent * 1000)).toBeLessThanOrEqual(0.0005 + 1e-9);
      }
    }
    expect(currencies.filter((c) => c.subCurrencies).map((c) => c.code)).toEqual(['BTC', 'ETH']);
  });

  it('has realistic rates: 1 EUR ≈ 1.08 USD, BTC ≈ 60,000 EUR', () => {
    expect(get('USD').rate.rate).toBe(108);
    expect(convertFromBase(1, get('USD'))).toBe(1.08);
    expect(convertToBase(1, get('BTC'))).toBe(59999.88);
    expect(convertFromBase(60000, get('BTC'))).toBe(1.000002);
    expect(get('BTC').subCurrencies![0]!.rate.rate).toBe(16.6667);
    expect(get('ETH').subCurrencies![0]!.rate.rate).toBe(400);
  });

  it('is frozen shared data', () => {
    expect(() => currencies.push(baseCurrency)).toThrow(TypeError);
    expect(() => {
      (baseCurrency.rate as { rate: number }).rate = 1;
    }).toThrow(TypeError);
  });
});

describe('base conversions', () => {
  it('follows the contract formulas', () => {
    // base → account = amount × rate ÷ subunitToUnit; account → base = amount × subunitToUnit ÷ rate
    expect(convertFromBase(10, get('USD'))).toBe(10.8);
    expect(convertToBase(10.8, get('USD'))).toBe(10);
    expect(convertFromBase(100, get('JPY'))).toBe(16500);
    expect(convertToBase(16500, get('JPY'))).toBe(100);
    expect(convertFromBase('0.01', get('JPY'))).toBe(2); // 1.65 yen rounds to 2
    expect(convertFromBase(10, get('USDT'))).toBe(10.8);
    expect(convertFromBase(1, get('LTC'))).toBe(0.0125);
    expect(convertToBase('0.00000001', get('BTC'))).toBe(0); // 1 sat is worth 0.06 cent
    expect(convertToBase('0.00001', get('BTC'))).toBe(0.6);
    expect(convertFromBase(1, baseCurrency)).toBe(1);
  });

  it('rounds half away from zero', () => {
    const rate150 = { subunitToUnit: 100, rate: { rate: 150, rateTime: '' } };
    expect(convertFromBase('0.01', rate150)).toBe(0.02); // 1.5 minor
    expect(convertFromBase('-0.01', rate150)).toBe(-0.02);
    expect(convertFromBase('0.03', rate150)).toBe(0.05); // 4.5 minor
  });

  it('refuses inputs with more decimals than the source currency has', () => {
    expect(() => convertToBase('0.001', get('USD'))).toThrow(/precision/);
    expect(() => convertFromBase('0.001', get('USD'))).toThrow(/precision/);
  });

  const all = currencies.flatMap((c) => [c, ...(c.subCurrencies ?? [])]);

  it.each(all.map((c) => [c.code, c] as const))('%s round-trips from its coarser side', (_code, currency) => {
    // The side whose minor unit is worth more survives the trip exactly; the other is within one unit.
    const accountIsFiner = currency.rate.rate >= baseCurrency.subunitToUnit;
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }), (minor) => {
        if (accountIsFiner) {
          const eur = Number(minor) / 100;
          expect(convertToBase(convertFromBase(eur, currency), currency)).toBe(eur === 0 ? 0 : eur);
        } else {
          const amount = Number(minor) / currency.subunitToUnit;
          expect(convertFromBase(convertToBase(amount, currency), currency)).toBe(amount === 0 ? 0 : amount);
        }
      }),
      { numRuns: 300 },
    );
  });
});
