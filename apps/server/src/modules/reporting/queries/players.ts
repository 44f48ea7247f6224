import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dailyPlayers } from '../schema.ts';
import type { DayRange } from './daily.ts';
import { bigintOf } from './pages.ts';

/** One player in one currency over a range, minor units (sums of `reporting.daily_players`). */
export interface PlayerFigures {
  playerId: string;
  currency: string;
  bets: bigint;
  wins: bigint;
  deposits: bigint;
  withdrawals: bigint;
}

export interface TopPlayersQuery extends DayRange {
  /** winners: the largest `wins − bets` first; losers: the largest `bets − wins` first. */
  order: 'winners' | 'losers';
  limit: number;
}

/**
 * Top winners or losers: `daily_players` rows of the range summed per player and currency, then ranked WITHIN
 * each currency by real-money result (amounts of different currencies are never compared, §1), the first
 * `limit` of each currency kept, currencies in code order. Only players on that side of the house: a winner won
 * more than they staked, a loser staked more than they won. Ties by player id, so the order is stable.
 */
export async function topPlayers(db: Db, query: TopPlayersQuery): Promise<PlayerFigures[]> {
  const t = dailyPlayers;
  const result = sql`sum(${t.bets}) - sum(${t.wins})`;
  const where: (SQL | undefined)[] = [
    gte(t.day, query.from),
    lte(t.day, query.to),
    query.currency ? eq(t.currency, query.currency) : undefined,
  ];
  const direction = query.order === 'winners' ? sql`asc` : sql`desc`;
  const ranked = db
    .select({
      playerId: t.playerId,
      currency: t.currency,
      bets: sql<string>`sum(${t.bets})::text`.as('bets'),
      wins: sql<string>`sum(${t.wins})::text`.as('wins'),
      deposits: sql<string>`sum(${t.deposits})::text`.as('deposits'),
      withdrawals: sql<string>`sum(${t.withdrawals})::text`.as('withdrawals'),
      rank: sql<number>`row_number() over (partition by ${t.currency} order by ${result} ${direction}, ${t.playerId})`.as(
        'rank',
      ),
    })
    .from(t)
    .where(and(...where))
    .groupBy(t.playerId, t.currency)
    .having(query.order === 'winners' ? sql`${result} < 0` : sql`${result} > 0`)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, query.limit))
    .orderBy(asc(ranked.currency), asc(ranked.rank));
  return rows.map((r) => ({
    playerId: r.playerId,
    currency: r.currency,
    bets: bigintOf(r.bets),
    wins: bigintOf(r.wins),
    deposits: bigintOf(r.deposits),
    withdrawals: bigintOf(r.withdrawals),
  }));
}
