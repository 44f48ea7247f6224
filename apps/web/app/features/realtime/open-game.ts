import { useSyncExternalStore } from 'react';

/**
 * The game open on this page, so `game:bets` notices only concern it (api-contract §14.2 list 3).
 * The game page (and the sportsbook) set it on open and clear it on leave; nothing is open until then.
 */
export interface OpenGame {
  identity: string;
  /** Notices apply in real mode only; demo play has no bets to restrict. */
  mode: 'real' | 'demo';
  /** Closing the max-bet notice restarts the game (api-contract §14.2 list 3). */
  restart?: () => void;
}

let openGame: OpenGame | null = null;
const listeners = new Set<() => void>();

export function setOpenGame(game: OpenGame | null): void {
  openGame = game;
  for (const listener of listeners) listener();
}

export const getOpenGame = (): OpenGame | null => openGame;

export function useOpenGame(): OpenGame | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getOpenGame,
    () => null,
  );
}
