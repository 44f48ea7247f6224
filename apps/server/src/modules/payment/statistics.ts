import { type Currency, type InvoiceStatistics, InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { convertToBase, toMajor } from '@croupier/contracts/reference/index';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { currencyIn, type RatesSource } from '../settings/index.ts';
import type { InvoiceRow } from './invoices.ts';
import { invoices } from './schema.ts';

/** Count, sum, last amount and its time of one invoice type, in major units of the currency. */
function totalsOf(list: InvoiceRow[], type: number, info: Currency) {
  const major = (minor: bigint) => toMajor(minor, info.subunitToUnit);
  const items = list.filter((r) => r.type === type);
  const last = items.at(-1);
  const sum = items.length ? major(items.reduce((s, r) => s + r.amount, 0n)) : null;
  const lastAmount = last ? major(last.amount) : null;
  return { count: items.length, sum, last: lastAmount, at: last?.updatedAt.toISOString() ?? null };
}

/** One currency's row; purchases and virtual payouts do not exist here, so they stay empty. */
function statisticsOf(currency: string, list: InvoiceRow[], info: Currency): InvoiceStatistics {
  const toBase = (value: number | null) => (value === null ? null : convertToBase(value, info));
  const d = totalsOf(list, InvoiceType.deposit, info);
  const w = totalsOf(list, InvoiceType.withdrawal, info);
  return {
    currency,
    depositsCount: d.count,
    withdrawalsCount: String(w.count),
    purchasesCount: 0,
    virtualPayoutsCount: 0,
    depositsSum: d.sum,
    withdrawalsSum: w.sum,
    purchasesSum: null,
    virtualPayoutsSum: null,
    lastDepositAmount: d.last,
    lastWithdrawalAmount: w.last,
    lastPurchaseAmount: null,
    lastVirtualPayoutAmount: null,
    lastDepositProcessedAt: d.at,
    lastWithdrawalProcessedAt: w.at,
    lastPurchaseProcessedAt: null,
    lastVirtualPayoutProcessedAt: null,
    depositsSumBaseCurrency: toBase(d.sum),
    withdrawalsSumBaseCurrency: toBase(w.sum),
    purchasesSumBaseCurrency: null,
    virtualPayoutsSumBaseCurrency: null,
    lastDepositAmountBaseCurrency: toBase(d.last),
    lastWithdrawalAmountBaseCurrency: toBase(w.last),
    lastPurchaseAmountBaseCurrency: null,
    lastVirtualPayoutAmountBaseCurrency: null,
  };
}

/** The player's successful deposits and withdrawals summed per currency, with base-currency values. */
export async function invoiceStatistics(db: Db, rates: RatesSource, playerId: string): Promise<InvoiceStatistics[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.playerId, playerId), eq(invoices.status, InvoiceStatus.success)))
    .orderBy(invoices.updatedAt);
  const byCurrency = new Map<string, InvoiceRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  const table = rates.current();
  return [...byCurrency.entries()].map(([currency, list]) =>
    statisticsOf(currency, list, currencyIn(table, currency)!),
  );
}
