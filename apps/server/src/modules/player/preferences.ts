import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from './schema.ts';

/** What other modules may know of a player's presentation choices (raw; callers validate). */
export interface PlayerPreferences {
  locale: string | null;
  timeZone: string | null;
}

/**
 * Reads through the caller's connection or transaction on purpose: modules call it inside their own
 * transaction (e.g. a notification written while a payment settles), and on PGlite a second connection
 * would wait for that transaction forever.
 */
export async function preferencesOf(db: Db, playerId: string): Promise<PlayerPreferences | null> {
  const [row] = await db
    .select({ locale: players.locale, timeZone: players.timeZone })
    .from(players)
    .where(eq(players.id, playerId));
  return row ?? null;
}
