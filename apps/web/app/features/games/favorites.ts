import type { Game } from '@croupier/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

/**
 * The games store's favorite list (spec §3): loaded once per session, replaced by the full list every
 * POST/DELETE answers, shared by every heart on the page. Guests have none.
 */
interface FavoritesState {
  playerId: string | null;
  games: Game[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

let state: FavoritesState = { playerId: null, games: [], status: 'idle' };
const listeners = new Set<() => void>();
const set = (next: FavoritesState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: FavoritesState = { playerId: null, games: [], status: 'idle' };

async function load(playerId: string) {
  set({ playerId, games: [], status: 'loading' });
  try {
    const { data } = await browserApi().game.favorites();
    if (state.playerId === playerId) set({ playerId, games: data, status: 'ready' });
  } catch {
    if (state.playerId === playerId) set({ ...state, status: 'failed' });
  }
}

export function useFavorites() {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );

  useEffect(() => {
    if (!playerId) {
      if (state.playerId) set(EMPTY);
      return;
    }
    if (state.playerId !== playerId) void load(playerId);
  }, [playerId]);

  const mine = snapshot.playerId === playerId && playerId !== null ? snapshot : EMPTY;
  const isFavorite = useCallback((gameId: string) => mine.games.some((g) => g.id === gameId), [mine.games]);

  /** Adds or removes one game; rejects with the ApiError when the server refuses. */
  const toggle = useCallback(
    async (gameId: string) => {
      if (!playerId) return;
      const api = browserApi().game;
      const { data } = isFavorite(gameId)
        ? await api.removeFavorite({ params: { gameId } })
        : await api.addFavorite({ params: { gameId } });
      if (state.playerId === playerId) set({ playerId, games: data, status: 'ready' });
    },
    [playerId, isFavorite],
  );

  return {
    games: mine.games,
    status: playerId ? mine.status : ('ready' as const),
    isFavorite,
    toggle,
    reload: () => (playerId ? load(playerId) : Promise.resolve()),
  };
}
