import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { type AccessClaims, ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { type PlayerRow, toProfile } from '../profile.ts';
import { players, sessions } from '../schema.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { throttles } from '../throttles.ts';
import { verifyJwt } from './jwt.ts';
import { refreshValueMatches } from './refresh-cookie.ts';
import { closeSession, mintToken, refreshUntilOf, sessionEndOf, UUID } from './sessions.ts';

// POST /api/player/sessions/refresh in its two modes (docs/decisions/0032, 0096):
// - cookie: the request carries the HttpOnly refresh cookie, which must be the one of the token's id (our site);
// - bearer: no cookie (the spec's client calls with `credentials: 'omit'`), the signed token alone, unless
//   REFRESH_COOKIE_REQUIRED. Each token id refreshes once; its answer is given again for a short grace; the
//   token presented later is a copy in other hands, and the session is closed.

export interface RefreshRequest {
  /** The bearer token, possibly expired. */
  token: string | null;
  /** The `croupier_refresh` cookie's value, when the client sent it. */
  cookie: string | null;
  /** The device fingerprint, when the client sent one (the body's `fingerprint`). */
  fingerprint: string | null;
  meta: RequestMeta;
}

type SessionRow = typeof sessions.$inferSelect;

/** 4 or 6; an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is IPv4. 0 when unknown. */
export function addressFamilyOf(ip: string | null): 0 | 4 | 6 {
  if (!ip) return 0;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return 4;
  const family = isIP(ip);
  return family === 4 || family === 6 ? family : 0;
}

/** A new access token for the session of a (possibly expired) token with a valid signature. */
export async function refreshSession(deps: PlayerDeps, request: RefreshRequest): Promise<Auth> {
  const refreshing = await sessionOfToken(deps, request);
  if (request.cookie) await checkCookieMode(deps, refreshing, request.cookie);
  else await checkBearerMode(deps, refreshing, request);
  if (refreshing.graced) return answerGivenAgain(deps, refreshing.player, refreshing.session, request.meta);
  return rotate(deps, refreshing, request);
}

/** The session a refresh asks for, once its token, session and player allow one, and how to refuse it. */
interface Refreshing {
  claims: AccessClaims;
  session: SessionRow;
  player: PlayerRow;
  /** The token's id is the session's current one. */
  current: boolean;
  /** The token's id is the one just replaced, within the grace. */
  graced: boolean;
  /** Audits a refusal and answers the 401 to throw. */
  refuse(detail: string): Promise<ApiError>;
  /** Closes the session (a copy of its token is in other hands), then refuses. */
  closeFor(reason: string, detail: string): Promise<ApiError>;
}

/** Audits a failed refresh and answers the one 401 every refusal gives. */
const failure =
  (deps: PlayerDeps, meta: RequestMeta) => async (detail: string, playerId?: string, sessionId?: string) => {
    await recordEvent(deps.db, { type: 'refresh', outcome: 'failure', detail, playerId, sessionId, meta });
    return ApiError.of(ErrorCode.unauthorized, 'The session cannot be refreshed.');
  };

/** The signed token's session and player, refused when closed, out of its window or lifetime, or blocked. */
async function sessionOfToken(deps: PlayerDeps, { token, meta }: RefreshRequest): Promise<Refreshing> {
  const fail = failure(deps, meta);
  if (!token) throw await fail('no token');
  const check = verifyJwt(token, deps.secret);
  if (!check.ok) throw await fail(check.reason);
  const { claims } = check;
  if (!UUID.test(claims.sessionId) || !UUID.test(claims.sub)) throw await fail('claims');
  const [row] = await deps.db
    .select({ session: sessions, player: players })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.playerId, claims.sub)));
  if (!row) throw await fail('no session');
  const { session, player } = row;
  const refuse = (detail: string) => fail(detail, player.id, session.id);
  if (session.closedAt) throw await refuse('session closed');
  if (session.refreshUntil.getTime() <= Date.now()) throw await refuse('refresh window over');
  if (sessionEndOf(deps, session.createdAt) <= Date.now()) throw await refuse('session lifetime over');
  if (signInRefused(player)) throw await refuse('blocked');
  return {
    claims,
    session,
    player,
    current: claims.jti === session.jti,
    graced: claims.jti === session.previousJti && withinGrace(session),
    refuse,
    closeFor: async (reason, detail) => {
      await closeSession(deps, player.id, session.id, reason, meta);
      return refuse(`${detail}: session closed`);
    },
  };
}

/** Cookie mode: the cookie must be the one of the token's id; the previous id's cookie again is a reuse. */
async function checkCookieMode(deps: PlayerDeps, r: Refreshing, cookie: string): Promise<void> {
  const { session, claims, current, graced } = r;
  if (!current && !graced && refreshValueMatches(deps, cookie, session.id, session.previousJti)) {
    throw await r.closeFor('refresh reuse', 'refresh cookie reused');
  }
  if (!current && !graced) throw await r.refuse('stale token id');
  if (!refreshValueMatches(deps, cookie, session.id, claims.jti)) throw await r.refuse('refresh cookie does not match');
}

/** Bearer mode: the signed token alone, when allowed, from the same kind of device and address. */
async function checkBearerMode(deps: PlayerDeps, r: Refreshing, { fingerprint, meta }: RefreshRequest): Promise<void> {
  const { session, current, graced } = r;
  // Refusals that end nothing: the token alone is not enough here, but nor is it proof of theft.
  if (deps.config.REFRESH_COOKIE_REQUIRED) throw await r.refuse('no refresh cookie');
  // Once refreshed with the cookie, the client is known to hold it: a stolen token cannot step down to bearer.
  if (session.cookieBound) throw await r.refuse('no refresh cookie from a client that holds it');
  // Every id but the current one has been refreshed already: presented after the grace, it is a copy.
  if (!current && !graced) throw await r.closeFor('refresh reuse', 'refreshed token presented again');
  if (fingerprint && session.fingerprint && fingerprint !== session.fingerprint) {
    throw await r.closeFor('refresh from another device', 'device fingerprint differs');
  }
  const family = addressFamilyOf(meta.ip);
  const signedInFrom = addressFamilyOf(session.ip);
  if (family && signedInFrom && family !== signedInFrom) throw await r.refuse('address family differs');
}

/** Gives the session a new token id (once: a concurrent refresh of the same token answers what this one gave). */
async function rotate(deps: PlayerDeps, r: Refreshing, { cookie, meta }: RefreshRequest): Promise<Auth> {
  const { session, player, claims } = r;
  const iat = Math.floor(Date.now() / 1000);
  const jti = randomUUID();
  const [updated] = await deps.db
    .update(sessions)
    .set({
      jti,
      previousJti: session.jti,
      // The new token's own iat, to the second: the grace re-mints exactly that token.
      rotatedAt: new Date(iat * 1000),
      lastSeenAt: sql`now()`,
      refreshUntil: refreshUntilOf(deps, session.createdAt),
      cookieBound: session.cookieBound || cookie !== null,
    })
    // Only if nobody rotated it meanwhile: two refreshes of one token cannot both win.
    .where(and(eq(sessions.id, session.id), eq(sessions.jti, session.jti), isNull(sessions.closedAt)))
    .returning({ id: sessions.id });
  if (!updated) {
    // The same token refreshed twice at once: the later one answers what the first was given.
    const [latest] = await deps.db.select().from(sessions).where(eq(sessions.id, session.id));
    if (latest && !latest.closedAt && latest.previousJti === claims.jti && withinGrace(latest)) {
      return answerGivenAgain(deps, player, latest, meta);
    }
    throw await r.refuse('concurrent refresh');
  }
  await recordEvent(deps.db, { type: 'refresh', outcome: 'success', playerId: player.id, sessionId: session.id, meta });
  return {
    ...mintToken(deps, player.id, session.id, jti, iat),
    tokenType: 'bearer',
    sessionId: session.id,
    profile: toProfile(player),
  };
}

const withinGrace = (session: SessionRow) =>
  session.rotatedAt !== null && Date.now() - session.rotatedAt.getTime() <= throttles.refreshGraceSeconds * 1000;

/** The replaced token within the grace: the token its refresh gave, minted again (a lost answer; two tabs). */
async function answerGivenAgain(deps: PlayerDeps, player: PlayerRow, session: SessionRow, meta: RequestMeta) {
  const iat = Math.floor(session.rotatedAt!.getTime() / 1000);
  await recordEvent(deps.db, {
    type: 'refresh',
    outcome: 'success',
    detail: 'answered again',
    playerId: player.id,
    sessionId: session.id,
    meta,
  });
  return {
    ...mintToken(deps, player.id, session.id, session.jti, iat),
    tokenType: 'bearer' as const,
    sessionId: session.id,
    profile: toProfile(player),
  };
}
