import type { ApiClient, Profile } from '@croupier/contracts';
import { ACCESS_TOKEN_COOKIE, readCookie } from '../../lib/cookies.ts';
import { isTokenExpired } from './token.ts';

/**
 * SSR side of the session (spec §4, §8): a fresh token loads the profile with that token; an expired
 * one renders as a guest and leaves the refresh to the browser; a failed load is a quiet guest.
 */
export async function loadSessionProfile(
  api: ApiClient,
  cookieHeader: string | null,
  nowMs = Date.now(),
): Promise<{ profile: Profile | null; pending: boolean }> {
  const token = readCookie(cookieHeader, ACCESS_TOKEN_COOKIE);
  if (!token) return { profile: null, pending: false };
  if (isTokenExpired(token, nowMs)) return { profile: null, pending: true };
  try {
    const { data } = await api.player.profile({ token });
    return { profile: data, pending: false };
  } catch {
    return { profile: null, pending: false };
  }
}
