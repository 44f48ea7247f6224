import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlayerDeps } from '../context.ts';

/**
 * The second credential of a refresh (docs/decisions/0032): HttpOnly, SameSite=Strict, Secure on https, sent
 * only to the session endpoints. Its value is an HMAC of the session and its current token id, so it rotates
 * with every refresh and needs no column: script can read the access token, never this.
 */
export const REFRESH_COOKIE = 'croupier_refresh';
export const REFRESH_COOKIE_PATH = '/api/player/sessions';

/** The cookie value that goes with a session's token id. */
export function refreshValueOf(deps: Pick<PlayerDeps, 'secret'>, sessionId: string, jti: string): string {
  return createHmac('sha256', deps.secret).update(`croupier/refresh\n${sessionId}\n${jti}`).digest('base64url');
}

/** Whether a presented cookie is the one of this session and token id (constant time). */
export function refreshValueMatches(
  deps: Pick<PlayerDeps, 'secret'>,
  given: string | null,
  sessionId: string,
  jti: string | null,
): boolean {
  if (!given || !jti) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(refreshValueOf(deps, sessionId, jti));
  return a.length === b.length && timingSafeEqual(a, b);
}

const attributes = (deps: Pick<PlayerDeps, 'config'>) =>
  `Path=${REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Strict${deps.config.https ? '; Secure' : ''}`;

/** The token id an access token carries (its signature was checked when it was minted here). */
const jtiOf = (accessToken: string): string | null => {
  try {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      jti?: unknown;
    };
    return typeof claims.jti === 'string' ? claims.jti : null;
  } catch {
    return null;
  }
};

/** Sets the refresh cookie of a freshly minted access token (login, registration, autologin, social, refresh). */
export function setRefreshCookie(
  deps: Pick<PlayerDeps, 'secret' | 'config'>,
  reply: FastifyReply,
  auth: { accessToken: string; sessionId: string },
): void {
  const jti = jtiOf(auth.accessToken);
  if (!jti) return;
  const maxAge = deps.config.SESSION_REFRESH_WINDOW_DAYS * 86_400;
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${refreshValueOf(deps, auth.sessionId, jti)}; Max-Age=${maxAge}; ${attributes(deps)}`,
  );
}

export function clearRefreshCookie(deps: Pick<PlayerDeps, 'config'>, reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; Max-Age=0; ${attributes(deps)}`);
}

/** The refresh cookie of a request, or null. */
export function refreshCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === REFRESH_COOKIE) return part.slice(i + 1).trim() || null;
  }
  return null;
}
