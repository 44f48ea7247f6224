import { type Adjustment, pageMeta } from '@croupier/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { adjustments } from '../schema.ts';
import { toAdjustment } from './present.ts';

export interface AdjustmentsFilter {
  status?: Adjustment['status'];
  playerId?: string;
  page: number;
  perPage: number;
}

/** GET /adjustments (§5): by status (and player), newest first, paginated. */
export async function listAdjustments(db: Db, filter: AdjustmentsFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(adjustments.status, filter.status));
  if (filter.playerId) conditions.push(eq(adjustments.playerId, filter.playerId.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adjustments)
      .where(where)
      .orderBy(desc(adjustments.createdAt), desc(adjustments.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ n: count() }).from(adjustments).where(where),
  ]);
  return { data: rows.map(toAdjustment), meta: pageMeta(filter.page, filter.perPage, total?.n ?? 0) };
}
