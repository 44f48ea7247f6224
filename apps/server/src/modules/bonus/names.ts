import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses } from './schema.ts';

/**
 * Bonus definitions' names by id (the reports' bonus cost per campaign, decision 0121). Ids are compared as
 * text, so a campaign id that is no uuid finds nothing instead of failing the cast. Unknown ids are absent.
 */
export async function bonusNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: bonuses.id, name: bonuses.name })
    .from(bonuses)
    .where(sql`${bonuses.id}::text in ${wanted}`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
