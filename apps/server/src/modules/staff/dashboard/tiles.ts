import type { DashboardTiles } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { openFlagsCount } from '../../compliance/index.ts';
import { depositTotalsSince, withdrawalsWaiting } from '../../payment/index.ts';
import { todayFigures } from '../../reporting/index.ts';
import type { RatesSource } from '../../settings/index.ts';
import { adjustments } from '../schema.ts';

/** 00:00 UTC of `now`'s day: the spec's days are UTC days (§1). */
export const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Today's tiles. Each figure is one indexed read: deposits through the payment module's partial index of
 * settled deposits, waiting adjustments through `adjustments_status_idx`, waiting withdrawals through
 * `withdrawal_reviews_status_idx`; players online is the realtime
 * module's last count (the one `global:online` publishes), handed in by the route; today's figures are the
 * reporting module's rows of today (its rollups' primary key, decision 0121).
 */
export async function dashboardTiles(
  { db, rates }: { db: Db; rates: RatesSource },
  playersOnline: number,
  { withToday = true, now = new Date() }: { withToday?: boolean; now?: Date } = {},
): Promise<DashboardTiles> {
  const deposits = await depositTotalsSince(db, startOfUtcDay(now));
  const flagsOpen = await openFlagsCount(db);
  const withdrawals = await withdrawalsWaiting(db);
  const today = withToday ? await todayFigures({ db, rates }, now) : [];
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adjustments)
    .where(eq(adjustments.status, 'pending'));
  return {
    playersOnline,
    depositsToday: deposits.map((d) => ({
      currency: d.currency,
      amount: toMajor(d.amount, d.currency),
      count: d.count,
    })),
    adjustmentsWaiting: Number(waiting?.n ?? 0),
    flagsOpen,
    withdrawalsWaiting: withdrawals,
    today,
  };
}
