import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicants } from './schema.ts';

/**
 * The identity verification's status of each of these players ('init' when none began, as kycForStaff answers),
 * for a back-office list of many players at once (the withdrawals queue, decision 0112).
 */
export async function kycStatusesOf(db: Db, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  const rows = ids.length
    ? await db
        .select({ playerId: applicants.playerId, status: applicants.status })
        .from(applicants)
        .where(inArray(applicants.playerId, ids))
    : [];
  const found = new Map(rows.map((r) => [r.playerId, r.status]));
  return new Map(ids.map((id) => [id, found.get(id) ?? 'init']));
}
