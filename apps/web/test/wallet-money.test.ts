import type { Account, Currency } from '@croupier/contracts';
import { AmountError, currencies, toMinor } from '@croupier/contracts/reference/index';
import { describe, expect, it } from 'vitest';
import { countryParam } from '../app/features/wallet/region.ts';
import { activeAccount, replaceAccount } from '../app/features/wallet/wallet-context.tsx';
import {
  convertAmount,
  displayUnit,
  formatMoney,
  fromDisplayAmount,
  toDisplayAmount,
} from '../app/shared/money/money.ts';

const byCode = (code: string): Currency => {
  const found = currencies.find((c) => c.code === code);
  if (!found) throw new Error(code);
  return found;
};
const EUR = byCode('EUR');
const BTC = byCode('BTC');
const ETH = byCode('ETH');
const JPY = byCode('JPY');
const USDT = byCode('USDT');
const USD = byCode('USD');

describe('display units (spec §9: BTC and ETH in 1/1000)', () => {
  it('shows BTC and ETH in mBTC and mETH, everything else in itself', () => {
    expect(displayUnit(BTC)).toMatchObject({ code: 'mBTC', minorPerUnit: 1e5, decimals: 5, isSubUnit: true });
    expect(displayUnit(ETH)).toMatchObject({ code: 'mETH', minorPerUnit: 1e5, decimals: 5 });
    expect(displayUnit(BTC, false)).toMatchObject({ code: 'BTC', decimals: 8, isSubUnit: false });
    expect(displayUnit(EUR)).toMatchObject({ code: 'EUR', decimals: 2, isSubUnit: false });
    expect(displayUnit(JPY)).toMatchObject({ code: 'JPY', decimals: 0 });
    expect(displayUnit(USDT)).toMatchObject({ code: 'USDT', decimals: 6 });
  });
});

describe('toDisplayAmount and fromDisplayAmount', () => {
  it('round-trips one minor unit and a large amount exactly for every currency', () => {
    for (const currency of currencies) {
      const step = 1 / currency.subunitToUnit;
      for (const major of [step, 1, currency.subunitToUnit === 1 ? 12 : 12.34, 12_345_678]) {
        const shown = toDisplayAmount(major, currency);
        expect(fromDisplayAmount(shown, currency), `${currency.code} ${major}`).toBe(major);
        expect(fromDisplayAmount(String(shown), currency), `${currency.code} '${shown}'`).toBe(major);
      }
    }
  });

  it('converts BTC to mBTC and back without float drift', () => {
    expect(toDisplayAmount(0.00123, BTC)).toBe(1.23); // 0.00123 * 1000 is 1.2299999999999998 in floats
    expect(fromDisplayAmount(1.23, BTC)).toBe(0.00123);
    expect(fromDisplayAmount('0.00001', BTC)).toBe(1e-8); // one satoshi
    expect(toDisplayAmount(1e-8, BTC)).toBe(0.00001);
    expect(toDisplayAmount(0.1, ETH)).toBe(100);
    expect(fromDisplayAmount('1,5', BTC)).toBe(0.0015); // a decimal comma as typed
  });

  it('keeps 1e8 satoshi and the largest exact amounts exact', () => {
    expect(toDisplayAmount(1, BTC)).toBe(1000);
    expect(toMinor(1, BTC.subunitToUnit, { round: true })).toBe(100_000_000n);
    expect(toMinor(21_000_000, BTC.subunitToUnit, { round: true })).toBe(2_100_000_000_000_000n);
    expect(fromDisplayAmount('21000000000', BTC)).toBe(21_000_000);
    expect(fromDisplayAmount('45035996273.70496', BTC)).toBe(45_035_996.27370496); // 2^52 satoshi
    expect(toDisplayAmount(45_035_996.27370496, BTC)).toBe(45_035_996_273.70496);
  });

  it('absorbs float noise of amounts but refuses input finer than the minor unit', () => {
    expect(toMinor(0.1 + 0.2, EUR.subunitToUnit, { round: true })).toBe(30n);
    expect(toDisplayAmount(0.1 + 0.2, EUR)).toBe(0.3);
    expect(() => fromDisplayAmount(0.1 + 0.2, EUR)).toThrow(AmountError);
    expect(() => fromDisplayAmount('1.001', EUR)).toThrow(AmountError);
    expect(() => fromDisplayAmount('0.000001', BTC)).toThrow(AmountError); // below one satoshi in mBTC
    expect(() => fromDisplayAmount('abc', EUR)).toThrow(AmountError);
    expect(() => fromDisplayAmount('1.5', JPY)).toThrow(AmountError);
  });

  it('gives the same minor units as the server’s toMinor for every currency', () => {
    for (const currency of currencies) {
      const amount = fromDisplayAmount('7', currency);
      expect(toMinor(amount, currency.subunitToUnit)).toBe(
        BigInt(7 * displayUnit(currency).minorPerUnit), // 7 display units
      );
    }
  });
});

describe('formatMoney', () => {
  it('formats fiat with the locale and the currency’s own decimals', () => {
    expect(formatMoney(10.5, EUR, 'en')).toBe('€10.50');
    expect(formatMoney(10.5, EUR, 'de')).toMatch(/^10,50\s€$/);
    expect(formatMoney(1234, JPY, 'en')).toBe('¥1,234');
    expect(formatMoney(0.1 + 0.2, USD, 'en')).toBe('$0.30');
  });

  it('formats BTC and ETH in the sub-unit unless asked for the whole unit', () => {
    expect(formatMoney(0.00123, BTC, 'en')).toBe('1.23 mBTC');
    expect(formatMoney(0.00123, BTC, 'en', { subUnit: false })).toBe('0.00123 BTC');
    expect(formatMoney(1e-8, BTC, 'en')).toBe('0.00001 mBTC');
    expect(formatMoney(2.5, ETH, 'pt-br')).toBe('2.500,00 mETH');
    expect(formatMoney(1.5, USDT, 'en')).toBe('1.50 USDT');
  });
});

describe('convertAmount (api-contract §1.5 through the base, decision 0004)', () => {
  it('converts with rate = base unit in minor units', () => {
    expect(convertAmount(100, EUR, USD)).toBe(108);
    expect(convertAmount(108, USD, EUR)).toBe(100);
    // 1 BTC at 1666.67 sat per EUR → 100_000_000 / 1666.67 EUR = 59999.88 EUR
    expect(convertAmount(1, BTC, EUR)).toBe(59_999.88);
    expect(convertAmount(0.001, BTC, USD)).toBe(64.8); // 60 EUR × 1.08
    expect(convertAmount(1, ETH, EUR)).toBe(2500);
  });

  it('rounds once, to the target’s minor unit', () => {
    expect(convertAmount(1e-8, BTC, EUR)).toBe(0); // a satoshi is far below a cent
    expect(convertAmount(0.01, EUR, BTC)).toBe(1.7e-7); // 16.6667 sat → 17 sat
    expect(convertAmount(1, EUR, JPY)).toBe(165);
  });
});

describe('payment region', () => {
  it('sends country only when the chosen region differs from geo', () => {
    expect(countryParam('DE', 'DE')).toBeUndefined();
    expect(countryParam(null, 'DE')).toBeUndefined();
    expect(countryParam('AT', 'DE')).toBe('AT');
    expect(countryParam('AT', null)).toBe('AT');
  });
});

describe('account list helpers', () => {
  const account = (id: string, status: number, balance = 0): Account => ({
    id,
    currency: id,
    status,
    balance,
    realBalance: balance,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: balance,
  });

  it('finds the active account and replaces one by id', () => {
    const list = [account('EUR', 2), account('BTC', 1)];
    expect(activeAccount(list)?.id).toBe('BTC');
    expect(activeAccount([account('EUR', 2)])).toBeNull();
    const next = replaceAccount(list, account('EUR', 2, 5));
    expect(next.map((a) => a.balance)).toEqual([5, 0]);
    expect(replaceAccount(list, account('LTC', 2, 9))).toEqual(list);
  });
});
