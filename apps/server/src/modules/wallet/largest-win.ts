import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The largest win of one round (minor units, 0 when none) of a player in `currency` since `from`, for the
 * withdrawal review's "large share from one win" flag (decision 0112). Rounds rolled back do not count. Walks
 * the player's history index.
 */
export async function largestWinSince(db: Db, playerId: string, currency: string, from: Date): Promise<bigint> {
  const result = await db.execute(sql`
    select coalesce(max(r.win_total), 0)::text as win
      from wallet.seamless_rounds r
     where r.player_id = ${playerId} and r.created_at >= ${from} and r.currency = ${currency}
       and r.status <> 'rolled_back'`);
  const [row] = (result as unknown as { rows: { win: string }[] }).rows;
  return BigInt(row?.win ?? '0');
}
