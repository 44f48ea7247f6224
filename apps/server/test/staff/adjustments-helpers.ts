import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import type { TestStaff } from './helpers.ts';

export { createPlayerTestApp, type PlayerTestApp };

// biome-ignore lint/suspicious/noExplicitAny: raw SQL rows in assertions
export async function rows<T = any>(t: PlayerTestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A registered player with an account in `currency` holding `amount` (major units, dev credit). */
export async function fundedPlayer(t: PlayerTestApp, currency = 'EUR', amount = 100) {
  const { auth } = await registerPlayer(t, undefined, { currency });
  const playerId = auth.profile.id;
  if (amount > 0) {
    const res = await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency, amount } });
    if (res.status !== 200) throw new Error(`credit failed: ${res.status} ${JSON.stringify(res.json)}`);
  }
  return { playerId, token: auth.accessToken };
}

/** The player's real part in minor units. */
export async function realOf(t: PlayerTestApp, playerId: string, currency = 'EUR'): Promise<bigint> {
  const [row] = await rows(
    t,
    sql`select real::text as real from wallet.accounts where player_id = ${playerId} and currency = ${currency}`,
  );
  return BigInt(row.real);
}

/** The `staff.adjustment` ledger transactions touching the player's accounts. */
export const movementsOf = (t: PlayerTestApp, playerId: string) =>
  rows(
    t,
    sql`select distinct t.id, t.kind from wallet.transactions t
        join wallet.entries e on e.transaction_id = t.id
        join wallet.accounts a on a.id = e.account_id
        where a.player_id = ${playerId} and t.kind = 'staff.adjustment'`,
  );

export const adjustmentRowsOf = (t: PlayerTestApp, playerId: string) =>
  rows(
    t,
    sql`select id, status, amount::text as amount, base_amount::text as base_amount, requested_by, decided_by,
          transaction_id from staff.adjustments where player_id = ${playerId} order by created_at`,
  );

export const auditOf = (t: PlayerTestApp, playerId: string) =>
  rows(
    t,
    sql`select action, staff_id, target_id, reason, before, after, result from staff.audit_log
        where player_id = ${playerId} order by seq`,
  );

export interface AdjustmentBody {
  playerId: string;
  amount: number;
  currency?: string;
  reason?: string;
  idempotencyKey?: string;
}

export const adjust = (t: PlayerTestApp, staff: TestStaff, body: AdjustmentBody & Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/backoffice/adjustments',
    headers: staff.headers,
    payload: { currency: 'EUR', reason: 'Goodwill after a game fault', idempotencyKey: randomUUID(), ...body },
  });

export const approve = (t: PlayerTestApp, staff: TestStaff, id: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/backoffice/adjustments/${id}/approve`,
    headers: staff.headers,
    payload: reason === undefined ? {} : { reason },
  });

export const reject = (t: PlayerTestApp, staff: TestStaff, id: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/backoffice/adjustments/${id}/reject`,
    headers: staff.headers,
    payload: reason === undefined ? {} : { reason },
  });
