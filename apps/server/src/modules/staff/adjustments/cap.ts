import { parseDecimal, subunitOf } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { RatesSource } from '../../settings/index.ts';
import { DEFAULT_ADJUSTMENT_CAP, isRole } from '../roles.ts';
import { staffAccounts } from '../schema.ts';

/**
 * |amount| (minor units of `currency`) in base-currency minor units (EUR cents) at the current rate, rounded
 * up so a hair above the cap waits; null when the currency has no usable rate (the caller fails closed).
 * `rate` is minor units of the currency per one EUR (decision 0004): EUR minor = minor × EUR subunit ÷ rate.
 */
export function baseAmountOf(rates: RatesSource, currency: string, amount: bigint): bigint | null {
  const table = rates.current();
  const rate = table.rates.get(currency)?.rate;
  const exact = rate !== undefined && Number.isFinite(rate) && rate > 0 ? parseDecimal(String(rate)) : null;
  if (!exact || exact.num <= 0n) return null;
  const magnitude = amount < 0n ? -amount : amount;
  const numerator = magnitude * BigInt(subunitOf(table.base)) * 10n ** BigInt(exact.scale);
  return (numerator + exact.num - 1n) / exact.num;
}

/** The staff member's cap in EUR cents: their own, or their role's default (roles.ts). 0 for an unknown role. */
export async function capOf(tx: Db, staffId: string): Promise<bigint> {
  const [row] = await tx
    .select({ role: staffAccounts.role, cap: staffAccounts.adjustmentCap })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  if (!row) return 0n;
  if (row.cap !== null) return row.cap;
  return isRole(row.role) ? DEFAULT_ADJUSTMENT_CAP[row.role] : 0n;
}
