import { ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { verifyPassword } from '../crypto.ts';
import { players } from '../schema.ts';
import { openSession } from '../sessions/sessions.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { checkLoginThrottle } from '../throttles.ts';
import { mintAutologinToken } from './autologin.ts';
import { geoRefusal } from './deps.ts';

/** Sign-in by e-mail or phone and password, behind the failed-login throttle (decision 0031). */
export async function login(
  deps: PlayerDeps,
  input: { login: string; password: string; fingerprint: string },
  meta: RequestMeta,
): Promise<Auth> {
  const { db } = deps;
  const raw = input.login.trim();
  const identity = raw.includes('@') ? raw.toLowerCase() : raw.replace(/^\+/, '');
  await checkLoginThrottle(deps, identity, meta, (playerId, ttlSeconds) =>
    mintAutologinToken(deps, playerId, ttlSeconds),
  );
  const refused = geoRefusal(deps.settings, meta, 'Sign-in');
  if (refused) throw refused;
  const by = raw.includes('@')
    ? eq(players.email, identity)
    : /^\d{2,20}$/.test(identity)
      ? eq(players.phone, identity)
      : null;
  const [player] = by ? await db.select().from(players).where(by) : [];
  // Same work whether or not the player exists: the timing does not tell.
  const ok = await verifyPassword(player?.passwordHash, input.password);
  if (!player || !ok) {
    await recordEvent(db, { type: 'login', outcome: 'failure', playerId: player?.id, identity, meta });
    throw ApiError.of(ErrorCode.unauthorized, 'Wrong login or password.');
  }
  if (signInRefused(player)) {
    await recordEvent(db, {
      type: 'login',
      outcome: 'refused',
      playerId: player.id,
      identity,
      detail: 'blocked',
      meta,
    });
    throw ApiError.of(ErrorCode.forbidden, 'This account is blocked.');
  }
  const auth = await openSession(deps, player, { meta, fingerprint: input.fingerprint, method: 'password' });
  await recordEvent(db, {
    type: 'login',
    outcome: 'success',
    playerId: player.id,
    sessionId: auth.sessionId,
    identity,
    meta,
  });
  return auth;
}
