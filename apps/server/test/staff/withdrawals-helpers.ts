import { sql } from 'drizzle-orm';
import { account, type Player, paymentPlayer, paymentTestApp, WEBHOOK_SECRET, withdraw } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import type { TestStaff } from './helpers.ts';

export { account, type Player, WEBHOOK_SECRET, withdraw };

/** A test app whose withdrawals are reviewed as in production (decision 0112): flags on, default thresholds. */
export const reviewTestApp = () => paymentTestApp({}, { withdrawalReview: true });

/** A player with 200 EUR that is not a deposit (nothing to wager first, no deposit instrument). */
export async function fundedPlayer(t: PlayerTestApp, amount = 200): Promise<Player> {
  const p = await paymentPlayer(t);
  const res = await t.call('POST', '/api/dev/wallet/credit', {
    body: { playerId: p.playerId, currency: 'EUR', amount },
  });
  if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
  return p;
}

export const decide = (
  t: PlayerTestApp,
  staff: TestStaff,
  invoiceId: string,
  verb: 'approve' | 'reject',
  reason?: string,
) =>
  t.request({
    method: 'POST',
    url: `/api/backoffice/withdrawals/${invoiceId}/${verb}`,
    headers: staff.headers,
    payload: reason === undefined ? {} : { reason },
  });

export const setThresholds = (
  t: PlayerTestApp,
  staff: TestStaff,
  body: { autoApproveBelow: number; fourEyesAbove: number | null },
) =>
  t.request({
    method: 'PUT',
    url: '/api/backoffice/settings/withdrawals',
    headers: staff.headers,
    payload: { ...body, reason: 'Thresholds for the test' },
  });

export const queue = (t: PlayerTestApp, staff: TestStaff, query = '') =>
  t.request({ method: 'GET', url: `/api/backoffice/withdrawals${query}`, headers: staff.headers });

// biome-ignore lint/suspicious/noExplicitAny: raw SQL rows in assertions
export async function rows<T = any>(t: PlayerTestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const reviewOf = async (t: PlayerTestApp, invoiceId: string) =>
  (
    await rows(
      t,
      sql`select r.status, r.approvals, r.risk_flags, r.base_amount::text as base_amount, r.four_eyes,
                 r.auto_approved, r.decided_by, r.reason, i.status as invoice_status,
                 i.status_result, i.due_at
            from payment.withdrawal_reviews r join payment.invoices i on i.id = r.invoice_id
           where r.invoice_id = ${invoiceId}`,
    )
  )[0];

/** The ledger movements an invoice caused, by their key's name (`payment.withdrawal.lock`, `.settle`, `.return`). */
export const movementsOfInvoice = async (t: PlayerTestApp, invoiceId: string) =>
  (
    await rows<{ key: string }>(
      t,
      sql`select split_part(idempotency_key, ':', 1) as key from wallet.transactions
           where idempotency_key like ${`%:${invoiceId}`} order by created_at`,
    )
  ).map((r) => r.key);

export const auditFor = (t: PlayerTestApp, invoiceId: string) =>
  rows(
    t,
    sql`select action, staff_id, reason, before, after from staff.audit_log
         where target_type = 'withdrawal' and target_id = ${invoiceId} order by seq`,
  );

export const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
