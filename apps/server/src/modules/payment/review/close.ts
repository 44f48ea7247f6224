import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withdrawalReviews } from '../schema.ts';
import type { WithdrawalReviewStatus } from './row.ts';

/** What a settled withdrawal's review becomes: the provider's answer, a staff rejection or the player's decline. */
export const closedStatusOf = (ok: boolean, reason: string | undefined): WithdrawalReviewStatus =>
  ok ? 'paid' : reason === 'declined' ? 'cancelled' : reason === 'rejected' ? 'rejected' : 'failed';

/** In the settlement's transaction: the review row leaves review or approved for its end (once). */
export async function closeReview(tx: Db, invoiceId: string, ok: boolean, reason: string | undefined): Promise<void> {
  await tx
    .update(withdrawalReviews)
    .set({ status: closedStatusOf(ok, reason) })
    .where(and(eq(withdrawalReviews.invoiceId, invoiceId), inArray(withdrawalReviews.status, ['review', 'approved'])));
}
