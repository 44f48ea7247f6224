import { createHmac } from 'node:crypto';
import type { FreeRoundsPort } from './deps.ts';

/** The studio's provider API for free rounds, as the casino calls it (in one process: a direct call). */
export interface StudioFreeRoundsApi {
  grantFreeRounds(grant: {
    id: string;
    playerRef: string;
    game: string;
    currency: string;
    count: number;
    bet: bigint;
    expiresAt: Date | null;
  }): Promise<void>;
  withdrawFreeRounds(id: string): Promise<void>;
}

/** The player reference the studio knows the player by: the same HMAC the game launch puts in the link. */
const playerRefOf = (secret: string, playerId: string) =>
  createHmac('sha256', secret).update(`player:${playerId}`).digest('hex').slice(0, 32);

/** Free spins told to the studio (decision 0065): the casino's id, the studio's player reference. */
export function studioFreeRoundsPort(studio: StudioFreeRoundsApi, studioSecret: string): FreeRoundsPort {
  return {
    award: ({ playerId, ...award }) =>
      studio.grantFreeRounds({ ...award, playerRef: playerRefOf(studioSecret, playerId) }),
    cancel: (id) => studio.withdrawFreeRounds(id),
  };
}
