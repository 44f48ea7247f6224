import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Sql, statement } from '../../db/lean-sql.ts';
import type { PlayerDeps } from './context.ts';
import { players } from './schema.ts';
import { closeAllSessions, notifySessionsClosed } from './sessions/sessions.ts';

// What the risk module (responsible gaming, docs/decisions/0038) asks of the player module: the player's
// time zone for period windows, and the effects of a self-exclusion on the account.

/**
 * The profile's time zone as a scalar subquery on a uuid parameter (`$1`, `$2`…), for a statement of the
 * money path that needs it next to its own rows: one round trip fewer per movement (decision 0040).
 */
const timeZoneSubquery = (param: string) => `(select time_zone from player.players where id = ${param}::uuid)`;

const TIME_ZONE = statement('player_time_zone', `select ${timeZoneSubquery('$1')} as "timeZone"`);

/** The profile's time zone (IANA id) read inside the caller's transaction; null when unset. */
export async function timeZoneIn(sql: Sql, playerId: string): Promise<string | null> {
  const [row] = await sql.query<{ timeZone: string | null }>(TIME_ZONE, [playerId]);
  return row?.timeZone ?? null;
}

/**
 * A self-exclusion's effects on the account, in the caller's transaction: every open session closes (its
 * tokens are refused on their next request) and every marketing consent is switched off. Answers what to
 * call once that transaction committed: real time then ends the sessions' sockets on every instance.
 */
export async function closeForSelfExclusion(deps: PlayerDeps, tx: Db, playerId: string): Promise<() => void> {
  const closed = await closeAllSessions(tx, playerId, 'self_exclusion');
  await tx
    .update(players)
    .set({ receiveEmailPromo: false, receiveSmsPromo: false, updatedAt: new Date() })
    .where(eq(players.id, playerId));
  return () => notifySessionsClosed(deps, closed);
}
