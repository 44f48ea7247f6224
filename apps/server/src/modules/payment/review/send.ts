import { InvoiceStatus } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { PaymentProvider, WithdrawalPayout } from '../deps.ts';
import type { InvoiceRow } from '../invoices.ts';
import { invoices } from '../schema.ts';

/** What the provider is told of a withdrawal invoice. */
export const payoutOf = (invoice: InvoiceRow): WithdrawalPayout => ({
  invoiceId: invoice.id,
  method: invoice.method,
  currency: invoice.currency,
  amount: invoice.amount,
  details: invoice.details as Record<string, unknown>,
});

/**
 * Hands an approved withdrawal to the provider, in the approval's transaction (the invoice row is locked or was
 * just written, and its review leaves `review` in the same transaction: this runs once per invoice). The
 * sandbox answers when it pays; its sweeper ignores an invoice until then (no `due_at` while in review).
 */
export async function sendToProvider(tx: Db, provider: PaymentProvider, invoice: InvoiceRow): Promise<InvoiceRow> {
  const { dueAt } = provider.sendWithdrawal(payoutOf(invoice));
  const [row] = await tx
    .update(invoices)
    .set({ dueAt })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, InvoiceStatus.pending)))
    .returning();
  return row ?? invoice;
}
