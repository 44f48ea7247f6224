import type { DailyReportRow } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisDay,
  trendCurrencies,
  trendSeries,
  trendSummary,
  withToday,
} from '../app/features/dashboard/trend-series.ts';
import { csvFileName, csvHref } from '../app/features/reports/csv.ts';
import {
  convertedHeading,
  findingDifference,
  formatHours,
  formatInterval,
  formatPercent,
  rtpStanding,
} from '../app/features/reports/figures.ts';
import {
  addDays,
  currencyOf,
  dayOf,
  daysIn,
  lastDays,
  outsideOnlyOf,
  playersFiltersOf,
  rangeOf,
  rangeProblem,
  tabOf,
} from '../app/features/reports/params.ts';
import { outcomeText, roundPath, verdictOf } from '../app/features/rounds/verdict.ts';

// Issue 28's screens (decision 0121): report filters in the address, the CSV link, figures and the RTP
// monitor's words, the dashboard's per-currency trends, the round replay's verdict.

const NOW = new Date('2025-03-31T15:00:00Z');
const q = (text: string) => new URLSearchParams(text);

describe('report filters in the address', () => {
  it('reads real UTC days only', () => {
    expect(dayOf('2025-02-28')).toBe('2025-02-28');
    expect(dayOf(' 2024-02-29 ')).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-1', 'yesterday', '', null, undefined]) {
      expect(dayOf(bad)).toBeUndefined();
    }
  });

  it('counts and moves days across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysIn('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysIn('2025-01-01', '2025-12-31')).toBe(365);
    expect(lastDays(30, NOW)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
  });

  it('defaults to the last 30 days up to today, and a lone `to` to the 30 days before it', () => {
    expect(rangeOf(q(''), NOW)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(rangeOf(q('to=2025-01-30'), NOW)).toEqual({ from: '2025-01-01', to: '2025-01-30' });
    expect(rangeOf(q('from=2025-03-10&to=2025-03-12&currency=eur'), NOW)).toEqual({
      from: '2025-03-10',
      to: '2025-03-12',
      currency: 'EUR',
    });
    // Malformed values fall back rather than reach the API.
    expect(rangeOf(q('from=2025-02-30&currency=e'), NOW)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
  });

  it('says what the API would refuse before asking it', () => {
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-03-02', to: '2025-03-01' })).toMatch(/before/);
    // 366 days both included is the most (ReportRange); 367 is refused.
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' })).toMatch(/at most 366 days/);
  });

  it('reads the currency, the tab, the players order and size, and the RTP monitor view', () => {
    expect(currencyOf('usdt')).toBe('USDT');
    expect(currencyOf('EURO12')).toBeUndefined();
    expect(currencyOf('E-R')).toBeUndefined();
    expect(tabOf('games')).toBe('games');
    expect(tabOf('nope')).toBe('daily');
    expect(tabOf(null)).toBe('daily');
    expect(playersFiltersOf(q('order=winners&limit=50'), NOW)).toMatchObject({ order: 'winners', limit: 50 });
    expect(playersFiltersOf(q('order=x&limit=7'), NOW)).toMatchObject({ order: 'losers', limit: 25 });
    expect(outsideOnlyOf(q('outside=1'))).toBe(true);
    expect(outsideOnlyOf(q('outside=yes'))).toBe(false);
  });
});

describe('the CSV link', () => {
  it('is the report’s own path with its query and format=csv, undefined left out', () => {
    expect(csvHref('daily', { from: '2025-03-01', to: '2025-03-31', currency: undefined })).toBe(
      '/api/backoffice/reports/daily?from=2025-03-01&to=2025-03-31&format=csv',
    );
    expect(
      csvHref('players', { from: '2025-03-01', to: '2025-03-31', currency: 'EUR', order: 'winners', limit: 10 }),
    ).toBe(
      '/api/backoffice/reports/players?from=2025-03-01&to=2025-03-31&currency=EUR&order=winners&limit=10&format=csv',
    );
    expect(csvHref('bonusCost', { from: '2025-03-01', to: '2025-03-02' })).toMatch(
      /^\/api\/backoffice\/reports\/bonus-cost\?/,
    );
  });

  it('names the file after the report, the range and the currency', () => {
    expect(csvFileName('daily', { from: '2025-03-01', to: '2025-03-31' })).toBe(
      'croupier-daily-2025-03-01-2025-03-31.csv',
    );
    expect(csvFileName('games', { from: '2025-03-01', to: '2025-03-31', currency: 'BTC' })).toBe(
      'croupier-games-2025-03-01-2025-03-31-BTC.csv',
    );
  });
});

describe('report figures', () => {
  it('shows percentages, intervals and hours, or a dash without a figure', () => {
    expect(formatPercent(96.5)).toBe('96.50 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatInterval(95.123, 97.9)).toBe('95.12–97.90 %');
    expect(formatInterval(null, 97)).toBe('—');
    expect(formatHours(5.25)).toBe('5.3 h');
    expect(formatHours(72)).toBe('3 d');
    expect(formatHours(null)).toBe('—');
  });

  it('says where a game’s RTP stands, in a word', () => {
    const row = { outside: false, rtp: 96, rtpLow: 95, rtpHigh: 97 };
    expect(rtpStanding(row)).toBe('within');
    expect(rtpStanding({ ...row, rtp: 99, outside: true })).toBe('outside');
    expect(rtpStanding({ ...row, rtpLow: null, rtpHigh: null })).toBe('unknown');
    expect(rtpStanding({ ...row, rtp: null })).toBe('unknown');
  });

  it('names the converted column’s currency and rate day when the rows share them', () => {
    const c = (currency: string, rateDate: string) => ({
      converted: { currency, rateDate, deposits: 0, withdrawals: 0, ggr: 0, bonusCost: 0, ngr: 0 },
    });
    expect(convertedHeading('NGR', [c('EUR', '2025-03-31'), c('EUR', '2025-03-31'), { converted: null }])).toBe(
      'NGR in EUR, rates of 2025-03-31',
    );
    expect(convertedHeading('NGR', [c('EUR', '2025-03-30'), c('EUR', '2025-03-31')])).toBe('NGR in EUR');
    expect(convertedHeading('GGR', [])).toBe('GGR converted');
  });

  it('computes a reconciliation difference exactly, past a float’s precision', () => {
    expect(findingDifference('100', '150')).toBe('+50');
    expect(findingDifference('150', '100')).toBe('-50');
    expect(findingDifference('0', '0')).toBe('0');
    expect(findingDifference('9007199254740993', '9007199254740995')).toBe('+2');
    expect(findingDifference('1.5', '2')).toBeNull();
  });
});

const day = (date: string, currency: string, figures: Partial<DailyReportRow> = {}): DailyReportRow => ({
  date,
  currency,
  deposits: 0,
  withdrawals: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  bonusCost: 0,
  ngr: 0,
  activePlayers: 0,
  newPlayers: 0,
  firstDeposits: 0,
  converted: null,
  ...figures,
});

describe('the dashboard’s trends', () => {
  const rows = [
    day('2025-03-30', 'EUR', { ggr: 12.5, deposits: 100, activePlayers: 3 }),
    day('2025-03-31', 'EUR', { ggr: -4, withdrawals: 20, activePlayers: 2 }),
    day('2025-03-31', 'BTC', { ggr: 0.001 }),
    day('2025-03-29', 'EUR'),
    day('2025-03-29', 'USD'),
  ];

  it('lists the currencies, the busiest first', () => {
    expect(trendCurrencies(rows)).toEqual(['EUR', 'BTC', 'USD']);
    expect(trendCurrencies([])).toEqual([]);
  });

  it('has a point for every day of the range in one currency, zero on a quiet day, never another currency', () => {
    const points = trendSeries(rows, 'EUR', '2025-03-28', '2025-03-31');
    expect(points.map((p) => p.date)).toEqual(['2025-03-28', '2025-03-29', '2025-03-30', '2025-03-31']);
    expect(points.map((p) => p.ggr)).toEqual([0, 0, 12.5, -4]);
    expect(points[2]).toMatchObject({ deposits: 100, withdrawals: 0, activePlayers: 3 });
    expect(trendSeries(rows, 'BTC', '2025-03-30', '2025-03-31').map((p) => p.ggr)).toEqual([0, 0.001]);
  });

  it('takes today’s point from the live tiles, once they have come', () => {
    const live = [day('2025-03-31', 'EUR', { ggr: 7 }), day('2025-03-31', 'USD', { ggr: 1 })];
    const merged = withToday(rows, live, '2025-03-31');
    expect(merged.filter((r) => r.date === '2025-03-31').map((r) => [r.currency, r.ggr])).toEqual([
      ['EUR', 7],
      ['USD', 1],
    ]);
    expect(merged.filter((r) => r.date !== '2025-03-31')).toHaveLength(3);
    expect(withToday(rows, undefined, '2025-03-31')).toEqual(rows);
  });

  it('says the trend in a sentence for screen readers', () => {
    const points = trendSeries(rows, 'EUR', '2025-03-29', '2025-03-31');
    expect(trendSummary(points, 'ggr', 'GGR', 'EUR')).toBe(
      'GGR, 2025-03-29 to 2025-03-31: highest 12.50 EUR on 2025-03-30, lowest -4.00 EUR on 2025-03-31, latest -4.00 EUR on 2025-03-31.',
    );
    expect(trendSummary(points, 'activePlayers', 'Active players', null)).toContain('highest 3 on 2025-03-30');
    expect(trendSummary([], 'ggr', 'GGR', 'EUR')).toBe('GGR: no data.');
    expect(axisDay('2025-03-31')).toBe('03-31');
  });
});

describe('the round replay’s verdict', () => {
  const fairness = {
    serverSeedHash: 'h',
    serverSeed: 's',
    clientSeed: 'c',
    nonce: 1,
    outcome: { roll: 42 },
    verified: true,
    detail: null,
  };

  it('says Verified only when the verifier agreed', () => {
    expect(verdictOf({ verified: true, fairness })).toMatchObject({ verified: true, label: 'Verified' });
  });

  it('says Not verified, and why', () => {
    expect(verdictOf({ verified: false, fairness: null })).toMatchObject({
      label: 'Not verified',
      reason: expect.stringMatching(/no provably-fair data/),
    });
    expect(verdictOf({ verified: false, fairness: { ...fairness, serverSeed: null, verified: null } }).reason).toMatch(
      /still in use/,
    );
    expect(
      verdictOf({ verified: false, fairness: { ...fairness, verified: false, detail: 'roll 41 ≠ 42' } }).reason,
    ).toBe('roll 41 ≠ 42');
  });

  it('links a round by its id as one path segment, and shows its outcome as JSON', () => {
    expect(roundPath('croupier-studio:abc/1')).toBe('/rounds/croupier-studio%3Aabc%2F1');
    expect(outcomeText({ roll: 42 })).toBe('{\n  "roll": 42\n}');
    expect(outcomeText(null)).toBe('—');
  });
});
