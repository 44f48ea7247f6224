import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './schema.ts';

/** Successful deposits of one currency: how many and their sum in minor units. */
export interface DepositTotal {
  currency: string;
  count: number;
  amount: bigint;
}

/**
 * Deposits credited since `since`, per currency (the back office's "deposits today"). An invoice's
 * `updated_at` is written once, when it settles (settle.ts), so it is the moment the money arrived; the
 * partial index `invoices_settled_deposits_idx` holds only successful deposits by that moment.
 */
export async function depositTotalsSince(db: Db, since: Date): Promise<DepositTotal[]> {
  const rows = await db
    .select({
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${invoices.amount})::text`,
    })
    .from(invoices)
    // Literals, as in the index's predicate, so the planner matches it even under a generic plan.
    .where(
      and(
        sql`${invoices.type} = ${sql.raw(String(InvoiceType.deposit))}`,
        sql`${invoices.status} = ${sql.raw(String(InvoiceStatus.success))}`,
        gte(invoices.updatedAt, since),
      ),
    )
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
  return rows.map((r) => ({ currency: r.currency, count: Number(r.count), amount: BigInt(r.amount) }));
}
