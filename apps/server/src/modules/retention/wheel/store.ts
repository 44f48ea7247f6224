import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { newCommittedSeed } from './fairness.ts';
import { wheelSectors, wheelSpins, wheels } from './schema.ts';

export type WheelRow = typeof wheels.$inferSelect;
export type SectorRow = typeof wheelSectors.$inferSelect;
export type SpinRow = typeof wheelSpins.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next UTC midnight: daily spins expire then and the next day's are granted. */
export const nextUtcMidnight = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);

/** Wheel state from its dates (api-contract §1.6): 2 upcoming, 3 running, 4 finished. */
export function stateOf(wheel: WheelRow, now: Date): number {
  if (wheel.startAt > now) return 2;
  if (wheel.endAt && wheel.endAt <= now) return 4;
  return 3;
}

function stateCondition(state: number, now: Date): SQL | undefined {
  if (state === 2) return gt(wheels.startAt, now);
  if (state === 3) return and(lte(wheels.startAt, now), or(isNull(wheels.endAt), gt(wheels.endAt, now)));
  if (state === 4) return lte(wheels.endAt, now);
  return sql`false`;
}

export async function wheelsPage(
  db: Db,
  q: { identity?: string[]; state?: number[]; page: number; perPage: number },
  now: Date,
): Promise<{ rows: WheelRow[]; total: number }> {
  const where = and(
    // Paused and archived wheels are the editor's only.
    eq(wheels.status, 'active'),
    q.identity?.length ? inArray(wheels.identity, q.identity) : undefined,
    q.state?.length ? or(...q.state.map((s) => stateCondition(s, now))) : undefined,
  );
  const rows = await db
    .select()
    .from(wheels)
    .where(where)
    .orderBy(asc(wheels.createdAt), asc(wheels.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(wheels).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function wheelById(db: Db, id: string): Promise<WheelRow | undefined> {
  const [row] = await db.select().from(wheels).where(eq(wheels.id, id));
  return row;
}

export async function sectorsOf(db: Db, wheelIds: string[]): Promise<SectorRow[]> {
  if (wheelIds.length === 0) return [];
  return db
    .select()
    .from(wheelSectors)
    .where(and(inArray(wheelSectors.wheelId, wheelIds), isNull(wheelSectors.retiredAt)))
    .orderBy(asc(wheelSectors.wheelId), asc(wheelSectors.position));
}

const usable = (now: Date) =>
  and(isNull(wheelSpins.usedAt), or(isNull(wheelSpins.expireAt), gt(wheelSpins.expireAt, now)));

/** The player's usable spins on these wheels, soonest to expire first. */
export async function usableSpins(db: Db, playerId: string, wheelIds: string[], now: Date): Promise<SpinRow[]> {
  if (wheelIds.length === 0) return [];
  return db
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.playerId, playerId), inArray(wheelSpins.wheelId, wheelIds), usable(now)))
    .orderBy(sql`${wheelSpins.expireAt} asc nulls last`, asc(wheelSpins.createdAt));
}

/** One usable spin of the player on the wheel, locked for this transaction (a second request waits). */
export async function takeSpin(tx: Db, playerId: string, wheelId: string, now: Date): Promise<SpinRow | undefined> {
  const [row] = await tx
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.playerId, playerId), eq(wheelSpins.wheelId, wheelId), usable(now)))
    .orderBy(sql`${wheelSpins.expireAt} asc nulls last`, asc(wheelSpins.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** How many spins the player has used on the wheel (the next spin's nonce). */
export async function usedCount(tx: Db, playerId: string, wheelId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(wheelSpins)
    .where(
      and(eq(wheelSpins.playerId, playerId), eq(wheelSpins.wheelId, wheelId), sql`${wheelSpins.usedAt} is not null`),
    );
  return row?.n ?? 0;
}

/**
 * Grants spins under a key (each with its own committed server seed); a key already granted grants
 * nothing again. Answers how many were new.
 */
export async function grantSpins(
  tx: Db,
  grant: { wheelId: string; playerId: string; key: string; count: number; expireAt: Date | null },
): Promise<number> {
  if (grant.count <= 0) return 0;
  const rows = Array.from({ length: grant.count }, (_, i) => ({
    wheelId: grant.wheelId,
    playerId: grant.playerId,
    grantKey: `${grant.key}:${i + 1}`,
    expireAt: grant.expireAt,
    ...newCommittedSeed(),
  }));
  const inserted = await tx.insert(wheelSpins).values(rows).onConflictDoNothing().returning({ id: wheelSpins.id });
  return inserted.length;
}

/** Today's daily spins (UTC day), granted on first need: on listing the wheels or spinning. */
export async function grantDaily(db: Db, wheel: WheelRow, playerId: string, now: Date): Promise<void> {
  if (wheel.dailySpins <= 0 || wheel.status !== 'active' || stateOf(wheel, now) !== 3) return;
  const day = now.toISOString().slice(0, 10);
  await grantSpins(db, {
    wheelId: wheel.id,
    playerId,
    key: `daily:${day}`,
    count: wheel.dailySpins,
    expireAt: nextUtcMidnight(now),
  });
}
