import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Sql, statement } from '../../db/lean-sql.ts';
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

const NICKNAME = statement('player_public_nickname', 'select nickname, email from player.players where id = $1::uuid');

/** One player's public display name read inside the caller's transaction (the money path's activity rule). */
export async function publicNicknameIn(sql: Sql, playerId: string): Promise<string> {
  const [row] = await sql.query<{ nickname: string | null; email: string | null }>(NICKNAME, [playerId]);
  return row ? displayName(row.nickname, row.email) : 'Unknown';
}

/**
 * The public name as a column of another module's statement: the money path's locking statement reads it with
 * the account (decision 0086), and the app hands this to the seamless wallet (its `LockColumn` slot, decision
 * 0099). `select` is what the name is made of, `array[nickname, email]` of the player `playerId` (an SQL
 * expression); `read` makes the name of it ('Unknown' for no player). The SQL stays here, with its table.
 */
export const publicNameColumn = {
  select: (playerId: string) => `(select array[p.nickname, p.email] from player.players p where p.id = ${playerId})`,
  read: (value: unknown): string => {
    const source = value as readonly (string | null)[] | null;
    return source ? displayName(source[0] ?? null, source[1] ?? null) : 'Unknown';
  },
};

function displayName(nickname: string | null, email: string | null): string {
  if (nickname?.trim()) return nickname.trim();
  const local = email?.split('@')[0]?.trim();
  if (local) return `${local.slice(0, 2)}***`;
  return 'Unknown';
}
