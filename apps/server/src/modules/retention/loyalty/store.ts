import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Program } from './points.ts';
import { loyaltyAccounts, loyaltyLevels, loyaltyProgram } from './schema.ts';

export type LevelRow = typeof loyaltyLevels.$inferSelect;
export type AccountRow = typeof loyaltyAccounts.$inferSelect;

/** Every level, lowest first (a handful of rows: read whole). */
export function levelsOf(db: Db): Promise<LevelRow[]> {
  return db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.order));
}

export async function levelsPage(
  db: Db,
  q: { page: number; perPage: number; sortBy: 'order' | 'points'; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: LevelRow[]; total: number }> {
  const column = q.sortBy === 'points' ? loyaltyLevels.points : loyaltyLevels.order;
  const rows = await db
    .select()
    .from(loyaltyLevels)
    .orderBy(q.sortOrder === 'desc' ? desc(column) : asc(column), asc(loyaltyLevels.order))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(loyaltyLevels);
  return { rows, total: count?.n ?? 0 };
}

export async function programOf(db: Db): Promise<Program> {
  const [row] = await db.select().from(loyaltyProgram).where(eq(loyaltyProgram.id, 1));
  return row ?? { id: 1, pointsPerBaseUnit: '1', defaultContribution: 100, contributions: {} };
}

/** The player's account, created with 0 points on first sight. */
export async function accountOf(db: Db, playerId: string): Promise<AccountRow> {
  const [created] = await db.insert(loyaltyAccounts).values({ playerId }).onConflictDoNothing().returning();
  if (created) return created;
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
  return row!;
}

/** Adds (or, negative, removes) points; never below zero. Answers the account after the change. */
export async function addPoints(tx: Db, playerId: string, delta: bigint, at: Date): Promise<AccountRow> {
  const [row] = await tx
    .insert(loyaltyAccounts)
    .values({ playerId, points: delta > 0n ? delta : 0n, updatedAt: at })
    .onConflictDoUpdate({
      target: loyaltyAccounts.playerId,
      set: { points: sql`greatest(0, ${loyaltyAccounts.points} + ${delta})`, updatedAt: at },
    })
    .returning();
  return row!;
}

/** The level reached with `points`: the highest threshold at or below them, else the first level. */
export function levelAt(levels: readonly LevelRow[], points: bigint): { current: LevelRow; next: LevelRow | null } {
  let index = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i]!.points <= points) index = i;
  return { current: levels[index]!, next: levels[index + 1] ?? null };
}
