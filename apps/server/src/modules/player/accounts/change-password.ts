import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { hashPassword, verifyPassword } from '../crypto.ts';
import { type MailDeps, mail } from '../mail.ts';
import { players } from '../schema.ts';
import { closeAllSessions, notifySessionsClosed } from '../sessions/sessions.ts';
import { loadPlayer } from './deps.ts';
import { invalid } from './form.ts';

/** A signed-in player's new password, given the current one: every other session of the player ends. */
export async function changePassword(
  deps: Pick<PlayerDeps, 'db' | 'sessionsClosed'> & MailDeps,
  playerId: string,
  sessionId: string,
  currentPassword: string,
  next: string,
  meta: RequestMeta,
): Promise<void> {
  const { db } = deps;
  const player = await loadPlayer(db, playerId);
  if (!(await verifyPassword(player.passwordHash, currentPassword))) {
    await recordEvent(db, { type: 'password_changed', outcome: 'failure', playerId, sessionId, meta });
    throw invalid({ currentPassword: ['The current password is not correct.'] });
  }
  const passwordHash = await hashPassword(next);
  const closed = await db.transaction(async (tx) => {
    await tx.update(players).set({ passwordHash, updatedAt: sql`now()` }).where(eq(players.id, playerId));
    return closeAllSessions(tx as unknown as Db, playerId, 'password_changed', sessionId);
  });
  notifySessionsClosed(deps, closed);
  if (player.email) mail.passwordChanged(deps, player.email);
  await recordEvent(db, {
    type: 'password_changed',
    outcome: 'success',
    playerId,
    sessionId,
    detail: `${closed.length} other session(s) closed`,
    meta,
  });
}
