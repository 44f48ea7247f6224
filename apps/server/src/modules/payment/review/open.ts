import type { Db } from '../../../db/client.ts';
import { readSetting, toBaseMinor } from '../../settings/index.ts';
import type { PaymentDeps } from '../deps.ts';
import type { InvoiceRow } from '../invoices.ts';
import { withdrawalReviews } from '../schema.ts';
import { raisedFlags } from './flag.ts';
import type { ReviewRow } from './row.ts';
import { autoApproves, needsFourEyes } from './rules.ts';
import { sendToProvider } from './send.ts';
import { withdrawalSettings } from './settings.ts';

export type ReviewDeps = Pick<PaymentDeps, 'rates' | 'provider' | 'withdrawalFlags' | 'onWithdrawalQueue'>;

/**
 * In the withdrawal request's transaction, after its invoice and lock (decision 0112): the base amount at today's
 * rate, the risk flags and the thresholds read here, stored on the review row. Under the auto-approval threshold
 * with no flag it goes on to the provider at once; otherwise it waits, and the staff's queue hears of it.
 */
export async function openReview(
  tx: Db,
  deps: ReviewDeps,
  invoice: InvoiceRow,
): Promise<{ review: ReviewRow; invoice: InvoiceRow }> {
  const table = deps.rates.current();
  const baseAmount = toBaseMinor(table, invoice.currency, invoice.amount);
  const details = invoice.details as { instrument?: unknown };
  const riskFlags = await raisedFlags(tx, deps.withdrawalFlags, {
    invoiceId: invoice.id,
    playerId: invoice.playerId,
    accountId: invoice.accountId,
    currency: invoice.currency,
    amount: invoice.amount,
    baseAmount,
    method: invoice.method,
    instrument: typeof details.instrument === 'string' ? details.instrument : null,
    createdAt: invoice.createdAt,
  });
  const { value: settings } = await readSetting(tx, withdrawalSettings);
  const auto = autoApproves(settings, baseAmount, riskFlags, table);
  const [review] = await tx
    .insert(withdrawalReviews)
    .values({
      invoiceId: invoice.id,
      playerId: invoice.playerId,
      status: auto ? 'approved' : 'review',
      baseAmount,
      baseCurrency: table.base,
      riskFlags,
      fourEyes: needsFourEyes(settings, baseAmount, table),
      autoApproved: auto,
      decidedAt: auto ? new Date() : null,
    })
    .returning();
  if (auto) return { review: review!, invoice: await sendToProvider(tx, deps.provider, invoice) };
  for (const changed of deps.onWithdrawalQueue) await changed(tx);
  return { review: review!, invoice };
}
