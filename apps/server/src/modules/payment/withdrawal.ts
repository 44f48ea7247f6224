import { randomUUID } from 'node:crypto';
import {
  type Invoice,
  InvoiceStatus,
  InvoiceType,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { InsufficientFundsError, lockWithdrawal, withTransaction } from '../wallet/index.ts';
import { refuseBlocked } from './blocked.ts';
import type { PaymentDeps } from './deps.ts';
import { invalid, notFound } from './errors.ts';
import { enqueueInvoice } from './events.ts';
import { toInvoice } from './invoices.ts';
import { checkRequest } from './request.ts';
import { invoices } from './schema.ts';
import { settle } from './settle.ts';

/**
 * POST …/withdraw: checks the request, asks the provider when the transfer is due, and records the
 * pending invoice with the wallet's lock of the amount in one transaction (422 when it exceeds the balance).
 */
export async function withdraw(
  { db, rates, provider, beforeWithdrawal }: Pick<PaymentDeps, 'db' | 'rates' | 'provider' | 'beforeWithdrawal'>,
  playerId: string,
  request: WithdrawRequest,
): Promise<WithdrawResponse> {
  const { currency, method, amount } = await checkRequest({ db, rates }, 'withdrawal', playerId, request);
  const id = randomUUID();
  const started = provider.startWithdrawal({ invoiceId: id, request: { ...request, currency }, method });
  try {
    await withTransaction(db, async (tx) => {
      // A staff block of withdrawals (decision 0106), under a key-share lock of the player's row.
      await refuseBlocked(tx, playerId, 'withdrawal', { lock: true });
      for (const check of beforeWithdrawal ?? []) await check(tx, { playerId, currency });
      const [row] = await tx
        .insert(invoices)
        .values({
          id,
          playerId,
          accountId: request.accountId,
          type: InvoiceType.withdrawal,
          method: method.method,
          currency,
          amount,
          details: started.details,
          provider: provider.name,
          providerReference: `sbx_${id}`,
          dueAt: started.dueAt,
        })
        .returning();
      await lockWithdrawal(tx, { invoiceId: id, accountId: request.accountId, currency, amount });
      await enqueueInvoice(tx, 'invoice.withdrawal.created', row!);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw invalid({ amount: 'Exceeds the withdrawable balance.' });
    throw error;
  }
  return { invoiceId: id, method: method.method, type: method.processingType, message: 'Withdrawal requested.' };
}

/** PUT …/decline: the player cancels a pending withdrawal (404 for others' invoices). */
export async function declineWithdrawal(db: Db, playerId: string, invoiceId: string): Promise<Invoice> {
  const row = await withTransaction(db, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.playerId, playerId)))
      .for('update');
    if (!invoice) throw notFound();
    if (invoice.type !== InvoiceType.withdrawal || invoice.status !== InvoiceStatus.pending) {
      throw invalid({ invoiceId: 'Only a pending withdrawal can be cancelled.' });
    }
    return settle(tx, invoice, false, 'declined', null);
  });
  return toInvoice(row);
}
