import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { seamlessRounds } from './seamless/schema.ts';

/** One player's stakes and payouts of one currency, minor units. */
export interface PlayerPlayTotal {
  currency: string;
  bets: bigint;
  wins: bigint;
}

/**
 * What one player staked and won in rounds begun since `since`, per currency (the back office's player 360,
 * decision 0107). A round's `bet_total` is already net of rolled-back bets; bonus money is counted with real
 * money, as the game history shows it. Found by seamless_rounds_player_history_idx.
 */
export async function playerPlayTotalsSince(db: Db, playerId: string, since: Date): Promise<PlayerPlayTotal[]> {
  const rows = await db
    .select({
      currency: seamlessRounds.currency,
      bets: sql<string>`coalesce(sum(${seamlessRounds.betTotal}), 0)::text`,
      wins: sql<string>`coalesce(sum(${seamlessRounds.winTotal}), 0)::text`,
    })
    .from(seamlessRounds)
    .where(and(eq(seamlessRounds.playerId, playerId), gte(seamlessRounds.createdAt, since)))
    .groupBy(seamlessRounds.currency)
    .orderBy(seamlessRounds.currency);
  return rows.map((r) => ({ currency: r.currency, bets: BigInt(r.bets), wins: BigInt(r.wins) }));
}
