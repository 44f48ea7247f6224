import type { WithdrawalReviewStatus as Status } from '@croupier/contracts';
import type { invoices, withdrawalReviews } from '../schema.ts';

export type ReviewRow = typeof withdrawalReviews.$inferSelect;

/** The contract's statuses (cancelled: the player's decline while in review). */
export type WithdrawalReviewStatus = Status;

/** A review with its invoice, as the back office reads and decides it. */
export interface ReviewedWithdrawal {
  review: ReviewRow;
  invoice: typeof invoices.$inferSelect;
}
