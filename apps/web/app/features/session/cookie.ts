import { ACCESS_TOKEN_COOKIE, expireCookie, readCookie, serializeCookie, YEAR_SECONDS } from '../../lib/cookies.ts';

const secure = () => window.location.protocol === 'https:';

/** The stored session token (browser only; null during SSR). */
export const readAccessToken = (): string | null =>
  typeof document === 'undefined' ? null : readCookie(document.cookie, ACCESS_TOKEN_COOKIE);

/** One year, path /, SameSite=Lax, Secure on https, readable by JavaScript (spec §4). */
export function writeAccessToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the session cookie is JS-readable by contract (api-contract §1.2)
  document.cookie = serializeCookie(ACCESS_TOKEN_COOKIE, token, { maxAgeSeconds: YEAR_SECONDS, secure: secure() });
}

export function clearAccessToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeAccessToken
  document.cookie = expireCookie(ACCESS_TOKEN_COOKIE, { secure: secure() });
}
