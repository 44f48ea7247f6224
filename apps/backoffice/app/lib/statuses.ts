/**
 * How each queue's statuses look: a label and a tone (decision 0115). One table per queue, so a badge never
 * guesses from the word; an unknown status shows as it came, neutral.
 */
export type Tone = 'neutral' | 'ok' | 'warn' | 'danger' | 'info';

export interface StatusLook {
  label: string;
  tone: Tone;
}

export type StatusTable = Readonly<Record<string, StatusLook>>;

export const WITHDRAWAL_STATUSES: StatusTable = {
  review: { label: 'In review', tone: 'warn' },
  approved: { label: 'Approved', tone: 'info' },
  rejected: { label: 'Rejected', tone: 'danger' },
  paid: { label: 'Paid', tone: 'ok' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** The player's KYC status as the withdrawals queue and the 360 show it. */
export const KYC_STATUSES: StatusTable = {
  init: { label: 'Not started', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'warn' },
  approved: { label: 'Verified', tone: 'ok' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export const DOCUMENT_STATUSES: StatusTable = {
  pending: { label: 'Pending', tone: 'warn' },
  approved: { label: 'Approved', tone: 'ok' },
  rejected: { label: 'Rejected', tone: 'danger' },
  requested: { label: 'Requested', tone: 'info' },
};

export const FLAG_STATUSES: StatusTable = {
  open: { label: 'Open', tone: 'warn' },
  reviewed: { label: 'Reviewed', tone: 'info' },
  closed: { label: 'Closed', tone: 'neutral' },
};

export const SEVERITIES: StatusTable = {
  high: { label: 'High', tone: 'danger' },
  medium: { label: 'Medium', tone: 'warn' },
  low: { label: 'Low', tone: 'neutral' },
};

export function lookOf(table: StatusTable, status: string | null | undefined): StatusLook {
  if (!status) return { label: '—', tone: 'neutral' };
  return table[status] ?? { label: status, tone: 'neutral' };
}

/** The statuses of a filter, in the table's order, and the one the address asks for (else the default). */
export function statusParam<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return (values as readonly (string | null)[]).includes(raw) ? (raw as T) : fallback;
}
