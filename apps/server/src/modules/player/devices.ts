import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// How many accounts share a device of a player's (decision 0114's shared_device flag): the device is decision
// 0094's, the site's `fingerprint` sent at sign-up and at every sign-in.

/** One of the player's devices and the accounts seen on it: how many, and the first few. */
export interface DevicePlayers {
  device: string;
  players: number;
  playerIds: string[];
}

/**
 * The player's devices (its sign-up and its sessions) with the accounts each was seen on, the most shared
 * first (at most `devices`). Empty fingerprints match nothing. By `players_fingerprint_idx` and
 * `sessions_fingerprint_idx`.
 */
export async function devicePlayers(db: Db, playerId: string, devices = 5, shown = 10): Promise<DevicePlayers[]> {
  const result = await db.execute(sql`
    with mine as (
      select fingerprint from player.players where id = ${playerId} and fingerprint <> ''
      union
      select fingerprint from player.sessions where player_id = ${playerId} and fingerprint <> ''
    ), seen as (
      select m.fingerprint, p.id as player_id from mine m join player.players p on p.fingerprint = m.fingerprint
      union
      select m.fingerprint, s.player_id from mine m join player.sessions s on s.fingerprint = m.fingerprint
    )
    select fingerprint as device, count(*)::int as players,
           (array_agg(player_id::text order by player_id))[1:${shown}] as "playerIds"
      from seen group by fingerprint order by players desc, fingerprint limit ${devices}`);
  return (result as unknown as { rows: DevicePlayers[] }).rows.map((r) => ({ ...r, players: Number(r.players) }));
}
