import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { DEFAULT_ADJUSTMENT_CAP, isRole } from '../roles.ts';
import { staffAccounts } from '../schema.ts';

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
