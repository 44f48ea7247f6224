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

/** The Cookie Store API where the browser has it (secure contexts: https and localhost). */
const cookieStore = () =>
  (globalThis as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;

/**
 * Writes the token and resolves once the browser's cookie store holds it. The `document.cookie` setter
 * is fire-and-forget in Chromium; a read on the same Cookie Store channel comes back only after it, so a
 * tab that releases the refresh lock after this knows the next tab will find the new token.
 */
export async function commitAccessToken(token: string): Promise<void> {
  writeAccessToken(token);
  await cookieStore()
    ?.get(ACCESS_TOKEN_COOKIE)
    .catch(() => null);
}

/** The token as the browser's cookie store holds it now, not a tab's cached `document.cookie`. */
export async function readAccessTokenNow(): Promise<string | null> {
  const store = cookieStore();
  if (!store) return readAccessToken();
  const cookie = await store.get(ACCESS_TOKEN_COOKIE).catch(() => undefined);
  if (cookie === undefined) return readAccessToken();
  return cookie ? decodeURIComponent(cookie.value) : null;
}

export function clearAccessToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeAccessToken
  document.cookie = expireCookie(ACCESS_TOKEN_COOKIE, { secure: secure() });
}
