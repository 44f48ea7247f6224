import { createHash, randomUUID } from 'node:crypto';
import { type AccessClaims, ApiError, type Auth, ErrorCode, type Session } from '@croupier/contracts';
import { and, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { poolSql, statement } from '../../../db/lean-sql.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { type PlayerRow, toProfile } from '../profile.ts';
import { sessions } from '../schema.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { throttles } from '../throttles.ts';
import { signJwt, verifyJwt } from './jwt.ts';

/** The `prv` claim: which kind of subject the token names (always a player here). */
const PRV = createHash('sha1').update('croupier/player').digest('hex');
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session check of every authenticated request, as a prepared statement: no query building per request
 * and one plan per connection (issue 15; bench/history measured 1 ms of CPU for the Drizzle-built one).
 */
const SESSION_CHECK = statement(
  'player_session_check',
  `select s.closed_at, s.refresh_until, s.last_seen_at, p.status, p.block_login
     from player.sessions s join player.players p on p.id = s.player_id
    where s.id = $1 and s.player_id = $2`,
);
interface SessionCheckRow {
  closed_at: Date | string | null;
  refresh_until: Date | string;
  last_seen_at: Date | string;
  status: number;
  block_login: boolean;
}

/** What an authenticated request knows about its caller. */
export interface AuthContext {
  playerId: string;
  sessionId: string;
  claims: AccessClaims;
}

const unauthorized = (message = 'Authentication required.') => ApiError.of(ErrorCode.unauthorized, message);

export const deviceTypeOf = (userAgent: string | null): 'mobile' | 'desktop' =>
  userAgent && /Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini|IEMobile|webOS|BlackBerry/i.test(userAgent)
    ? 'mobile'
    : 'desktop';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An access token; `iat` given, it is the same token that was minted then (a lost refresh answered again). */
export function mintToken(deps: PlayerDeps, playerId: string, sessionId: string, jti: string, iat = nowSeconds()) {
  const exp = iat + deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const claims: AccessClaims = {
    iss: deps.config.publicUrl,
    sub: playerId,
    id: playerId,
    sessionId,
    jti,
    iat,
    nbf: iat,
    exp,
    prv: PRV,
  };
  return { accessToken: signJwt(claims, deps.secret), expiresAfter: new Date(exp * 1000).toISOString() };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a session signed in at `createdAt` ends: the refresh window slides, the lifetime does not (0096). */
export const sessionEndOf = (deps: PlayerDeps, createdAt: Date) =>
  createdAt.getTime() + deps.config.SESSION_LIFETIME_DAYS * DAY_MS;

/** Until when a session used now can be refreshed: the sliding window, within the session's lifetime. */
export const refreshUntilOf = (deps: PlayerDeps, createdAt: Date) =>
  new Date(Math.min(Date.now() + deps.config.SESSION_REFRESH_WINDOW_DAYS * DAY_MS, sessionEndOf(deps, createdAt)));

/** Opens a session for a player and answers the contract's Auth. */
export async function openSession(
  deps: PlayerDeps,
  player: PlayerRow,
  input: { meta: RequestMeta; fingerprint: string; method: string; isNewlyRegistered?: boolean },
  db: Db = deps.db,
): Promise<Auth> {
  // On the caller's connection: a sign-in inside a transaction must not wait on itself (PGlite has one).
  for (const guard of deps.signInGuards) await guard(player.id, db);
  const jti = randomUUID();
  const [session] = await db
    .insert(sessions)
    .values({
      playerId: player.id,
      ip: input.meta.ip,
      country: input.meta.country,
      deviceType: deviceTypeOf(input.meta.userAgent),
      userAgent: input.meta.userAgent,
      fingerprint: input.fingerprint || null,
      method: input.method,
      jti,
      refreshUntil: refreshUntilOf(deps, new Date()),
    })
    .returning({ id: sessions.id });
  const token = mintToken(deps, player.id, session!.id, jti);
  return {
    ...token,
    tokenType: 'bearer',
    sessionId: session!.id,
    profile: toProfile(player, { isNewlyRegistered: input.isNewlyRegistered ?? false }),
  };
}

export const bearerOf = (header: string | string[] | undefined): string | null => {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
};

/**
 * Verifies an access token and its session in one query: signature, expiry, session open and the
 * player not blocked. A closed session's token is refused on its very next request.
 */
export async function authenticate(deps: PlayerDeps, token: string): Promise<AuthContext> {
  const check = verifyJwt(token, deps.secret);
  if (!check.ok || check.expired) throw unauthorized(check.ok ? 'The access token has expired.' : undefined);
  const { claims } = check;
  if (!UUID.test(claims.sessionId) || !UUID.test(claims.sub)) throw unauthorized();
  const [found] = await poolSql(deps.db).query<SessionCheckRow>(SESSION_CHECK, [claims.sessionId, claims.sub]);
  const row = found && {
    closedAt: found.closed_at,
    refreshUntil: new Date(found.refresh_until),
    lastSeenAt: new Date(found.last_seen_at),
    status: found.status,
    blockLogin: found.block_login,
  };
  // A staff login block closes the sessions too; reading it here also refuses one opened in a race with it.
  if (!row || row.closedAt || signInRefused(row) || row.refreshUntil.getTime() <= Date.now()) {
    throw unauthorized('The session has ended.');
  }
  if (Date.now() - row.lastSeenAt.getTime() > throttles.lastSeenEverySeconds * 1000) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${throttles.lastSeenEverySeconds})`),
        ),
      );
  }
  return { playerId: claims.sub, sessionId: claims.sessionId, claims };
}

const toSession = (row: typeof sessions.$inferSelect): Session => ({
  sessionId: row.id,
  playerId: row.playerId,
  ip: row.ip ?? '',
  country: row.country ?? '',
  deviceType: row.deviceType,
  userAgent: row.userAgent ?? '',
  closedAt: row.closedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listSessions(db: Db, playerId: string, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(sessions).where(eq(sessions.playerId, playerId));
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows: rows.map(toSession), total: Number(total?.n ?? 0) };
}

/** Closes one of the player's own sessions; another player's session is "not found". */
export async function closeSession(
  deps: PlayerDeps,
  playerId: string,
  sessionId: string,
  reason: string,
  meta: RequestMeta,
): Promise<Session> {
  const [closed] = await deps.db
    .update(sessions)
    .set({ closedAt: sql`now()`, closeReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId), isNull(sessions.closedAt)))
    .returning();
  if (closed) {
    notifySessionsClosed(deps, [closed.id]);
    await recordEvent(deps.db, {
      type: reason === 'logout' ? 'logout' : 'session_closed',
      outcome: 'success',
      playerId,
      sessionId,
      detail: reason,
      meta,
    });
    return toSession(closed);
  }
  const [existing] = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId)));
  if (!existing) throw ApiError.of(ErrorCode.notFound, 'Session not found.');
  return toSession(existing);
}

/**
 * Closes every open session of a player, except one when given. Returns the closed ids; the caller passes them
 * to {@link notifySessionsClosed} once its transaction has committed.
 */
export async function closeAllSessions(db: Db, playerId: string, reason: string, except?: string): Promise<string[]> {
  const conditions = [eq(sessions.playerId, playerId), isNull(sessions.closedAt)];
  if (except) conditions.push(ne(sessions.id, except));
  const closed = await db
    .update(sessions)
    .set({ closedAt: sql`now()`, closeReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return closed.map((row) => row.id);
}

/** Tells the listeners (real time) which sessions just closed; a failing listener is logged, not fatal. */
export function notifySessionsClosed(deps: Pick<PlayerDeps, 'sessionsClosed' | 'log'>, sessionIds: string[]): void {
  if (sessionIds.length === 0) return;
  for (const listener of deps.sessionsClosed) {
    try {
      listener(sessionIds);
    } catch (error) {
      deps.log.error({ err: error, sessionIds }, 'sessions-closed listener failed');
    }
  }
}
