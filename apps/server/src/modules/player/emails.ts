import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from './schema.ts';

/** The e-mail of each of these players (null: none given), for a back-office list of many players at once. */
export async function emailsOf(db: Db, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, email: players.email })
    .from(players)
    .where(inArray(players.id, [...new Set(playerIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}
