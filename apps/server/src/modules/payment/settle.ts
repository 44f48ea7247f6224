import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditDeposit, releaseWithdrawal, settleWithdrawal } from '../wallet/index.ts';
import type { DepositSucceeded } from './deps.ts';
import { enqueueInvoice, notifySettled } from './events.ts';
import type { InvoiceRow } from './invoices.ts';
import { invoices } from './schema.ts';

/**
 * The ledger movement of a settled invoice, through the wallet's named commands. Answers the deposit's
 * running number when a deposit succeeds (its place among the player's successful deposits), else null.
 */
async function moveMoney(
  tx: Db,
  invoice: InvoiceRow,
  ok: boolean,
  onDeposit: readonly DepositSucceeded[],
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

/** Moves a pending invoice to success or failure with its ledger movement and outbox event. */
export async function settle(
  tx: Db,
  invoice: InvoiceRow,
  ok: boolean,
  reason: string | undefined,
  eventId: string | null,
  onDeposit: readonly DepositSucceeded[] = [],
): Promise<InvoiceRow> {
  const number = await moveMoney(tx, invoice, ok, onDeposit);
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
  await notifySettled(tx, row!, reason);
  return row!;
}
