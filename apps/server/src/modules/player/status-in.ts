import { type Sql, statement } from '../../db/lean-sql.ts';

const STATUS = statement('player_status', 'select status from player.players where id = $1::uuid');

/**
 * The player's status (PlayerStatus) read inside the caller's transaction: the money path's player-status
 * rule runs it under the account lock, so a block committed before the bet is always seen.
 */
export async function playerStatusIn(sql: Sql, playerId: string): Promise<number | null> {
  const [row] = await sql.query<{ status: number }>(STATUS, [playerId]);
  return row?.status ?? null;
}
