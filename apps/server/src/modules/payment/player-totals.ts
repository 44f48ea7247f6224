import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './schema.ts';

/** One player's paid-in and paid-out money of one currency, minor units. */
export interface PlayerPaymentTotal {
  currency: string;
  deposits: bigint;
  withdrawals: bigint;
}

/**
 * What one player deposited and withdrew since `since`, per currency (the back office's player 360, decision
 * 0107): successful invoices only, by the moment they settled (`updated_at` is written once, on settling). The
 * player's invoices are found by invoices_player_idx.
 */
export async function playerPaymentTotalsSince(db: Db, playerId: string, since: Date): Promise<PlayerPaymentTotal[]> {
  const rows = await db
    .select({
      currency: invoices.currency,
      deposits: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.type} = ${InvoiceType.deposit}), 0)::text`,
      withdrawals: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.type} = ${InvoiceType.withdrawal}), 0)::text`,
    })
    .from(invoices)
    .where(
      and(eq(invoices.playerId, playerId), eq(invoices.status, InvoiceStatus.success), gte(invoices.updatedAt, since)),
    )
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
  return rows.map((r) => ({ currency: r.currency, deposits: BigInt(r.deposits), withdrawals: BigInt(r.withdrawals) }));
}
