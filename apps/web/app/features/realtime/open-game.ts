import { createLiveValue } from '../../shared/live/live-value.ts';

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

const openGame = createLiveValue<OpenGame | null>(null);

export const setOpenGame = (game: OpenGame | null): void => openGame.set(game);

export const getOpenGame = (): OpenGame | null => openGame.get();

export const useOpenGame = (): OpenGame | null => openGame.use();
