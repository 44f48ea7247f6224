import type { Game } from '@croupier/contracts';
import { useCallback } from 'react';
import { createPlayerStore } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

/**
 * The games store's favorite list (spec §3): loaded once per session, replaced by the full list every
 * POST/DELETE answers, shared by every heart on the page. Guests have none.
 */
const favorites = createPlayerStore<Game[]>({
  initial: [],
  load: async () => (await browserApi().game.favorites()).data,
});

export function useFavorites() {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const { state, value: games } = favorites.use();
  const isFavorite = useCallback((gameId: string) => games.some((g) => g.id === gameId), [games]);

  /** Adds or removes one game; rejects with the ApiError when the server refuses. */
  const toggle = useCallback(
    async (gameId: string) => {
      if (!playerId) return;
      const api = browserApi().game;
      const { data } = isFavorite(gameId)
        ? await api.removeFavorite({ params: { gameId } })
        : await api.addFavorite({ params: { gameId } });
      // An answer that comes back after sign-out (or for another player) is not theirs to keep.
      if (favorites.get().playerId === playerId) favorites.set(data);
    },
    [playerId, isFavorite],
  );

  return {
    games,
    status: playerId ? state : ('ready' as const),
    isFavorite,
    toggle,
    reload: () => favorites.reload(),
  };
}
