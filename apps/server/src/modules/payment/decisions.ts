import { type Invoice, InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { PaymentDeps } from './deps.ts';
import { invalid } from './errors.ts';
import { type InvoiceRow, invoiceOf, toInvoice } from './invoices.ts';
import { invoices } from './schema.ts';
import { sendWebhook } from './webhooks.ts';

type DecisionDeps = Pick<PaymentDeps, 'db' | 'provider' | 'webhookSecret' | 'onDeposit' | 'onDepositFailed'>;

/** Development: the sandbox confirms a pending crypto deposit now. */
export async function confirmNow(deps: DecisionDeps, invoiceId: string): Promise<Invoice> {
  const row = await invoiceOf(deps.db, invoiceId);
  if (row.status !== InvoiceStatus.pending || row.type !== InvoiceType.deposit || row.method !== 'crypto') {
    throw invalid({ invoiceId: 'Only a pending crypto deposit can be confirmed.' });
  }
  await sendWebhook(deps, { type: 'payment.succeeded', reference: row.providerReference });
  return toInvoice(await invoiceOf(deps.db, invoiceId));
}

/** The sandbox checkout and 3-D Secure pages decide a pending card or e-wallet deposit. */
export async function decide(deps: DecisionDeps, invoiceId: string, approve: boolean): Promise<InvoiceRow | null> {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row || row.type !== InvoiceType.deposit || !['card', 'ewallet'].includes(row.method)) return null;
  await sendWebhook(deps, {
    type: approve ? 'payment.succeeded' : 'payment.failed',
    reference: row.providerReference,
    reason: approve ? undefined : 'declined',
  });
  return row;
}
