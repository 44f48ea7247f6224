import type { StudioFreeRoundsApi } from '@croupier/contracts';
import { playerRefOf } from '@croupier/contracts/launch-link';
import type { FreeRoundsPort } from './deps.ts';

/**
 * Free spins told to the studio (decision 0065): the casino's id, and the player reference the game launch puts
 * in the link (the same `playerRefOf`, so the studio finds the award in that player's sessions).
 */
export function studioFreeRoundsPort(studio: StudioFreeRoundsApi, studioSecret: string): FreeRoundsPort {
  return {
    award: ({ playerId, ...award }) =>
      studio.grantFreeRounds({ ...award, playerRef: playerRefOf(studioSecret, playerId) }),
    cancel: (id) => studio.withdrawFreeRounds(id),
  };
}
