import { type Sql, statement } from '../../db/lean-sql.ts';

// What the money path's player-status rule reads of the player (decisions 0081, 0106): the status and the
// staff's bet block, together. The SQL stays here; the wallet gets it as a column of its locking statement.

/** The player's status (PlayerStatus) and whether a staff member blocked bets. */
export interface PlayStatus {
  status: number;
  betBlocked: boolean;
}

const select = (playerId: string) =>
  `(select array[p.status, p.block_bet::int] from player.players p where p.id = ${playerId})`;

const read = (value: unknown): PlayStatus | null => {
  const pair = value as readonly (number | string)[] | null;
  return pair ? { status: Number(pair[0]), betBlocked: Number(pair[1]) === 1 } : null;
};

/**
 * The wallet's locking statement reads it with the account (a `LockColumn`): one round trip fewer per bet,
 * and the block is read under the account lock, so a bet after the block's commit is always refused.
 */
export const playStatusColumn = { select, read };

const PLAY_STATUS = statement('player_play_status', `select ${select('$1::uuid')} as play`);

/** The same read inside the caller's transaction, for a movement built without the locking statement. */
export async function playStatusIn(sql: Sql, playerId: string): Promise<PlayStatus | null> {
  const [row] = await sql.query<{ play: unknown }>(PLAY_STATUS, [playerId]);
  return read(row?.play ?? null);
}
