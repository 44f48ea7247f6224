import { randomUUID } from 'node:crypto';
import { type DepositRequest, type DepositResponse, InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../wallet/index.ts';
import { refuseBlocked } from './blocked.ts';
import type { PaymentDeps, SandboxDecision } from './deps.ts';
import { enqueueInvoice } from './events.ts';
import { checkDepositLimits } from './limits.ts';
import { type CheckedRequest, checkRequest } from './request.ts';
import { invoices } from './schema.ts';
import { settle } from './settle.ts';
import { sendWebhook } from './webhooks.ts';

interface NewDeposit extends CheckedRequest {
  id: string;
  playerId: string;
  accountId: string;
  reference: string;
  decision: SandboxDecision;
  bonusId?: string;
  bonusDeclined?: boolean;
}

/**
 * A crypto deposit is POSTed again on every network change: the earlier pending address is dropped (a failed
 * deposit too: its hooks hear of it with the reason `superseded`).
 */
async function supersedeEarlierAddresses(
  tx: Db,
  { playerId, currency, method }: NewDeposit,
  onDepositFailed: PaymentDeps['onDepositFailed'],
): Promise<void> {
  const earlier = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.currency, currency),
        eq(invoices.method, method.method),
        eq(invoices.status, InvoiceStatus.pending),
      ),
    )
    .for('update');
  for (const row of earlier) await settle(tx, row, false, 'superseded', null, { onDepositFailed });
}

type InsertDeps = Pick<PaymentDeps, 'db' | 'provider' | 'beforeDeposit' | 'onDepositFailed'>;

/** Checks the block and the deposit limits, writes the pending invoice and its outbox event in one transaction. */
async function insertDeposit(
  { db, provider, beforeDeposit, onDepositFailed }: InsertDeps,
  d: NewDeposit,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    // A staff block committed since the early check wins: read under a key-share lock (decision 0106).
    await refuseBlocked(tx, d.playerId, 'deposit', { lock: true });
    if (d.method.type === 'address') await supersedeEarlierAddresses(tx, d, onDepositFailed);
    // Again inside the insert's transaction (after a superseded address stopped counting): the limit check
    // and the invoice commit together (issue 11).
    await checkDepositLimits(beforeDeposit, { playerId: d.playerId, currency: d.currency, amount: d.amount, tx });
    const [row] = await tx
      .insert(invoices)
      .values({
        id: d.id,
        playerId: d.playerId,
        accountId: d.accountId,
        type: InvoiceType.deposit,
        method: d.method.method,
        currency: d.currency,
        amount: d.amount,
        publicData: d.decision.publicData ?? null,
        // The bonus choice travels with the invoice and is applied when the deposit succeeds.
        details: {
          ...(d.decision.details ?? {}),
          ...(d.bonusId ? { bonusId: d.bonusId } : {}),
          ...(d.bonusDeclined ? { bonusDeclined: true } : {}),
        },
        provider: provider.name,
        providerReference: d.reference,
        dueAt: d.decision.dueAt ?? null,
      })
      .returning();
    await enqueueInvoice(tx, 'invoice.deposit.updated', row!);
  });
}

/**
 * POST …/deposit: checks the request and the deposit limits, asks the provider, records a pending
 * invoice, and, when the provider decided at once, settles it through its signed webhook.
 */
export async function deposit(deps: PaymentDeps, playerId: string, request: DepositRequest): Promise<DepositResponse> {
  const checked = await checkRequest(deps, 'deposit', playerId, request);
  const { currency, method, amount } = checked;
  // Before the provider is asked: a blocked player starts nothing there.
  await refuseBlocked(deps.db, playerId, 'deposit');
  await checkDepositLimits(deps.beforeDeposit, { playerId, currency, amount });
  const id = randomUUID();
  const decision = await deps.provider.startDeposit({
    invoiceId: id,
    request: { ...request, currency },
    method,
    amount,
  });
  const reference = `sbx_${id}`;
  await insertDeposit(deps, {
    ...checked,
    id,
    playerId,
    accountId: request.accountId,
    reference,
    decision,
    bonusId: request.bonusId,
    bonusDeclined: request.isBonusDecline === true,
  });
  if (decision.outcome !== 'pending') {
    await sendWebhook(deps, {
      type: decision.outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      reference,
      reason: decision.reason,
    });
  }
  return {
    invoiceId: id,
    action: decision.action ?? '',
    method: method.method,
    type: method.processingType,
    fields: {},
    ...(decision.qr ? { qr: decision.qr } : {}),
    ...(decision.address ? { address: decision.address } : {}),
  };
}
