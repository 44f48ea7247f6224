import { InvoiceStatus } from '@croupier/contracts';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from './deps.ts';
import { invoices } from './schema.ts';
import { sendWebhook } from './webhooks.ts';

/**
 * The sandbox's clock: every pending invoice whose decision is due (crypto confirmations, bank
 * transfers) gets its signed webhook. Answers how many were applied.
 */
export async function sweep(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'webhookSecret' | 'onDeposit' | 'onDepositFailed'>,
  now = new Date(),
): Promise<number> {
  const due = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, InvoiceStatus.pending), lte(invoices.dueAt, now)))
    .orderBy(invoices.dueAt)
    .limit(100);
  let applied = 0;
  for (const row of due) {
    const fail = (row.details as { fails?: boolean }).fails === true;
    const result = await sendWebhook(deps, {
      type: fail ? 'payment.failed' : 'payment.succeeded',
      reference: row.providerReference,
      reason: fail ? 'failed' : undefined,
    });
    if (result.applied) applied++;
  }
  return applied;
}

/**
 * Runs `run` every `sweepMs` once the app is ready (no per-invoice timers); a sweep still running skips
 * the tick, and closing the app waits for it.
 */
export function scheduleSweeps(app: FastifyInstance, run: () => Promise<unknown>, sweepMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = run()
        .catch((error) => app.log.error({ err: error }, 'payment sweep failed'))
        .finally(() => {
          running = null;
        });
    }, sweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
