import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { applyStaffAdjustment, InsufficientFundsError } from '../../wallet/index.ts';
import { adjustments } from '../schema.ts';
import { type AdjustmentRow, major } from './present.ts';
import { beyondBalance, noAccount } from './refusals.ts';

export interface Applied {
  row: AdjustmentRow;
  transactionId: string;
  realBefore: bigint;
  realAfter: bigint;
}

/**
 * Applies a pending adjustment in the caller's transaction (which holds its row): the wallet's one
 * `staff.adjustment` movement, then the row becomes `applied` with who decided and the movement's id. The
 * balance is checked under the account lock at this moment: a debit that would go below zero is 422 and the
 * caller's transaction rolls back (the adjustment stays as it was).
 */
export async function applyAdjustment(
  tx: Db,
  row: AdjustmentRow,
  decision: { decidedBy: string; decisionReason: string | null },
): Promise<Applied> {
  let moved: Awaited<ReturnType<typeof applyStaffAdjustment>>;
  try {
    moved = await applyStaffAdjustment(tx, {
      adjustmentId: row.id,
      playerId: row.playerId,
      currency: row.currency,
      amount: row.amount,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw beyondBalance(availableOf(error, row), row.currency);
    throw error;
  }
  if (!moved) throw noAccount();
  const [updated] = await tx
    .update(adjustments)
    .set({
      status: 'applied',
      decidedBy: decision.decidedBy,
      decisionReason: decision.decisionReason,
      // now() is the transaction's start: an adjustment applied at once is decided at its createdAt.
      decidedAt: sql`now()`,
      transactionId: moved.transactionId,
    })
    .where(eq(adjustments.id, row.id))
    .returning();
  return { row: updated!, ...moved };
}

/** The real balance the refused debit met, in major units. */
function availableOf(error: InsufficientFundsError, row: AdjustmentRow): string {
  return String(major(error.available < 0n ? 0n : error.available, row.currency));
}
