import type { Adjustment } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { adjustments } from '../schema.ts';

export type AdjustmentRow = typeof adjustments.$inferSelect;

/** The API's `Adjustment` (§5): amounts in major units. */
export function toAdjustment(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    playerId: row.playerId,
    currency: row.currency,
    amount: toMajor(row.amount, row.currency),
    reason: row.reason,
    status: row.status as Adjustment['status'],
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * What the first request under the row's idempotency key answered (§5: the same key again returns the first
 * answer). Applied at once means decided by its own maker, which an approval never is (four-eyes); anything
 * else was first answered pending, whatever happened to it since (GET /adjustments shows that).
 */
export function firstAnswerOf(row: AdjustmentRow): Adjustment {
  const now = toAdjustment(row);
  const appliedAtOnce = row.status === 'applied' && row.decidedBy === row.requestedBy;
  return appliedAtOnce ? now : { ...now, status: 'pending', decidedBy: null, decidedAt: null };
}

/** Minor units as the audit log's major-unit number. */
export const major = (amount: bigint, currency: string) => toMajor(amount, currency);
