import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices, withdrawalReviews } from '../schema.ts';
import type { ReviewedWithdrawal, WithdrawalReviewStatus } from './row.ts';

export interface WithdrawalReviewsFilter {
  status?: WithdrawalReviewStatus;
  playerId?: string;
  page: number;
  perPage: number;
}

/**
 * The queue (§6) as stored: reviews with their invoices, newest first, by status and player, through
 * `withdrawal_reviews_status_idx` / `_player_idx`. Flags and base amounts are the request's: nothing recomputed.
 */
export async function withdrawalReviewsPage(
  db: Db,
  filter: WithdrawalReviewsFilter,
): Promise<{ rows: ReviewedWithdrawal[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(withdrawalReviews.status, filter.status));
  if (filter.playerId) conditions.push(eq(withdrawalReviews.playerId, filter.playerId.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: withdrawalReviews, invoice: invoices })
      .from(withdrawalReviews)
      .innerJoin(invoices, eq(invoices.id, withdrawalReviews.invoiceId))
      .where(where)
      .orderBy(desc(withdrawalReviews.createdAt), desc(withdrawalReviews.invoiceId))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ n: count() }).from(withdrawalReviews).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Withdrawals waiting for a person (the dashboard's tile), from the status index. */
export async function withdrawalsWaiting(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawalReviews).where(eq(withdrawalReviews.status, 'review'));
  return Number(row?.n ?? 0);
}
