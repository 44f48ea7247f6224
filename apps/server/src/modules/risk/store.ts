import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportLimitChange } from './compliance-events.ts';
import { limitHistory, riskLimits } from './schema.ts';

// The risk module's rows: limits and their append-only history. Only this module reads them.

export type LimitRow = typeof riskLimits.$inferSelect;
export type NewLimitRow = typeof riskLimits.$inferInsert;

/** Who changed a limit: the player, the system (a waiting change taking effect) or an operator's id. */
export type Actor = 'player' | 'system' | (string & {});

/**
 * Serialises every limit change of one player (creating two limits of a kind at once, or settling the same
 * waiting change twice) for the rest of the caller's transaction; money movements do not take it.
 */
export async function lockPlayerLimits(tx: Db, playerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`risk.limits:${playerId}`}, 0))`);
}

/** The player's limits that have not ended, oldest first. */
export function liveLimits(db: Db, playerId: string): Promise<LimitRow[]> {
  return db
    .select()
    .from(riskLimits)
    .where(and(eq(riskLimits.playerId, playerId), isNull(riskLimits.endedAt)))
    .orderBy(riskLimits.createdAt, riskLimits.id);
}

/** One live limit of this player; another player's id finds nothing (404 to the caller). */
export async function liveLimit(db: Db, playerId: string, id: string): Promise<LimitRow | null> {
  const [row] = await db
    .select()
    .from(riskLimits)
    .where(and(eq(riskLimits.id, id), eq(riskLimits.playerId, playerId), isNull(riskLimits.endedAt)));
  return row ?? null;
}

/** JSON of a limit for the history (bigint as text, instants as ISO strings). */
export function snapshotOf(row: LimitRow | null): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id' || key === 'playerId') continue;
    out[key] = typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Writes `next` over the limit and one history row (old, new) in the caller's transaction. */
export async function changeLimit(
  tx: Db,
  before: LimitRow | null,
  next: LimitRow,
  change: { actor: Actor; action: string; at: Date },
): Promise<LimitRow> {
  const { id, ...values } = next;
  const [row] = before
    ? await tx.update(riskLimits).set(values).where(eq(riskLimits.id, id)).returning()
    : await tx.insert(riskLimits).values(next).returning();
  await tx.insert(limitHistory).values({
    limitId: id,
    playerId: next.playerId,
    actor: change.actor,
    action: change.action,
    old: snapshotOf(before),
    new: snapshotOf(row!),
    at: change.at,
  });
  // Raises and ended exclusions are compliance's flags (decision 0114): told in this same transaction.
  await reportLimitChange(tx, before, row!, change.action, change.at);
  return row!;
}

/** The history of a player's limits, newest first (for operators and tests). */
export function historyOf(db: Db, playerId: string) {
  return db
    .select()
    .from(limitHistory)
    .where(eq(limitHistory.playerId, playerId))
    .orderBy(sql`${limitHistory.id} desc`);
}
