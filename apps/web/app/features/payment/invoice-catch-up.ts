import { type Invoice, type InvoiceEvent, InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { browserApi } from '../../shared/session/runtime.ts';
import { type PendingInvoice, readPendingInvoice } from './pending-invoice.ts';

/** How far back the catch-up looks: the awaited deposit is the player's newest or close to it. */
const RECENT_DEPOSITS = 10;

/** An invoice as the list gives it, in the shape its publication would have had (api-contract §14.2). */
export function asDepositEvent(invoice: Invoice): InvoiceEvent {
  const qr = invoice.publicData?.qr;
  const url = invoice.publicData?.url;
  return {
    event: 'invoice.deposit.updated',
    invoice: {
      id: invoice.id,
      playerId: '',
      amount: invoice.amount,
      currency: invoice.currency,
      paymentMethod: invoice.paymentMethod,
      status: invoice.status,
      createdAt: invoice.createdAt,
      number: null,
      publicData: typeof qr === 'string' ? { qr, url: typeof url === 'string' ? url : '' } : null,
    },
  };
}

/**
 * What the awaited deposit has to tell, read from the player's recent invoices: its final status, or the
 * QR an asyncRedirect deposit waits for; null while it is still pending as it was (or not listed).
 */
export function pendingDepositNews(pending: PendingInvoice, recent: readonly Invoice[]): InvoiceEvent | null {
  const invoice = recent.find((i) => i.id === pending.invoiceId);
  if (!invoice) return null;
  const event = asDepositEvent(invoice);
  if (invoice.status !== InvoiceStatus.pending) return event;
  return pending.awaitsQr && !pending.qr && event.invoice.publicData ? event : null;
}

/**
 * When the invoices channel (re)subscribes with a deposit still awaited (decision 0084): its final status
 * (or its QR) may have been published while the channel was down.
 */
export async function catchUpPendingDeposit(): Promise<InvoiceEvent | null> {
  const pending = readPendingInvoice();
  if (!pending) return null;
  const { data } = await browserApi().payment.invoices({
    query: { page: 1, perPage: RECENT_DEPOSITS, type: InvoiceType.deposit },
  });
  return pendingDepositNews(pending, data);
}
