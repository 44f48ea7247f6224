import type { Adjustment } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { adjustments } from '../schema.ts';
import { applyAdjustment } from './apply.ts';
import type { AdjustmentHooks } from './changed.ts';
import { type AdjustmentRow, major, toAdjustment } from './present.ts';
import { adjustmentNotFound, alreadyDecided, fourEyes } from './refusals.ts';

export interface DecideDeps extends AdjustmentHooks {
  db: Db;
}

/**
 * The pending adjustment, locked for this transaction: of two deciders at once, the second waits here and
 * then finds it decided (20005), so exactly one applies.
 */
async function lockPending(tx: Db, id: string): Promise<AdjustmentRow> {
  const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
  if (!row) throw adjustmentNotFound();
  if (row.status !== 'pending') throw alreadyDecided(row.status);
  return row;
}

/**
 * POST /adjustments/:id/approve (§5): never by the one who asked (20004). Applies it now, the balance checked
 * at this moment (a debit the balance cannot take is 422 and it stays pending), with its audit row.
 */
export async function approveAdjustment(
  deps: DecideDeps,
  approverId: string,
  id: string,
  reason: string | undefined,
): Promise<Adjustment> {
  return withTransaction(deps.db, async (tx) => {
    const row = await lockPending(tx, id);
    if (row.requestedBy === approverId) throw fourEyes();
    const applied = await applyAdjustment(tx, row, { decidedBy: approverId, decisionReason: reason ?? null });
    const adjustment = toAdjustment(applied.row);
    await writeAudit(tx, {
      staffId: approverId,
      action: 'adjustment.approve',
      targetType: 'adjustment',
      targetId: row.id,
      playerId: row.playerId,
      // Approving needs no reason of its own (§5): then it is made for the maker's.
      reason: reason ?? row.reason,
      before: { status: 'pending', realBalance: major(applied.realBefore, row.currency) },
      after: {
        status: 'applied',
        amount: adjustment.amount,
        currency: row.currency,
        realBalance: major(applied.realAfter, row.currency),
        transactionId: applied.transactionId,
        requestedBy: row.requestedBy,
      },
    });
    await deps.onAdjustmentsChanged?.(tx, { adjustment, from: 'pending' });
    return adjustment;
  });
}

/**
 * POST /adjustments/:id/reject (§5): nothing moves. The maker may withdraw their own request this way (four
 * eyes guard money moving, and a rejection moves none).
 */
export async function rejectAdjustment(
  deps: DecideDeps,
  deciderId: string,
  id: string,
  reason: string,
): Promise<Adjustment> {
  return withTransaction(deps.db, async (tx) => {
    const row = await lockPending(tx, id);
    const [updated] = await tx
      .update(adjustments)
      .set({ status: 'rejected', decidedBy: deciderId, decisionReason: reason, decidedAt: sql`now()` })
      .where(eq(adjustments.id, row.id))
      .returning();
    const adjustment = toAdjustment(updated!);
    await writeAudit(tx, {
      staffId: deciderId,
      action: 'adjustment.reject',
      targetType: 'adjustment',
      targetId: row.id,
      playerId: row.playerId,
      reason,
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        amount: adjustment.amount,
        currency: row.currency,
        requestedBy: row.requestedBy,
      },
    });
    await deps.onAdjustmentsChanged?.(tx, { adjustment, from: 'pending' });
    return adjustment;
  });
}
