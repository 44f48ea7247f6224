import { InvoiceStatus, InvoiceType, type PlayerInvoice } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { InvoiceRow } from './invoices.ts';
import { invoices } from './schema.ts';

/** How far past the page the count goes (as the game history's, decision 0048): beyond it, "at least". */
export const INVOICE_COUNT_AHEAD = 1000;

export interface StaffInvoicesQuery {
  playerId: string;
  page: number;
  perPage: number;
  type?: PlayerInvoice['type'] | undefined;
  status?: PlayerInvoice['status'] | undefined;
}

const TYPE_NAMES = new Map<number, PlayerInvoice['type']>([
  [InvoiceType.deposit, 'deposit'],
  [InvoiceType.withdrawal, 'withdrawal'],
]);
const STATUS_NAMES = new Map<number, PlayerInvoice['status']>([
  [InvoiceStatus.pending, 'pending'],
  [InvoiceStatus.success, 'success'],
  [InvoiceStatus.failure, 'failure'],
]);

/** An invoice as staff see it: the player API's figures, with names and the provider's reference. */
function toStaffInvoice(row: InvoiceRow): PlayerInvoice {
  return {
    id: row.id,
    type: TYPE_NAMES.get(row.type) ?? 'deposit',
    status: STATUS_NAMES.get(row.status) ?? 'pending',
    statusResult: row.statusResult,
    amount: toMajor(row.amount, row.currency),
    currency: row.currency,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reference: row.providerReference,
  };
}

/**
 * One player's invoices (the back office's player 360, decision 0107), every status, newest first like
 * GET /api/payment/invoices: a page, walked down invoices_player_idx, and a count that stops INVOICE_COUNT_AHEAD
 * rows past it, so a player with many invoices costs what the page costs.
 */
export async function playerInvoicesForStaff(
  db: Db,
  q: StaffInvoicesQuery,
): Promise<{ rows: PlayerInvoice[]; total: number }> {
  const where = and(
    eq(invoices.playerId, q.playerId),
    q.type ? eq(invoices.type, InvoiceType[q.type]) : undefined,
    q.status ? eq(invoices.status, InvoiceStatus[q.status]) : undefined,
  );
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(invoices)
    .where(where)
    .limit(q.page * q.perPage + INVOICE_COUNT_AHEAD)
    .as('capped');
  const [counted, rows] = await Promise.all([
    db.select({ n: count() }).from(capped),
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
  ]);
  return { rows: rows.map(toStaffInvoice), total: Number(counted[0]?.n ?? 0) };
}
