import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvents } from '../../src/modules/reporting/apply.ts';
import type { LedgerMoved } from '../../src/modules/reporting/events.ts';
import { dailyGamePages, gamePages, splitMonths } from '../../src/modules/reporting/queries/games.ts';
import { collect } from '../../src/modules/reporting/queries/pages.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { insertGames } from './reports-helpers.ts';

// The games report reads whole months from `monthly_games` and the days at the range's ends from `daily_games`
// (decision 0121): it must answer exactly what the days alone answer, for any range; and the consumer keeps each
// month the sum of its days, in the same page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Three games in two currencies, on most days of 2024-11-20 … 2025-03-10 (a leap-free February, a year's turn),
  // each day's figures different, so a day read twice or missed changes a sum.
  const rows = [];
  const start = Date.parse('2024-11-20T00:00:00Z');
  for (let i = 0; i <= 110; i++) {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    for (const [g, gameId] of ['dice', 'plinko', 'acme-rocket'].entries()) {
      for (const currency of ['EUR', 'USD']) {
        if ((i + g) % 7 === 3 && currency === 'USD') continue;
        const rounds = 1 + ((i * 13 + g * 7) % 50);
        rows.push({
          day,
          gameId,
          providerId: gameId === 'acme-rocket' ? 'acme' : 'croupier-studio',
          currency,
          rounds,
          stakes: BigInt(rounds * (100 + g)),
          payouts: BigInt(rounds * (90 + ((i + g) % 20))),
          realStakes: BigInt(rounds * 100),
          realPayouts: BigInt(rounds * 90),
          stakeSquares: String(rounds * (100 + g) ** 2),
        });
      }
    }
  }
  await insertGames(t, rows);
});
afterAll(() => t.close());

const both = async (from: string, to: string, currency?: string, pageSize = 5000) => {
  const range = { from, to, ...(currency ? { currency } : {}) };
  const db = t.database.db;
  return {
    months: await collect(gamePages(db, range, pageSize)),
    days: await collect(dailyGamePages(db, range, pageSize)),
  };
};

describe('splitting a range into whole months and the days at its ends', () => {
  it('reads whole months from the months, the partial ones from the days', () => {
    expect(splitMonths('2025-01-15', '2025-03-10')).toEqual({
      months: { from: '2025-02-01', to: '2025-02-01' },
      days: [
        { from: '2025-01-15', to: '2025-01-31' },
        { from: '2025-03-01', to: '2025-03-10' },
      ],
    });
    expect(splitMonths('2024-12-01', '2025-02-28')).toEqual({
      months: { from: '2024-12-01', to: '2025-02-01' },
      days: [],
    });
    expect(splitMonths('2024-02-01', '2024-02-29').months).toEqual({ from: '2024-02-01', to: '2024-02-01' });
    expect(splitMonths('2024-02-01', '2024-02-28')).toEqual({
      months: null,
      days: [{ from: '2024-02-01', to: '2024-02-28' }],
    });
    expect(splitMonths('2025-01-31', '2025-02-01')).toEqual({
      months: null,
      days: [{ from: '2025-01-31', to: '2025-02-01' }],
    });
    expect(splitMonths('2025-03-05', '2025-03-05')).toEqual({
      months: null,
      days: [{ from: '2025-03-05', to: '2025-03-05' }],
    });
    expect(splitMonths('2024-12-31', '2025-12-31')).toEqual({
      months: { from: '2025-01-01', to: '2025-12-01' },
      days: [{ from: '2024-12-31', to: '2024-12-31' }],
    });
  });
});

describe(`the games report over months and days (${databaseKind})`, () => {
  const ranges: [string, string, string][] = [
    ['starts and ends mid-month', '2024-11-25', '2025-02-14'],
    ['starts mid-month, ends on a month end', '2024-12-10', '2025-01-31'],
    ['starts on a month start, ends mid-month', '2024-12-01', '2025-03-03'],
    ['exactly whole months', '2024-12-01', '2025-02-28'],
    ['exactly one whole month', '2025-01-01', '2025-01-31'],
    ['inside one month', '2025-01-05', '2025-01-20'],
    ['across a month end, no whole month', '2025-01-31', '2025-02-01'],
    ['a single day', '2025-02-14', '2025-02-14'],
    ['a single first of the month', '2025-02-01', '2025-02-01'],
    ['a year, more than the data', '2024-06-01', '2025-05-31'],
    ['nothing played', '2023-01-01', '2023-03-31'],
  ];
  it.each(ranges)('%s (%s … %s): the same sums as the days alone', async (_, from, to) => {
    const { months, days } = await both(from, to);
    expect(months).toEqual(days);
    // Something to compare: every game in EUR, USD on most days.
    if (from >= '2024-11-20' && from <= '2025-03-10') expect(days.length).toBeGreaterThanOrEqual(5);
  });

  it('the same with one currency, and page by page (the keyset runs through both tables)', async () => {
    for (const [, from, to] of ranges) {
      const { months, days } = await both(from, to, 'USD', 2);
      expect(months).toEqual(days);
    }
    const { months } = await both('2024-11-25', '2025-02-14', undefined, 4);
    expect(months.map((r) => `${r.game} ${r.currency}`)).toEqual([
      'acme-rocket EUR',
      'acme-rocket USD',
      'dice EUR',
      'dice USD',
      'plinko EUR',
      'plinko USD',
    ]);
  });
});

describe(`the consumer keeps the months (${databaseKind})`, () => {
  it('adds each page to the month of each day, in the same transaction: a month is the sum of its days', async () => {
    const x = crypto.randomUUID();
    const bet = (at: string, amount: string, gameId = 'slot-m'): LedgerMoved => ({
      kind: 'ledger.moved',
      ledgerId: crypto.randomUUID(),
      type: 'game.bet',
      playerId: x,
      accountId: x,
      currency: 'SEK',
      real: `-${amount}`,
      bonus: '0',
      locked: '0',
      converted: '0',
      at,
      game: { providerId: 'acme', gameId, roundId: at, transactionId: at, movement: 'bet', amount, freeSpin: false },
    });
    const page = (events: LedgerMoved[]) => t.database.db.transaction((tx) => applyEvents(tx as never, events));
    await page([bet('2021-05-30T10:00:00.000Z', '100'), bet('2021-05-31T23:59:59.000Z', '250')]);
    await page([bet('2021-06-01T00:00:00.000Z', '300'), bet('2021-05-02T08:00:00.000Z', '50', 'slot-n')]);
    const result = await t.database.db.execute(sql`
      select month::text as month, game_id as game, rounds, stakes::text as stakes,
             stake_squares::text as squares, real_stakes::text as real
        from reporting.monthly_games where currency = 'SEK' order by month, game_id`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      {
        month: '2021-05-01',
        game: 'slot-m',
        rounds: 2,
        stakes: '350',
        squares: String(100 ** 2 + 250 ** 2),
        real: '350',
      },
      { month: '2021-05-01', game: 'slot-n', rounds: 1, stakes: '50', squares: '2500', real: '50' },
      { month: '2021-06-01', game: 'slot-m', rounds: 1, stakes: '300', squares: '90000', real: '300' },
    ]);
    const { months, days } = await both('2021-05-01', '2021-06-30', 'SEK');
    expect(months).toEqual(days);
    expect(months.map((r) => [r.game, r.rounds, r.stakes])).toEqual([
      ['slot-m', 3, 650n],
      ['slot-n', 1, 50n],
    ]);
  });
});
