import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { codes, playerBonusCodes } from '../schema.ts';

// What a code allows (issue 27): paused or archived, outside its window, or its uses spent, it is "not
// available" (api-contract §10, status 4); issued bonuses run on whatever becomes of it.

export type CodeRow = typeof codes.$inferSelect;

/** Statuses that use a code: applied (2), and attached to the next deposit (1, which holds its use). */
const USING = [1, 2];

/** Open now: not paused, not archived, inside its window. */
export const codeOpen = (c: CodeRow, now: Date) =>
  c.enabled && !c.archivedAt && (!c.validFrom || c.validFrom <= now) && (!c.validTo || now < c.validTo);

export async function usesOf(tx: Db, code: string, since?: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(playerBonusCodes)
    .where(
      and(
        eq(playerBonusCodes.code, code),
        inArray(playerBonusCodes.status, USING),
        since ? gt(playerBonusCodes.createdAt, since) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether a player may apply the code now, read under the code's row lock (taken here), so two applications at
 * once cannot both take its last use.
 */
export async function mayApply(tx: Db, text: string, now: Date): Promise<boolean> {
  await tx.execute(sql`select 1 from bonus.codes where code = ${text} for update`);
  const [c] = await tx.select().from(codes).where(eq(codes.code, text));
  if (!c || !codeOpen(c, now)) return false;
  if (c.maxUses !== null && (await usesOf(tx, text)) >= c.maxUses) return false;
  if (c.maxUsesPerPeriod !== null && c.periodHours !== null) {
    const since = new Date(now.getTime() - c.periodHours * 60 * 60 * 1000);
    if ((await usesOf(tx, text, since)) >= c.maxUsesPerPeriod) return false;
  }
  return true;
}
