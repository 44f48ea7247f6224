import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from './schema.ts';

/**
 * How the back office names players in its lists and reports, as its player header does: the nickname, else the
 * e-mail, else the phone number (`+…`). Players with none of them, and unknown ids, are absent from the map.
 */
export async function staffLabels(db: Db, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, nickname: players.nickname, email: players.email, phone: players.phone })
    .from(players)
    .where(inArray(players.id, ids));
  const labels = new Map<string, string>();
  for (const r of rows) {
    const label = r.nickname?.trim() || r.email || (r.phone ? `+${r.phone}` : '');
    if (label) labels.set(r.id, label);
  }
  return labels;
}
