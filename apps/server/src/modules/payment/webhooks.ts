import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError, ErrorCode, InvoiceStatus } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import { withTransaction } from '../wallet/index.ts';
import type { PaymentDeps } from './deps.ts';
import type { InvoiceRow } from './invoices.ts';
import { invoices, webhookEvents } from './schema.ts';
import { settle } from './settle.ts';

/** A provider event as the sandbox sends it (signed JSON body). */
export interface ProviderEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  /** The provider's reference of the payment (our invoice's provider_reference). */
  reference: string;
  reason?: string;
}

export const signatureOf = (secret: Buffer, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

export class WebhookSignatureError extends Error {}

export interface WebhookResult {
  applied: boolean;
  invoice: InvoiceRow | null;
}

type WebhookDeps = Pick<PaymentDeps, 'db' | 'provider' | 'webhookSecret' | 'onDeposit' | 'onDepositFailed'>;

/** Applies one provider event inside a transaction: at most once per event id, only from pending. */
async function applyEvent(
  { db, provider, onDeposit, onDepositFailed }: WebhookDeps,
  event: ProviderEvent,
): Promise<WebhookResult> {
  return withTransaction(db, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.provider, provider.name), eq(invoices.providerReference, event.reference)))
      .for('update');
    const inserted = await tx
      .insert(webhookEvents)
      .values({
        id: event.id,
        provider: provider.name,
        type: event.type,
        invoiceId: invoice?.id ?? null,
        payload: event as unknown as Record<string, unknown>,
        outcome: invoice?.status === InvoiceStatus.pending ? 'applied' : 'ignored',
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    // A replay (same event id) or an event for an invoice that already left pending changes nothing.
    if (inserted.length === 0 || !invoice || invoice.status !== InvoiceStatus.pending) {
      return { applied: false, invoice: invoice ?? null };
    }
    const ok = event.type === 'payment.succeeded';
    return {
      applied: true,
      invoice: await settle(tx, invoice, ok, event.reason, event.id, { onDeposit, onDepositFailed }),
    };
  });
}

/** The event in a raw body, or a validation error when it is not JSON or not a known event. */
function parseEvent(raw: string): ProviderEvent {
  let event: ProviderEvent;
  try {
    event = JSON.parse(raw) as ProviderEvent;
  } catch {
    throw ApiError.of(ErrorCode.validation, 'Malformed event.');
  }
  if (
    typeof event?.id !== 'string' ||
    !event.id ||
    typeof event.reference !== 'string' ||
    !['payment.succeeded', 'payment.failed'].includes(event.type)
  ) {
    throw ApiError.of(ErrorCode.validation, 'Malformed event.');
  }
  return event;
}

/** The webhook endpoint's code path: signature over the raw body, then the event (at most once). */
export async function receiveWebhook(
  deps: WebhookDeps,
  raw: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  const expected = Buffer.from(signatureOf(deps.webhookSecret, raw), 'hex');
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookSignatureError('Bad signature');
  }
  return applyEvent(deps, parseEvent(raw));
}

/** How the in-process sandbox "sends" a webhook: signs it and calls receiveWebhook directly. */
export async function sendWebhook(
  deps: WebhookDeps,
  event: Omit<ProviderEvent, 'id'> & { id?: string },
): Promise<WebhookResult> {
  const raw = JSON.stringify({ id: event.id ?? `evt_${randomUUID()}`, ...event });
  return receiveWebhook(deps, raw, signatureOf(deps.webhookSecret, raw));
}
