import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quests } from './quests/schema.ts';
import { tournaments } from './tournaments/schema.ts';
import { wheels } from './wheel/schema.ts';

/** The retention campaigns a promotional payment can name (the ledger event's `source.kind`). */
export type RetentionCampaignKind = 'quest' | 'tournament' | 'wheel';

/**
 * Names of quests, tournaments or wheels by id (the reports' bonus cost per campaign, decision 0121). Ids are
 * compared as text, so one that is no uuid finds nothing instead of failing the cast. Unknown ids are absent.
 */
export async function campaignNames(
  db: Db,
  kind: RetentionCampaignKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const table =
    kind === 'quest'
      ? { from: quests, id: quests.id, name: quests.name }
      : kind === 'tournament'
        ? { from: tournaments, id: tournaments.id, name: tournaments.title }
        : { from: wheels, id: wheels.id, name: wheels.title };
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table.from)
    .where(sql`${table.id}::text in ${wanted}`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
