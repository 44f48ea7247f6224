import { type InvoiceEvent, InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { type MessageTemplate, notify } from '../notification/index.ts';
import type { InvoiceRow } from './invoices.ts';

export const invoicesChannel = (playerId: string) => `payment:invoices#${playerId}`;

/** The outbox event of an invoice (api-contract §14.2), written in the transaction that changed it. */
export async function enqueueInvoice(tx: Db, event: InvoiceEvent['event'], row: InvoiceRow): Promise<void> {
  const pub = row.publicData as { qr?: string; url?: string } | null;
  const data: InvoiceEvent = {
    event,
    invoice: {
      id: row.id,
      playerId: row.playerId,
      amount: toMajor(row.amount, row.currency),
      currency: row.currency,
      paymentMethod: row.method,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      number: row.number ?? null,
      publicData: pub?.qr ? { qr: pub.qr, url: pub.url ?? '' } : null,
    },
  };
  await enqueue(tx, { channel: invoicesChannel(row.playerId), event, data });
}

/**
 * The player's messenger message for a settled invoice (decision 0017), in the same transaction. A crypto
 * address replaced by a newer one ('superseded') is bookkeeping, not news: no message.
 */
export async function notifySettled(
  tx: Db,
  row: InvoiceRow,
  reason: string | undefined,
  staffReason?: string,
): Promise<void> {
  if (row.status === InvoiceStatus.pending || reason === 'superseded') return;
  const ok = row.status === InvoiceStatus.success;
  const template: MessageTemplate =
    row.type === InvoiceType.deposit
      ? ok
        ? 'depositSucceeded'
        : 'depositFailed'
      : ok
        ? 'withdrawalSucceeded'
        : reason === 'declined'
          ? 'withdrawalCancelled'
          : reason === 'rejected'
            ? 'withdrawalRejected'
            : 'withdrawalFailed';
  await notify(tx, {
    playerId: row.playerId,
    template,
    params: {
      sum: { money: row.amount.toString(), currency: row.currency },
      date: { date: row.createdAt.toISOString() },
      // A staff rejection's reason is the player's to read (decision 0112).
      ...(staffReason ? { reason: staffReason } : {}),
    },
    link: { url: '/profile/history', label: 'paymentHistory' },
    sourceKey: `payment.invoice.settled:${row.id}`,
    invoiceId: row.id,
  });
}
