import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { readSetting } from '../../settings/index.ts';
import type { PaymentDeps } from '../deps.ts';
import { invoices, withdrawalReviews } from '../schema.ts';
import { settle } from '../settle.ts';
import { alreadyDecided, sameApprover, withdrawalNotFound } from './refusals.ts';
import type { ReviewedWithdrawal } from './row.ts';
import { needsFourEyes } from './rules.ts';
import { sendToProvider } from './send.ts';
import { withdrawalSettings } from './settings.ts';

export type DecideDeps = Pick<PaymentDeps, 'rates' | 'provider' | 'onWithdrawalQueue'>;

/** A decision and what it changed: the review before (its status and approvals) and after. */
export interface WithdrawalDecision extends ReviewedWithdrawal {
  before: { status: string; approvals: string[] };
  /** True when this call moved it out of review (approved and sent, or rejected). */
  decided: boolean;
}

/**
 * The invoice row locked FOR UPDATE, then its review: the one lock every path that ends a review takes (staff
 * approve and reject, the player's decline, the provider's webhook), so of two at once the second waits here and
 * then finds it decided (20005).
 */
export async function lockInReview(tx: Db, invoiceId: string): Promise<ReviewedWithdrawal> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice || invoice.type !== InvoiceType.withdrawal) throw withdrawalNotFound();
  const [review] = await tx.select().from(withdrawalReviews).where(eq(withdrawalReviews.invoiceId, invoiceId));
  if (!review) throw withdrawalNotFound();
  if (review.status !== 'review' || invoice.status !== InvoiceStatus.pending) throw alreadyDecided(review.status);
  return { invoice, review };
}

/**
 * Approves in the caller's transaction (the staff module's, with its audit row). Above `fourEyesAbove` (as
 * stored at the request, or as set now: whichever asks more) the first approval is recorded and it stays in
 * review; the same person again is 20004; a second, different person's approval sends it on.
 */
export async function approveWithdrawal(
  tx: Db,
  deps: DecideDeps,
  input: { invoiceId: string; staffId: string; reason: string | null },
): Promise<WithdrawalDecision> {
  const { invoice, review } = await lockInReview(tx, input.invoiceId);
  if (review.approvals.includes(input.staffId)) throw sameApprover();
  const { value: settings } = await readSetting(tx, withdrawalSettings);
  const fourEyes = review.fourEyes || needsFourEyes(settings, review.baseAmount, deps.rates.current());
  const approvals = [...review.approvals, input.staffId];
  const before = { status: review.status, approvals: review.approvals };
  if (fourEyes && approvals.length < 2) {
    const [waiting] = await tx
      .update(withdrawalReviews)
      .set({ approvals, fourEyes, reason: input.reason })
      .where(eq(withdrawalReviews.invoiceId, invoice.id))
      .returning();
    return { invoice, review: waiting!, before, decided: false };
  }
  const [approved] = await tx
    .update(withdrawalReviews)
    .set({
      status: 'approved',
      approvals,
      fourEyes,
      decidedBy: input.staffId,
      decidedAt: sql`now()`,
      reason: input.reason ?? review.reason,
    })
    .where(eq(withdrawalReviews.invoiceId, invoice.id))
    .returning();
  const sent = await sendToProvider(tx, deps.provider, invoice);
  for (const changed of deps.onWithdrawalQueue) await changed(tx);
  return { invoice: sent, review: approved!, before, decided: true };
}

/**
 * Rejects in the caller's transaction: the locked amount returns to the withdrawable balance through the
 * wallet's release (keyed on the invoice: once), the invoice ends failed (3, 'rejected'), and the player's
 * messenger gets the reason.
 */
export async function rejectWithdrawal(
  tx: Db,
  deps: DecideDeps,
  input: { invoiceId: string; staffId: string; reason: string },
): Promise<WithdrawalDecision> {
  const { invoice, review } = await lockInReview(tx, input.invoiceId);
  const before = { status: review.status, approvals: review.approvals };
  const settled = await settle(tx, invoice, false, 'rejected', null, {}, input.reason);
  const [rejected] = await tx
    .update(withdrawalReviews)
    .set({ status: 'rejected', decidedBy: input.staffId, decidedAt: sql`now()`, reason: input.reason })
    .where(eq(withdrawalReviews.invoiceId, invoice.id))
    .returning();
  for (const changed of deps.onWithdrawalQueue) await changed(tx);
  return { invoice: settled, review: rejected!, before, decided: true };
}
