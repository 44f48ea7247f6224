import { ApiError } from '@croupier/contracts';
import type { PlayerModule } from '../player/index.ts';

export type TokenCheck =
  | { ok: true; user: string; session: string; expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Checks a connection token: the player access token, whose session must still be open. */
export type TokenVerifier = (token: string) => Promise<TokenCheck>;

/**
 * The player module's own checks, in two steps because the protocol tells them apart: an expired but
 * genuine token asks the client to refresh (109), anything else ends the connection (101).
 */
export function playerTokenVerifier(player: Pick<PlayerModule, 'authenticate' | 'verifyAccessToken'>): TokenVerifier {
  return async (token) => {
    const check = player.verifyAccessToken(token);
    if (!check.ok) return { ok: false, reason: 'invalid' };
    if (check.expired) return { ok: false, reason: 'expired' };
    try {
      const auth = await player.authenticate(token);
      return { ok: true, user: auth.playerId, session: auth.sessionId, expiresAt: auth.claims.exp * 1000 };
    } catch (error) {
      // Closed session, blocked player, or a race with expiry: all end the connection. Other errors
      // (database down) propagate and are answered as a temporary internal error.
      if (error instanceof ApiError) return { ok: false, reason: 'invalid' };
      throw error;
    }
  };
}
