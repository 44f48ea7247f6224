import type { RealityCheck, SetRealityCheckRequest } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { realityChecks, sessionPlay } from './reality-schema.ts';
import type { RiskDeps } from './service.ts';

// Reality checks (UKGC RTS 13, docs/decisions/0057): the interval a player chose, and the session's stakes
// and wins since the last sign-in, counted by the money path from the movements it sees (never another
// module's tables): the limits rule's one statement counts them. The site shows them over real play every
// interval and in the game page's header.

/** A sign-in starts a new play session: its time, and totals from zero. */
export function sessionOnSignIn(deps: Pick<RiskDeps, 'now'>) {
  return async (playerId: string, db: Db): Promise<void> => {
    const now = deps.now();
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.delete(sessionPlay).where(eq(sessionPlay.playerId, playerId));
      await tx
        .insert(realityChecks)
        .values({ playerId, intervalMinutes: 0, sessionStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: realityChecks.playerId, set: { sessionStartedAt: now, updatedAt: now } });
    });
  };
}

/** GET and PUT /api/player/reality-check. */
export function createRealityCheckApi(deps: Pick<RiskDeps, 'db' | 'now'>) {
  /** The player's row; a player who came in by registering gets one now (the session starts here). */
  async function rowOf(playerId: string) {
    const now = deps.now();
    await deps.db
      .insert(realityChecks)
      .values({ playerId, intervalMinutes: 0, sessionStartedAt: now, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await deps.db.select().from(realityChecks).where(eq(realityChecks.playerId, playerId));
    return row!;
  }

  async function present(playerId: string): Promise<RealityCheck> {
    const row = await rowOf(playerId);
    const totals = await deps.db
      .select()
      .from(sessionPlay)
      .where(eq(sessionPlay.playerId, playerId))
      .orderBy(sessionPlay.currency);
    return {
      interval: row.intervalMinutes,
      sessionStartedAt: row.sessionStartedAt.toISOString(),
      totals: totals.map((s) => {
        const stakes = toMajor(s.staked, s.currency);
        const wins = toMajor(s.won, s.currency);
        return { currency: s.currency, stakes, wins, net: toMajor(s.won - s.staked, s.currency) };
      }),
    };
  }

  return {
    get: present,
    async set(playerId: string, body: SetRealityCheckRequest): Promise<RealityCheck> {
      await rowOf(playerId);
      await deps.db
        .update(realityChecks)
        .set({ intervalMinutes: body.interval, updatedAt: deps.now() })
        .where(eq(realityChecks.playerId, playerId));
      return present(playerId);
    },
  };
}

export type RealityCheckApi = ReturnType<typeof createRealityCheckApi>;
