import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session/session.ts';
import { STORAGE_KEYS, safeStorage } from '../../shared/session/storage.ts';

/** How long a remembered game stays worth returning to. */
export const RETURN_GAME_TTL_MS = 30 * 60_000;

interface Stored {
  path: string;
  at: number;
}

/** Only a game page of this site (with or without a locale prefix) is ever returned to. */
const GAME_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?games\/[^/?#]+$/;

/** The stored value → the game path to return to, or null (missing, malformed, foreign or stale). */
export function parseReturnGame(raw: string | null, now: number): string | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.path !== 'string' || typeof value.at !== 'number') return null;
    if (!GAME_PATH.test(value.path) || now - value.at > RETURN_GAME_TTL_MS || value.at > now) return null;
    return value.path;
  } catch {
    return null;
  }
}

/** A guest on a game page asks to play for real: remember the game before opening sign-in or sign-up. */
export const rememberReturnGame = (path: string) =>
  safeStorage.set(STORAGE_KEYS.returnGame, JSON.stringify({ path, at: Date.now() } satisfies Stored));

/** The remembered game, consumed (read once). The session clears it on logout (spec §4). */
export function takeReturnGame(): string | null {
  const path = parseReturnGame(safeStorage.get(STORAGE_KEYS.returnGame), Date.now());
  safeStorage.remove(STORAGE_KEYS.returnGame);
  return path;
}

export const peekReturnGame = () => parseReturnGame(safeStorage.get(STORAGE_KEYS.returnGame), Date.now());

/**
 * After signing in elsewhere (a sign-up that went through the lobby, a social login's return), the
 * player is taken back to the game they were on as a guest.
 */
export function useReturnToGame() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isLoggedIn) return;
    const path = peekReturnGame();
    if (!path) return;
    if (path !== pathname) {
      takeReturnGame();
      navigate(path);
    }
  }, [isLoggedIn, navigate, pathname]);
}
