import { type Invoice, type InvoicesQuery, pageMeta } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from './errors.ts';
import { invoices } from './schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export function toInvoice(row: InvoiceRow): Invoice {
  const amount = toMajor(row.amount, row.currency);
  return {
    id: row.id,
    amount,
    transactionAmount: amount,
    currency: row.currency,
    transactionCurrency: row.currency,
    status: row.status,
    statusResult: row.statusResult,
    paymentMethod: row.method,
    invoiceType: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publicData: (row.publicData as Record<string, unknown> | null) ?? null,
  };
}

/** One invoice by id; with a player id, only that player's (404 for others' invoices). */
export async function invoiceOf(db: Db, id: string, playerId?: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(playerId ? and(eq(invoices.id, id), eq(invoices.playerId, playerId)) : eq(invoices.id, id));
  if (!row) throw notFound();
  return row;
}

/** The player's payment history, newest first, filtered and paged. */
export async function listInvoices(db: Db, playerId: string, q: InvoicesQuery) {
  const where = and(
    eq(invoices.playerId, playerId),
    q.dateFrom ? gte(invoices.createdAt, new Date(q.dateFrom)) : undefined,
    q.dateTo ? lte(invoices.createdAt, new Date(q.dateTo)) : undefined,
    q.type ? eq(invoices.type, q.type) : undefined,
    q.currency ? eq(invoices.currency, q.currency.toUpperCase()) : undefined,
    q.status ? eq(invoices.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { data: rows.map(toInvoice), meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
}
