import { type Invoice, InvoiceStatus, InvoiceType } from '@croupier/contracts';

/** The history filters as the form holds them: '' means "all" and is left out of the query (api-contract §8). */
export interface InvoiceFilters {
  type: string;
  status: string;
  currency: string;
  /** `YYYY-MM-DD` from a date input, read as the player's local day. */
  dateFrom: string;
  dateTo: string;
}

export const NO_FILTERS: InvoiceFilters = { type: '', status: '', currency: '', dateFrom: '', dateTo: '' };
export const INVOICES_PER_PAGE = 10;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A local calendar day → the full ISO instant the API expects (milliseconds and Z): its first
 * millisecond, or with `endOfDay` its last, so "to" includes the whole day. Null for anything else.
 */
export function dayToIso(day: string, endOfDay = false): string | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const local = endOfDay ? new Date(year, month, date, 23, 59, 59, 999) : new Date(year, month, date, 0, 0, 0, 0);
  if (local.getFullYear() !== year || local.getMonth() !== month || local.getDate() !== date) return null;
  return local.toISOString();
}

/** The GET /api/payment/invoices query of a page of filtered history. */
export function invoicesQuery(filters: InvoiceFilters, page: number) {
  const id = (value: string) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
  return {
    page,
    perPage: INVOICES_PER_PAGE,
    type: id(filters.type),
    status: id(filters.status),
    currency: filters.currency || undefined,
    dateFrom: dayToIso(filters.dateFrom) ?? undefined,
    dateTo: dayToIso(filters.dateTo, true) ?? undefined,
  };
}

/** A "from" day after the "to" day would only ever answer nothing: flagged before sending. */
export const datesReversed = (filters: InvoiceFilters) =>
  Boolean(filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo);

/** Only a pending withdrawal can be cancelled by the player (api-contract §1.6). */
export const canCancel = (invoice: Pick<Invoice, 'invoiceType' | 'status'>) =>
  invoice.invoiceType === InvoiceType.withdrawal && invoice.status === InvoiceStatus.pending;

export const replaceInvoice = (rows: readonly Invoice[], next: Invoice) =>
  rows.map((r) => (r.id === next.id ? next : r));
