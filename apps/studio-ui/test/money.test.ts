import { describe, expect, it } from 'vitest';
import { betOptions, formatAmount, formatMoney, formatMultiplier, payFor, sumMinor } from '../src/money.ts';

describe('money', () => {
  it('formats minor units exactly with the currency code', () => {
    expect(formatMoney('1050', 100, 'EUR', 'en')).toBe('10.50\u00a0EUR');
    expect(formatMoney('5', 100, 'EUR', 'en')).toBe('0.05\u00a0EUR');
    expect(formatMoney('0', 100, 'USD', 'en')).toBe('0.00\u00a0USD');
    expect(formatMoney('1234', 1, 'JPY', 'en')).toBe('1,234\u00a0JPY');
    expect(formatMoney('1500', 1000, 'KWD', 'en')).toBe('1.500\u00a0KWD');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatAmount('900719925474099312345', 100, 'en')).toBe('9,007,199,254,740,993,123.45');
    expect(formatAmount('-199', 100, 'en')).toBe('−1.99');
  });

  it('uses the locale separators', () => {
    expect(formatAmount('123456789', 100, 'de')).toBe('1.234.567,89');
    expect(formatAmount('123456789', 100, 'pt-BR')).toBe('1.234.567,89');
  });

  it('computes payouts and multipliers with bigint, rounding down like the engines', () => {
    expect(payFor('100', 9900n, 4950n)).toBe(200n);
    expect(payFor('3', 9900n, 9500n)).toBe(3n);
    expect(formatMultiplier(9900n, 4950n, 4, 'en')).toBe('2.0000×');
    expect(formatMultiplier(9900n, 100n, 2, 'en')).toBe('99.00×');
    expect(sumMinor(['10', '20', 5n])).toBe(35n);
  });

  it('offers only bets within the limits and multiples of betMultiple', () => {
    const limits = {
      minBet: '10',
      maxBet: '5000',
      betSteps: ['5', '10', '25', '50', '100', '9000'],
      betMultiple: '10',
    };
    expect(betOptions(limits)).toEqual(['10', '50', '100', '5000']);
    expect(betOptions({ ...limits, betMultiple: undefined })).toEqual(['10', '25', '50', '100', '5000']);
  });
});
