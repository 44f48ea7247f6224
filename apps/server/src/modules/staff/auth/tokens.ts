import { createHash, randomBytes } from 'node:crypto';

/** A staff access token: 32 random bytes, base64url. Only its SHA-256 is stored (a database leak signs nobody in). */
export const newStaffToken = (): string => `stf_${randomBytes(32).toString('base64url')}`;

export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The web app's session cookie (§2): HttpOnly, SameSite=Strict; the same token as the bearer one. */
export const STAFF_COOKIE = 'croupier_staff';

/** §2: 30 minutes without a call, 12 hours at most. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3_600_000;
/** `last_seen_at` is written at most this often, not on every call. */
export const LAST_SEEN_EVERY_MS = 60_000;

export function staffCookieOf(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === STAFF_COOKIE) return part.slice(i + 1).trim() || null;
  }
  return null;
}

const attributes = (https: boolean) => `Path=/; HttpOnly; SameSite=Strict${https ? '; Secure' : ''}`;

export const staffCookie = (token: string, https: boolean): string =>
  `${STAFF_COOKIE}=${token}; Max-Age=${STAFF_ABSOLUTE_MS / 1000}; ${attributes(https)}`;

export const clearedStaffCookie = (https: boolean): string => `${STAFF_COOKIE}=; Max-Age=0; ${attributes(https)}`;
