import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { seamlessRounds } from './schema.ts';

// Read-only views of the seamless rounds for the game history (the game module's spins, bets, winners).

export type RoundStatus = 'open' | 'settled' | 'rolled_back';
export type RoundRow = typeof seamlessRounds.$inferSelect;

/**
 * Counting stops here: a count is a scan of the player's index entries, about 1 s for 10M rounds
 * (bench/history). Past the cap `total` says "at least this many"; deeper pages still load by number.
 */
export const ROUND_COUNT_CAP = 100_000;

/** One player's rounds in the given statuses, newest first, one page of them and how many (capped) there are. */
export async function listRounds(
  db: Db,
  { playerId, statuses, page, perPage }: { playerId: string; statuses: RoundStatus[]; page: number; perPage: number },
): Promise<{ rows: RoundRow[]; total: number }> {
  const where = and(eq(seamlessRounds.playerId, playerId), inArray(seamlessRounds.status, statuses));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(seamlessRounds)
      .where(where)
      .orderBy(desc(seamlessRounds.createdAt), desc(seamlessRounds.roundId))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(db.select({ one: sql`1` }).from(seamlessRounds).where(where).limit(ROUND_COUNT_CAP).as('capped')),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The latest settled rounds that paid more than they staked, across players, newest first. */
export async function latestWins(db: Db, { limit }: { limit: number }): Promise<RoundRow[]> {
  return db
    .select()
    .from(seamlessRounds)
    .where(and(eq(seamlessRounds.status, 'settled'), gt(seamlessRounds.winTotal, sql`${seamlessRounds.betTotal}`)))
    .orderBy(desc(seamlessRounds.settledAt), desc(seamlessRounds.roundId))
    .limit(limit);
}
