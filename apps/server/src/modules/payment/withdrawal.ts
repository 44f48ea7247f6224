import { randomUUID } from 'node:crypto';
import {
  type Invoice,
  InvoiceStatus,
  InvoiceType,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import { InsufficientFundsError, lockWithdrawal, withTransaction } from '../wallet/index.ts';
import { refuseBlocked } from './blocked.ts';
import type { PaymentDeps } from './deps.ts';
import { invalid, notFound } from './errors.ts';
import { enqueueInvoice } from './events.ts';
import { toInvoice } from './invoices.ts';
import { checkRequest } from './request.ts';
import { openReview } from './review/open.ts';
import { payoutOf } from './review/send.ts';
import { invoices, withdrawalReviews } from './schema.ts';
import { settle } from './settle.ts';

/**
 * POST …/withdraw: checks the request and its fields with the provider, and records the pending invoice with
 * the wallet's lock of the amount and its review (decision 0112) in one transaction (422 when it exceeds the
 * balance). Under the auto-approval threshold with no risk flag it goes on to the provider at once; otherwise it
 * waits for staff, the money locked.
 */
export async function withdraw(
  deps: Pick<PaymentDeps, 'db' | 'rates' | 'provider' | 'beforeWithdrawal' | 'withdrawalFlags' | 'onWithdrawalQueue'>,
  playerId: string,
  request: WithdrawRequest,
): Promise<WithdrawResponse> {
  const { db, rates, provider, beforeWithdrawal } = deps;
  const { currency, method, amount } = await checkRequest({ db, rates }, 'withdrawal', playerId, request);
  const id = randomUUID();
  const checked = provider.checkWithdrawal({ invoiceId: id, request: { ...request, currency }, method });
  try {
    await withTransaction(db, async (tx) => {
      // A staff block of withdrawals (decision 0106), under a key-share lock of the player's row.
      await refuseBlocked(tx, playerId, 'withdrawal', { lock: true });
      for (const check of beforeWithdrawal ?? []) await check(tx, { playerId, currency, amount });
      const [row] = await tx
        .insert(invoices)
        .values({
          id,
          playerId,
          accountId: request.accountId,
          type: InvoiceType.withdrawal,
          method: method.method,
          currency,
          amount,
          details: checked.details,
          provider: provider.name,
          providerReference: `sbx_${id}`,
        })
        .returning();
      await lockWithdrawal(tx, { invoiceId: id, accountId: request.accountId, currency, amount });
      await openReview(tx, deps, row!);
      await enqueueInvoice(tx, 'invoice.withdrawal.created', row!);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw invalid({ amount: 'Exceeds the withdrawable balance.' });
    throw error;
  }
  return { invoiceId: id, method: method.method, type: method.processingType, message: 'Withdrawal requested.' };
}

/**
 * PUT …/decline: the player cancels a pending withdrawal (404 for others' invoices): while it waits for review,
 * or once approved if the provider calls the payout back (the sandbox always can before it pays; a provider that
 * cannot refuses, 422). The invoice's row lock is the one staff decisions and webhooks take, so a decline and an
 * approval at once run one after the other and the money moves once.
 */
export async function declineWithdrawal(
  { db, provider, onWithdrawalQueue }: Pick<PaymentDeps, 'db' | 'provider' | 'onWithdrawalQueue'>,
  playerId: string,
  invoiceId: string,
): Promise<Invoice> {
  const row = await withTransaction(db, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.playerId, playerId)))
      .for('update');
    if (!invoice) throw notFound();
    if (invoice.type !== InvoiceType.withdrawal || invoice.status !== InvoiceStatus.pending) {
      throw invalid({ invoiceId: 'Only a pending withdrawal can be cancelled.' });
    }
    const [review] = await tx
      .select({ status: withdrawalReviews.status })
      .from(withdrawalReviews)
      .where(eq(withdrawalReviews.invoiceId, invoiceId));
    const sent = !review || review.status === 'approved';
    if (sent && !provider.cancelWithdrawal(payoutOf(invoice))) {
      throw invalid({ invoiceId: 'This withdrawal is already on its way and can no longer be cancelled.' });
    }
    const settled = await settle(tx, invoice, false, 'declined', null);
    if (review?.status === 'review') for (const changed of onWithdrawalQueue) await changed(tx);
    return settled;
  });
  return toInvoice(row);
}
