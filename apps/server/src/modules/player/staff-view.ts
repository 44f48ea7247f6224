import type { Blocks, Profile, StaffPlayerSession } from '@croupier/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toProfile } from './profile.ts';
import { players, sessions } from './schema.ts';

// One player as the back office reads them (backoffice-api.md §4, decision 0107): the profile the player API
// answers, the staff blocks, the sessions. Reads only; the staff module audits each view.

/** The most sessions the back office lists (newest first); older ones stay in the table. */
export const STAFF_SESSIONS_SHOWN = 100;

/** True when the player exists (every staff read of a player's sub-resource answers 404 otherwise). */
export async function isPlayer(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  return row !== undefined;
}

/** The player's profile (the player API's `Profile`, built by `toProfile`) and blocks; null if unknown. */
export async function playerForStaff(db: Db, playerId: string): Promise<{ profile: Profile; blocks: Blocks } | null> {
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  if (!row) return null;
  return {
    profile: toProfile(row),
    blocks: {
      login: row.blockLogin,
      deposit: row.blockDeposit,
      bet: row.blockBet,
      withdrawal: row.blockWithdrawal,
    },
  };
}

/** The player's latest sessions, newest first, with address, country, user agent, times and close reason. */
export async function playerSessionsForStaff(db: Db, playerId: string): Promise<StaffPlayerSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(STAFF_SESSIONS_SHOWN);
  return rows.map((s) => ({
    id: s.id,
    ip: s.ip,
    country: s.country,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    closedAt: s.closedAt?.toISOString() ?? null,
    closedReason: s.closeReason,
  }));
}
