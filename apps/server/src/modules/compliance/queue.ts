import { ApiError, ErrorCode, type Flag, type FlagsQuery, pageMeta } from '@croupier/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SEVERITY_RANK } from './kinds.ts';
import { type FlagRow, presentFlag } from './present.ts';
import { announceFlagsMoved } from './raise.ts';
import { flags, interactions } from './schema.ts';

// The flags queue as compliance staff work it: severity first, then the latest sighting; server paging.

const notFound = () => ApiError.of(ErrorCode.notFound, 'Flag not found.');

export async function listFlags(db: Db, query: FlagsQuery) {
  const where: SQL[] = [];
  if (query.list) where.push(eq(flags.list, query.list));
  if (query.status === 'active') where.push(inArray(flags.status, ['open', 'reviewed']));
  else if (query.status) where.push(eq(flags.status, query.status));
  if (query.severity) where.push(eq(flags.severity, SEVERITY_RANK[query.severity]));
  if (query.kind) where.push(eq(flags.kind, query.kind));
  if (query.playerId) where.push(eq(flags.playerId, query.playerId));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(flags)
      .where(filter)
      .orderBy(desc(flags.severity), desc(flags.lastSeenAt), desc(flags.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(flags).where(filter),
  ]);
  return { data: rows.map(presentFlag), meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

export async function getFlag(db: Db, id: string): Promise<Flag> {
  const [row] = await db.select().from(flags).where(eq(flags.id, id));
  if (!row) throw notFound();
  return presentFlag(row);
}

/** Flags not closed yet (the dashboard's `flagsOpen` tile; `flags_queue_idx`). */
export async function openFlagsCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flags)
    .where(inArray(flags.status, ['open', 'reviewed']));
  return Number(row?.n ?? 0);
}

/** The player's flags not closed, newest first (the player 360). */
export async function playerFlags(db: Db, playerId: string, limit = 50): Promise<Flag[]> {
  const rows = await db
    .select()
    .from(flags)
    .where(and(eq(flags.playerId, playerId), inArray(flags.status, ['open', 'reviewed'])))
    .orderBy(desc(flags.lastSeenAt))
    .limit(limit);
  return rows.map(presentFlag);
}

export async function lockFlag(tx: Db, id: string): Promise<FlagRow> {
  const [row] = await tx.select().from(flags).where(eq(flags.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export interface CloseFlag {
  staffId: string;
  reason: string;
  interactionId?: string | undefined;
  now: Date;
}

/**
 * Closes a flag in the caller's transaction (who writes the audit row with it): 20005 when closed already;
 * the interaction, when given, must be about the flag's player (422). Answers the flag before and after.
 */
export async function closeFlag(tx: Db, id: string, input: CloseFlag): Promise<{ before: Flag; after: Flag }> {
  const row = await lockFlag(tx, id);
  if (row.status === 'closed') throw ApiError.of(ErrorCode.alreadyDecided, 'This flag is closed already.');
  if (input.interactionId) {
    const [interaction] = await tx
      .select({ playerId: interactions.playerId })
      .from(interactions)
      .where(eq(interactions.id, input.interactionId));
    if (interaction?.playerId !== row.playerId) {
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
        interactionId: ['No interaction about this player has this id.'],
      });
    }
  }
  const [after] = await tx
    .update(flags)
    .set({
      status: 'closed',
      closedAt: input.now,
      closedBy: input.staffId,
      closeReason: input.reason,
      interactionId: input.interactionId ?? row.interactionId,
    })
    .where(eq(flags.id, id))
    .returning();
  await announceFlagsMoved(tx);
  return { before: presentFlag(row), after: presentFlag(after!) };
}
