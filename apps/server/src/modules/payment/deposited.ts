import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './schema.ts';

/**
 * Minor units the player deposited (or is depositing: pending invoices count, so two open invoices cannot
 * pass a deposit limit together) in `currency` since `since`. For the risk module's deposit limits.
 */
export async function depositedSince(db: Db, playerId: string, currency: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.currency, currency),
        eq(invoices.type, InvoiceType.deposit),
        inArray(invoices.status, [InvoiceStatus.pending, InvoiceStatus.success]),
        gte(invoices.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}
