import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from './schema.ts';

/**
 * Public display names (winner lists): the nickname; without one the e-mail's local part, masked to its
 * first two characters (it is shown to everyone); else 'Unknown'. Unknown ids are absent from the map.
 */
export async function publicNicknames(db: Db, playerIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, nickname: players.nickname, email: players.email })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(rows.map((r) => [r.id, displayName(r.nickname, r.email)]));
}

function displayName(nickname: string | null, email: string | null): string {
  if (nickname?.trim()) return nickname.trim();
  const local = email?.split('@')[0]?.trim();
  if (local) return `${local.slice(0, 2)}***`;
  return 'Unknown';
}
