import { type InvoiceEvent, InvoiceStatus } from '@croupier/contracts';

export interface InvoiceAlert {
  type: 'success' | 'error';
  /** alerts.json group: depositSuccess, depositFailure, withdrawalSuccess, withdrawalFailure. */
  key: 'depositSuccess' | 'depositFailure' | 'withdrawalSuccess' | 'withdrawalFailure';
}

/**
 * Which alert an invoice publication gives (api-contract §14.2 list 1): only final statuses (2, 3) of
 * deposit and withdrawal updates produce feedback; `invoice.withdrawal.created` and status 1 none.
 */
export function invoiceAlert({ event, invoice }: Pick<InvoiceEvent, 'event' | 'invoice'>): InvoiceAlert | null {
  const ok = invoice.status === InvoiceStatus.success;
  if (!ok && invoice.status !== InvoiceStatus.failure) return null;
  if (event === 'invoice.deposit.updated') {
    return ok ? { type: 'success', key: 'depositSuccess' } : { type: 'error', key: 'depositFailure' };
  }
  if (event === 'invoice.withdrawal.updated') {
    return ok ? { type: 'success', key: 'withdrawalSuccess' } : { type: 'error', key: 'withdrawalFailure' };
  }
  return null;
}

/** The {date} of an alert: the invoice's creation day in the page locale. */
export function invoiceDate(createdAt: string, locale: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(date);
  }
}
