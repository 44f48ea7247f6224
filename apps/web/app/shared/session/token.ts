/** A token counts as expired this long before its `exp` claim (spec §4, §9). */
export const EXPIRY_MARGIN_MS = 10_000;

export interface TokenClaims {
  exp?: number;
  sub?: string;
  id?: string;
  sessionId?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, decoded without verifying the signature (api-contract §1.2); null when unreadable. */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** When the token stops being usable, in epoch milliseconds (margin applied); 0 when it has no `exp`. */
export function usableUntil(token: string | null | undefined): number {
  const exp = decodeClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 - EXPIRY_MARGIN_MS : 0;
}

/** Expired, 10 s early; an unreadable token is treated as expired so it is refreshed or dropped. */
export const isTokenExpired = (token: string | null | undefined, nowMs: number): boolean => usableUntil(token) <= nowMs;

/** The session the token belongs to: marks the current row of the session list (api-contract §3.5). */
export function sessionIdOf(token: string | null | undefined): string | null {
  const id = decodeClaims(token)?.sessionId;
  return typeof id === 'string' ? id : null;
}
