import { sql } from 'drizzle-orm';
import {
  bonusCostPlayers,
  dailyBonusCost,
  dailyFigures,
  dailyGames,
  dailyPlayers,
  monthlyGames,
  playerMilestones,
} from '../../src/modules/reporting/schema.ts';
import type { TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';
import type { TestStaff } from '../staff/helpers.ts';

// Rollup rows written straight to the reporting tables (the reads are under test here; the consumer that keeps
// them has its own tests), and report calls as a staff member.

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const insertDaily = (t: TestApp, rows: Insert<typeof dailyFigures>[]) =>
  t.database.db.insert(dailyFigures).values(rows);
/**
 * Game days, and what the consumer adds to their months in the same page: each row's figures added to its month's
 * `monthly_games` row (so the games report, which reads whole months there, sees the days written here).
 */
export async function insertGames(t: TestApp, rows: Insert<typeof dailyGames>[]): Promise<void> {
  const db = t.database.db;
  await db.insert(dailyGames).values(rows);
  for (const r of rows) {
    const month = `${String(r.day).slice(0, 7)}-01`;
    const add = (column: string) => sql.raw(`reporting.monthly_games.${column} + excluded.${column}`);
    await db
      .insert(monthlyGames)
      .values({ ...r, day: undefined, month } as Insert<typeof monthlyGames>)
      .onConflictDoUpdate({
        target: [monthlyGames.month, monthlyGames.gameId, monthlyGames.currency],
        set: {
          rounds: add('rounds'),
          stakes: add('stakes'),
          payouts: add('payouts'),
          realStakes: add('real_stakes'),
          realPayouts: add('real_payouts'),
          stakeSquares: add('stake_squares'),
        },
      });
  }
}
export const insertPlayers = (t: TestApp, rows: Insert<typeof dailyPlayers>[]) =>
  t.database.db.insert(dailyPlayers).values(rows);
export const insertBonusCost = (t: TestApp, rows: Insert<typeof dailyBonusCost>[]) =>
  t.database.db.insert(dailyBonusCost).values(rows);
export const insertBonusCostPlayers = (t: TestApp, rows: Insert<typeof bonusCostPlayers>[]) =>
  t.database.db.insert(bonusCostPlayers).values(rows);
export const insertMilestones = (t: TestApp, rows: Insert<typeof playerMilestones>[]) =>
  t.database.db.insert(playerMilestones).values(rows);

/** GET a report as `staff`; `csv` asks for the CSV answer. */
export const report = (t: TestApp, staff: TestStaff, url: string, { csv = false } = {}) =>
  t.request({
    method: 'GET',
    url,
    headers: { ...staff.headers, 'cf-connecting-ip': nextIp(), ...(csv ? { accept: 'text/csv' } : {}) },
  });
