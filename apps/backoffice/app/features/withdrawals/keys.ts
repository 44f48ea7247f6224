import type { WithdrawalReview } from '@croupier/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** Every page and filter of the queue lives under this key; a decision invalidates all of it. */
export const withdrawalsKey = ['withdrawals'] as const;

/** Writes a decided withdrawal into every cached page that shows it, so its row changes before the re-read. */
export function putWithdrawal(client: QueryClient, row: WithdrawalReview): void {
  client.setQueriesData<{ data: WithdrawalReview[] }>({ queryKey: withdrawalsKey }, (page) =>
    page ? { ...page, data: page.data.map((w) => (w.invoiceId === row.invoiceId ? row : w)) } : page,
  );
}
