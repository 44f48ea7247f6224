import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dailyFigures } from '../schema.ts';
import { keysetPages } from './pages.ts';

/** A report's range: UTC days, both ends included, and an optional currency. */
export interface DayRange {
  from: string;
  to: string;
  currency?: string;
}

/** One UTC day in one currency, minor units (the rollup row; `ggr` and `ngr` are the reader's). */
export interface DailyFigures {
  day: string;
  currency: string;
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  wins: bigint;
  bonusCost: bigint;
  activePlayers: number;
  newPlayers: number;
  firstDeposits: number;
}

const columns = {
  day: dailyFigures.day,
  currency: dailyFigures.currency,
  deposits: dailyFigures.deposits,
  withdrawals: dailyFigures.withdrawals,
  bets: dailyFigures.bets,
  wins: dailyFigures.wins,
  bonusCost: dailyFigures.bonusCost,
  activePlayers: dailyFigures.activePlayers,
  newPlayers: dailyFigures.newPlayers,
  firstDeposits: dailyFigures.firstDeposits,
};

/**
 * The daily report's rows, oldest day first, currencies in code order: a range scan of the primary key
 * (day, currency), one page per statement. Rows exist only for a day and currency with activity.
 */
export function dailyPages(db: Db, range: DayRange, pageSize: number): AsyncGenerator<DailyFigures[]> {
  return keysetPages<DailyFigures>((after, limit) => {
    const where: (SQL | undefined)[] = [
      gte(dailyFigures.day, range.from),
      lte(dailyFigures.day, range.to),
      range.currency ? eq(dailyFigures.currency, range.currency) : undefined,
      after
        ? sql`(${dailyFigures.day}, ${dailyFigures.currency}) > (${after.day}::date, ${after.currency})`
        : undefined,
    ];
    return db
      .select(columns)
      .from(dailyFigures)
      .where(and(...where))
      .orderBy(asc(dailyFigures.day), asc(dailyFigures.currency))
      .limit(limit);
  }, pageSize);
}
