import type { Auth } from '@croupier/contracts';
import { deviceFingerprint } from '../../shared/session/fingerprint.ts';
import { plainApi } from '../../shared/session/runtime.ts';

/** Exchanges an autologin token for a session (POST /api/player/sessions/token). Rejects on any failure. */
export async function autologin(token: string): Promise<Auth> {
  if (!token) throw new Error('No autologin token');
  const { data } = await plainApi().player.loginToken({ body: { token, fingerprint: deviceFingerprint() } });
  return data;
}

/** A same-site path to go to after autologin; anything else (absolute, protocol-relative) is `fallback`. */
export function safeRedirectPath(value: string | null, fallback: string): string {
  if (!value) return fallback;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  return decoded.startsWith('/') && !decoded.startsWith('//') && !decoded.startsWith('/\\') ? decoded : fallback;
}
