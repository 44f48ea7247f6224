import { describe, expect, it } from 'vitest';
import { convertFigures, presentConverted } from '../../src/modules/reporting/converted.ts';
import { type RatesTable, seededTable } from '../../src/modules/settings/index.ts';

// Converted figures (decision 0121): exact decimal arithmetic on minor units, rounded half away from zero once
// per figure, ngr = converted ggr − converted bonus cost, the rate date named, null without a rate.

const zero = { deposits: 0n, withdrawals: 0n, ggr: 0n, bonusCost: 0n };

describe('convertFigures', () => {
  it('converts at the table’s rate and names the day of that rate', () => {
    // USD: 108 cents per euro.
    expect(
      convertFigures(seededTable, 'USD', { deposits: 10800n, withdrawals: 54n, ggr: -5000n, bonusCost: 1n }),
    ).toEqual({
      currency: 'EUR',
      rateDate: '2026-11-02',
      deposits: 10000n,
      // 50 cents exactly.
      withdrawals: 50n,
      // −4629.6 → −4630: half away from zero, as for a positive amount.
      ggr: -4630n,
      // 0.93 → 1.
      bonusCost: 1n,
      ngr: -4631n,
    });
  });

  it('rounds a half away from zero', () => {
    const table: RatesTable = {
      base: 'EUR',
      rates: new Map([['USD', { rate: 200, rateTime: '2026-01-05T10:00:00Z' }]]),
    };
    expect(convertFigures(table, 'USD', { ...zero, deposits: 1n, ggr: -1n, bonusCost: 3n })).toMatchObject({
      rateDate: '2026-01-05',
      deposits: 1n,
      ggr: -1n,
      bonusCost: 2n,
      ngr: -3n,
    });
  });

  it('answers null for a currency without a usable rate', () => {
    const table: RatesTable = {
      base: 'EUR',
      rates: new Map([
        ['EUR', { rate: 100, rateTime: '2026-01-05T10:00:00Z' }],
        ['USD', { rate: 0, rateTime: '2026-01-05T10:00:00Z' }],
      ]),
    };
    expect(convertFigures(table, 'USD', zero)).toBeNull();
    expect(convertFigures(table, 'CAD', zero)).toBeNull();
    expect(presentConverted(null)).toBeNull();
  });

  it('presents major units of the base currency', () => {
    expect(presentConverted(convertFigures(seededTable, 'EUR', { ...zero, deposits: 12345n, ggr: 5n }))).toEqual({
      currency: 'EUR',
      rateDate: '2026-11-02',
      deposits: 123.45,
      withdrawals: 0,
      ggr: 0.05,
      bonusCost: 0,
      ngr: 0.05,
    });
  });
});
