import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditDeposit, releaseWithdrawal, settleWithdrawal } from '../wallet/index.ts';
import type { PaymentDeps } from './deps.ts';
import { enqueueInvoice, notifySettled } from './events.ts';
import type { InvoiceRow } from './invoices.ts';
import { closeReview } from './review/close.ts';
import { invoices } from './schema.ts';

/** The payment module's deposit hooks a settlement runs in its transaction (each list may be left out). */
export type DepositHooks = Partial<Pick<PaymentDeps, 'onDeposit' | 'onDepositFailed'>>;

/**
 * The ledger movement of a settled invoice, through the wallet's named commands. Answers the deposit's
 * running number when a deposit succeeds (its place among the player's successful deposits), else null.
 */
async function moveMoney(
  tx: Db,
  invoice: InvoiceRow,
  ok: boolean,
  { onDeposit = [] }: DepositHooks,
): Promise<number | null> {
  const money = {
    invoiceId: invoice.id,
    accountId: invoice.accountId,
    currency: invoice.currency,
    amount: invoice.amount,
  };
  if (invoice.type === InvoiceType.deposit) {
    if (!ok) return null;
    await creditDeposit(tx, money);
    const details = invoice.details as { bonusId?: string; bonusDeclined?: boolean };
    for (const hook of onDeposit) {
      await hook(tx, {
        invoiceId: invoice.id,
        playerId: invoice.playerId,
        accountId: invoice.accountId,
        currency: invoice.currency,
        amount: invoice.amount,
        bonusId: details.bonusId ?? null,
        declined: details.bonusDeclined === true,
      });
    }
    const [done] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, invoice.playerId),
          eq(invoices.type, InvoiceType.deposit),
          eq(invoices.status, InvoiceStatus.success),
        ),
      );
    return Number(done?.n ?? 0) + 1;
  }
  if (ok) await settleWithdrawal(tx, money);
  else await releaseWithdrawal(tx, money);
  return null;
}

/**
 * Moves a pending invoice to success or failure with its ledger movement and outbox event; a withdrawal's
 * review row follows (paid, failed, rejected or cancelled). `staffReason`: a rejection's, for the player.
 * Every way a deposit fails passes here, so its failure hooks run here (decision 0114: declines are counted).
 */
export async function settle(
  tx: Db,
  invoice: InvoiceRow,
  ok: boolean,
  reason: string | undefined,
  eventId: string | null,
  hooks: DepositHooks = {},
  staffReason?: string,
): Promise<InvoiceRow> {
  const number = await moveMoney(tx, invoice, ok, hooks);
  const [row] = await tx
    .update(invoices)
    .set({
      status: ok ? InvoiceStatus.success : InvoiceStatus.failure,
      statusResult: ok ? 'success' : (reason ?? 'failed'),
      number: number ?? invoice.number,
      lastEventId: eventId,
      dueAt: null,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await enqueueInvoice(
    tx,
    invoice.type === InvoiceType.deposit ? 'invoice.deposit.updated' : 'invoice.withdrawal.updated',
    row!,
  );
  if (invoice.type === InvoiceType.withdrawal) await closeReview(tx, invoice.id, ok, reason);
  else if (!ok) {
    const { id: invoiceId, playerId, currency, amount } = invoice;
    const failure = { invoiceId, playerId, currency, amount, reason: row!.statusResult };
    for (const hook of hooks.onDepositFailed ?? []) await hook(tx, failure);
  }
  await notifySettled(tx, row!, reason, staffReason);
  return row!;
}
