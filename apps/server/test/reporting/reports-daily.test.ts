import { ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertDaily, report } from './reports-helpers.ts';

// GET /api/backoffice/reports/daily (backoffice-api.md §8, decision 0121): rollup rows as the API answers them,
// in major units per currency, never summed across currencies, with the converted figure naming its rate date.

let t: PlayerTestApp;
let finance: TestStaff;
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  await insertDaily(t, [
    {
      day: '2025-03-01',
      currency: 'EUR',
      deposits: 10050n,
      depositCount: 2,
      withdrawals: 2000n,
      withdrawalCount: 1,
      bets: 50000n,
      wins: 41234n,
      bonusCost: 1500n,
      adjustments: 999n,
      activePlayers: 3,
      newPlayers: 2,
      firstDeposits: 1,
    },
    { day: '2025-03-01', currency: 'USD', deposits: 10800n, bets: 21600n, wins: 16600n, activePlayers: 1 },
    { day: '2025-03-02', currency: 'EUR', bets: 100n, wins: 300n, bonusCost: 50n, activePlayers: 1 },
    { day: '2025-03-05', currency: 'BTC', bets: 123456789n, activePlayers: 1 },
    // Outside the range on both sides.
    { day: '2025-02-28', currency: 'EUR', bets: 1n },
    { day: '2025-04-01', currency: 'EUR', bets: 1n },
  ]);
});
afterAll(() => t.close());

const rate = { currency: 'EUR', rateDate: '2026-11-02' };

describe(`the daily report (${databaseKind})`, () => {
  it('answers one row per day and currency with activity, in major units, GGR and NGR computed, converted to EUR', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/daily?from=2025-03-01&to=2025-03-31');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          date: '2025-03-01',
          currency: 'EUR',
          deposits: 100.5,
          withdrawals: 20,
          bets: 500,
          wins: 412.34,
          ggr: 87.66,
          bonusCost: 15,
          ngr: 72.66,
          activePlayers: 3,
          newPlayers: 2,
          firstDeposits: 1,
          converted: { ...rate, deposits: 100.5, withdrawals: 20, ggr: 87.66, bonusCost: 15, ngr: 72.66 },
        },
        {
          date: '2025-03-01',
          currency: 'USD',
          deposits: 108,
          withdrawals: 0,
          bets: 216,
          wins: 166,
          ggr: 50,
          bonusCost: 0,
          ngr: 50,
          activePlayers: 1,
          newPlayers: 0,
          firstDeposits: 0,
          // 108 USD cents per euro: 100 EUR; 50 USD = 46.296… → 46.30 EUR.
          converted: { ...rate, deposits: 100, withdrawals: 0, ggr: 46.3, bonusCost: 0, ngr: 46.3 },
        },
        {
          date: '2025-03-02',
          currency: 'EUR',
          deposits: 0,
          withdrawals: 0,
          bets: 1,
          wins: 3,
          ggr: -2,
          bonusCost: 0.5,
          ngr: -2.5,
          activePlayers: 1,
          newPlayers: 0,
          firstDeposits: 0,
          converted: { ...rate, deposits: 0, withdrawals: 0, ggr: -2, bonusCost: 0.5, ngr: -2.5 },
        },
        {
          date: '2025-03-05',
          currency: 'BTC',
          deposits: 0,
          withdrawals: 0,
          bets: 1.23456789,
          wins: 0,
          ggr: 1.23456789,
          bonusCost: 0,
          ngr: 1.23456789,
          activePlayers: 1,
          newPlayers: 0,
          firstDeposits: 0,
          // 1666.67 satoshi per euro: 1.23456789 BTC = 74,073.93 EUR.
          converted: { ...rate, deposits: 0, withdrawals: 0, ggr: 74073.93, bonusCost: 0, ngr: 74073.93 },
        },
      ],
    });
  });

  it('keeps one currency when asked, and answers an empty list for a range without activity', async () => {
    const eur = await report(t, finance, '/api/backoffice/reports/daily?from=2025-03-01&to=2025-03-31&currency=EUR');
    expect(eur.json.data.map((r: { date: string; currency: string }) => `${r.date} ${r.currency}`)).toEqual([
      '2025-03-01 EUR',
      '2025-03-02 EUR',
    ]);
    const none = await report(t, finance, '/api/backoffice/reports/daily?from=2024-01-01&to=2024-01-31');
    expect(none.json).toEqual({ data: [] });
  });

  it('answers 366 days, and refuses 367 with 422 and `fields.to`', async () => {
    const year = await report(t, finance, '/api/backoffice/reports/daily?from=2025-01-01&to=2026-01-01');
    expect(year.status).toBe(200);
    expect(year.json.data.map((r: { date: string }) => r.date)).toContain('2025-04-01');
    const longer = await report(t, finance, '/api/backoffice/reports/daily?from=2025-01-01&to=2026-01-02');
    expect(longer.status).toBe(422);
    expect(longer.json.error.code).toBe(ErrorCode.validation);
    expect(Object.keys(longer.json.error.fields)).toEqual(['to']);
  });

  it.each([
    ['to before from', 'from=2025-03-02&to=2025-03-01', 'to'],
    ['an impossible day', 'from=2025-02-30&to=2025-03-01', 'from'],
    ['not a date', 'from=yesterday&to=2025-03-01', 'from'],
    ['a time, not a day', 'from=2025-03-01T00:00:00Z&to=2025-03-02', 'from'],
    ['no from', 'to=2025-03-01', 'from'],
    ['no to', 'from=2025-03-01', 'to'],
    ['a lower-case currency', 'from=2025-03-01&to=2025-03-02&currency=eur', 'currency'],
    ['two values of from', 'from=2025-03-01&from=2025-03-02&to=2025-03-03', 'from'],
  ])('refuses %s with 422 (never 500)', async (_, query, field) => {
    const res = await report(t, finance, `/api/backoffice/reports/daily?${query}`);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe(ErrorCode.validation);
    expect(res.json.error.fields).toHaveProperty(field);
  });
});
