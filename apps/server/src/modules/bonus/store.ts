import { and, count, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BonusRow } from './definitions.ts';
import type { PlayerBonusRow } from './present.ts';
import { bonuses, playerBonuses, stakes } from './schema.ts';

// Reads and writes of the bonus tables that several commands share.

export async function bonusById(tx: Db, id: string): Promise<BonusRow | null> {
  const [row] = await tx.select().from(bonuses).where(eq(bonuses.id, id));
  return row ?? null;
}

/** A definition by its stable identity (the operator's key, e.g. `freespins-20`): seeds find theirs by it. */
export async function bonusByIdentity(tx: Db, identity: string): Promise<BonusRow | null> {
  const [row] = await tx.select().from(bonuses).where(eq(bonuses.identity, identity));
  return row ?? null;
}

/** The player's bonus, locked; null when it is not theirs (never someone else's). */
export async function lockPlayerBonus(tx: Db, playerId: string, id: string): Promise<PlayerBonusRow | null> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.id, id), eq(playerBonuses.playerId, playerId)))
    .for('update');
  return row ?? null;
}

export async function activeBonusOf(tx: Db, playerId: string, currency: string): Promise<PlayerBonusRow | null> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.currency, currency), eq(playerBonuses.status, 2)))
    .for('update');
  return row ?? null;
}

/** Rounds staked while the bonus was active that have not paid yet. */
export async function openStakesOf(tx: Db, playerBonusId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(stakes)
    .where(and(eq(stakes.playerBonusId, playerBonusId), not(stakes.settled)));
  return row?.n ?? 0;
}

export async function updatePlayerBonus(
  tx: Db,
  id: string,
  values: Partial<typeof playerBonuses.$inferInsert>,
): Promise<PlayerBonusRow> {
  const [row] = await tx.update(playerBonuses).set(values).where(eq(playerBonuses.id, id)).returning();
  return row!;
}

/** The oldest issued bonus of a currency, next in line once the active one finishes. */
export async function nextIssued(tx: Db, playerId: string, currency: string): Promise<PlayerBonusRow | null> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.currency, currency), eq(playerBonuses.status, 1)))
    .orderBy(playerBonuses.createdAt)
    .limit(1);
  return row ?? null;
}

export async function definitionsOf(tx: Db, ids: string[]): Promise<Map<string, BonusRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(bonuses)
    .where(inArray(bonuses.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
