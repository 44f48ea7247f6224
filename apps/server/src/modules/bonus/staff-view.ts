import type { PlayerBonus } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { listPlayerBonuses } from './queries.ts';

/** The most player bonuses the back office's player 360 shows, newest first. */
export const STAFF_BONUSES_SHOWN = 100;

/**
 * A player's bonuses as the back office reads them (the player 360, decision 0107): the player API's
 * `PlayerBonus`, built as GET /api/game/player-bonuses builds it, every status, newest first.
 */
export async function playerBonusesForStaff(db: Db, playerId: string): Promise<PlayerBonus[]> {
  const { data } = await listPlayerBonuses(db, playerId, {
    status: undefined,
    currency: undefined,
    packageId: undefined,
    sortOrder: 'desc',
    page: 1,
    perPage: STAFF_BONUSES_SHOWN,
  });
  return data;
}
