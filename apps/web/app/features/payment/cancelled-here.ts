/**
 * Withdrawals this tab cancelled: the tab already confirmed it with its own toast, so the invoice's
 * failure alert and the new-message alert of the same cancellation would only repeat it. Their
 * publications still update the balance, the history and the unread count. Marked before the request
 * goes out, because the publication may arrive before the HTTP answer; a refused request changes nothing,
 * so nothing is published for it.
 */
const cancelled = new Set<string>();

export function markCancelledHere(invoiceId: string): void {
  cancelled.add(invoiceId);
}

export const wasCancelledHere = (invoiceId: string | undefined): boolean =>
  invoiceId !== undefined && cancelled.has(invoiceId);
