import { createHmac, timingSafeEqual } from 'node:crypto';
import { AccessClaims } from '@croupier/contracts';

/** HS256 JSON Web Tokens, just what access tokens need: no other algorithm is ever accepted. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (input: string, secret: Buffer) => createHmac('sha256', secret).update(input).digest();

export function signJwt(claims: AccessClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${mac(signingInput, secret).toString('base64url')}`;
}

export type JwtCheck =
  | { ok: true; claims: AccessClaims; expired: boolean }
  | { ok: false; reason: 'malformed' | 'signature' | 'claims' | 'not-yet-valid' };

/**
 * Checks the signature (constant-time) and the claims' shape, then the time window. An expired token
 * is reported as such rather than refused, so the refresh endpoint can accept it.
 */
export function verifyJwt(token: string, secret: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): JwtCheck {
  if (token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  // The header must be exactly ours: no alg "none", no key confusion.
  if (header !== HEADER) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(`${header}.${payload}`, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'claims' };
  }
  const parsed = AccessClaims.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'claims' };
  // A few seconds of leeway for a token minted by another instance whose clock runs slightly ahead.
  if (parsed.data.nbf > nowSeconds + 5) return { ok: false, reason: 'not-yet-valid' };
  return { ok: true, claims: parsed.data, expired: parsed.data.exp <= nowSeconds };
}
