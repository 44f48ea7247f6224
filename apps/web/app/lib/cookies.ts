/** Reads one cookie from a Cookie header or document.cookie. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  secure?: boolean;
}

/** Expires a cookie set with {@link serializeCookie}. */
export const expireCookie = (name: string, { path = '/', secure }: { path?: string; secure?: boolean } = {}) =>
  `${name}=; Max-Age=0; Path=${path}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Serializes a first-party cookie with the spec's default path `/` and SameSite=Lax. */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, path = '/', secure }: CookieOptions,
): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const LANGUAGE_COOKIE = 'language';
/** The session token, JavaScript-readable for one year (spec §4, §9). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const AFFILIATE_COOKIE = 'stag';
/** The referral code from `?ref=`, kept until sign-up like `stag` (decision 0067). */
export const REFERRAL_COOKIE = 'ref';
export const YEAR_SECONDS = 31_536_000;
