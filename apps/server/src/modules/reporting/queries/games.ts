import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dailyGames } from '../schema.ts';
import type { DayRange } from './daily.ts';
import { bigintOf, keysetPages } from './pages.ts';

/** One game in one currency over a range, minor units (sums of `reporting.daily_games`). */
export interface GameFigures {
  /** The game's identity, as the events name it. */
  game: string;
  providerId: string;
  currency: string;
  rounds: number;
  stakes: bigint;
  payouts: bigint;
  realStakes: bigint;
  realPayouts: bigint;
  /** Σ stake² (the RTP interval's spread; 0 on rows written before the rollup kept it). */
  stakeSquares: bigint;
}

interface Summed {
  game: string;
  currency: string;
  providerId: string;
  rounds: string;
  stakes: string;
  payouts: string;
  realStakes: string;
  realPayouts: string;
  stakeSquares: string;
}

const summed = {
  game: dailyGames.gameId,
  currency: dailyGames.currency,
  // One provider per game identity; min() only names it in a grouped row.
  providerId: sql<string>`min(${dailyGames.providerId})`,
  rounds: sql<string>`sum(${dailyGames.rounds})::text`,
  stakes: sql<string>`sum(${dailyGames.stakes})::text`,
  payouts: sql<string>`sum(${dailyGames.payouts})::text`,
  realStakes: sql<string>`sum(${dailyGames.realStakes})::text`,
  realPayouts: sql<string>`sum(${dailyGames.realPayouts})::text`,
  stakeSquares: sql<string>`sum(${dailyGames.stakeSquares})::text`,
};

const toFigures = (r: Summed): GameFigures => ({
  game: r.game,
  providerId: r.providerId,
  currency: r.currency,
  rounds: Number(r.rounds),
  stakes: bigintOf(r.stakes),
  payouts: bigintOf(r.payouts),
  realStakes: bigintOf(r.realStakes),
  realPayouts: bigintOf(r.realPayouts),
  stakeSquares: bigintOf(r.stakeSquares),
});

/** A range's whole calendar months (first days) and the days at its two ends outside them (UTC, inclusive). */
export interface MonthSplit {
  /** First day of the first and of the last whole month; null when the range holds no whole month. */
  months: { from: string; to: string } | null;
  /** The days to read from `daily_games`: the range itself when it holds no whole month. */
  days: { from: string; to: string }[];
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(utc(day).getTime() + n * 86_400_000));
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = utc(monthStart(day));
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
};

/** Splits `from..to` into whole months and the partial months at its ends. */
export function splitMonths(from: string, to: string): MonthSplit {
  const first = from === monthStart(from) ? from : nextMonth(from);
  // The month after the last whole one starts the day after `to` when `to` ends its month.
  const afterLast = addDays(to, 1) === nextMonth(to) ? nextMonth(to) : monthStart(to);
  if (first >= afterLast) return { months: null, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  if (from < first) days.push({ from, to: addDays(first, -1) });
  if (afterLast <= to) days.push({ from: afterLast, to });
  return { months: { from: first, to: monthStart(addDays(afterLast, -1)) }, days };
}

const FIGURES = sql.raw(
  'game_id, provider_id, currency, rounds, stakes, payouts, real_stakes, real_payouts, stake_squares',
);

/**
 * The games report's sums, by game identity then currency: whole months from `monthly_games` and the days at
 * the range's two ends from `daily_games` (a year is ~12 month rows and up to ~60 day rows per game and currency,
 * not 366), in one UNION ALL grouped per game and currency, the same sums as the days alone. A page starts after
 * the last group of the page before (a condition on the grouping key, applied in each branch before the
 * aggregate), and each branch reads through its primary key's leading column.
 */
export function gamePages(db: Db, range: DayRange, pageSize: number): AsyncGenerator<GameFigures[]> {
  const split = splitMonths(range.from, range.to);
  return keysetPages<GameFigures>(async (after, limit) => {
    const common = (rest: SQL[]) => {
      if (range.currency) rest.push(sql`currency = ${range.currency}`);
      if (after) rest.push(sql`(game_id, currency) > (${after.game}, ${after.currency})`);
      return sql.join(rest, sql` and `);
    };
    const branches: SQL[] = [];
    if (split.months) {
      branches.push(
        sql`select ${FIGURES} from reporting.monthly_games
             where ${common([sql`month >= ${split.months.from}`, sql`month <= ${split.months.to}`])}`,
      );
    }
    for (const d of split.days) {
      branches.push(
        sql`select ${FIGURES} from reporting.daily_games
             where ${common([sql`day >= ${d.from}`, sql`day <= ${d.to}`])}`,
      );
    }
    const result = await db.execute(sql`
      select game_id as game, currency, min(provider_id) as "providerId", sum(rounds)::text as rounds,
             sum(stakes)::text as stakes, sum(payouts)::text as payouts, sum(real_stakes)::text as "realStakes",
             sum(real_payouts)::text as "realPayouts", sum(stake_squares)::text as "stakeSquares"
        from (${sql.join(branches, sql` union all `)}) x
       group by game_id, currency
       order by game_id, currency
       limit ${limit}`);
    return (result as unknown as { rows: Summed[] }).rows.map(toFigures);
  }, pageSize);
}

/**
 * The same sums from `daily_games` alone (the path before `monthly_games`): what the month path must answer,
 * for the tests and the bench's before/after. Not used by the report.
 */
export function dailyGamePages(db: Db, range: DayRange, pageSize: number): AsyncGenerator<GameFigures[]> {
  return keysetPages<GameFigures>(async (after, limit) => {
    const where: (SQL | undefined)[] = [
      gte(dailyGames.day, range.from),
      lte(dailyGames.day, range.to),
      range.currency ? eq(dailyGames.currency, range.currency) : undefined,
      after ? sql`(${dailyGames.gameId}, ${dailyGames.currency}) > (${after.game}, ${after.currency})` : undefined,
    ];
    const rows = await db
      .select(summed)
      .from(dailyGames)
      .where(and(...where))
      .groupBy(dailyGames.gameId, dailyGames.currency)
      .orderBy(asc(dailyGames.gameId), asc(dailyGames.currency))
      .limit(limit);
    return rows.map(toFigures);
  }, pageSize);
}
