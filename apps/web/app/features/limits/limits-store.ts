import type { Limit } from '@croupier/contracts';
import { createPlayerStore } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';

// The player's limits (api-contract §6), one list for the page, its modals and the wallet's 13100 state.
// Every change refetches it: the answers of POST, PUT and DELETE are ignored, as the contract says.

const limits = createPlayerStore<readonly Limit[]>({
  initial: [],
  load: async () => (await browserApi().limits.list()).data,
});

/** Refetches the list of the player seen last (after a change, or when deposits answer 13100). */
export const reloadLimits = (): Promise<void> => limits.reload();

/** The signed-in player's limits, loaded on first use and dropped on logout. */
export function useLimits() {
  const { state, value } = limits.use();
  return { state, items: value, reload: reloadLimits };
}
