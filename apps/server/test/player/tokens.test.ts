import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { resolveJwtSecret } from '../../src/modules/player/crypto.ts';
import { signJwt, verifyJwt } from '../../src/modules/player/sessions/jwt.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const secret = Buffer.from('k'.repeat(40));
const claims = (over: Partial<Record<string, unknown>> = {}) => ({
  iss: 'http://localhost:3000',
  sub: 'p',
  id: 'p',
  sessionId: 's',
  jti: 'j',
  iat: 1000,
  nbf: 1000,
  exp: 1900,
  prv: 'x',
  ...over,
});

describe('access tokens', () => {
  it('signs HS256 and verifies signature, shape and time window', () => {
    const token = signJwt(claims(), secret);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verifyJwt(token, secret, 1500)).toEqual({ ok: true, claims: claims(), expired: false });
    expect(verifyJwt(token, secret, 1900)).toMatchObject({ ok: true, expired: true });
    expect(verifyJwt(token, secret, 900)).toEqual({ ok: false, reason: 'not-yet-valid' });
    expect(verifyJwt(token, Buffer.from('other'.repeat(10)), 1500)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt(`${token}a`, secret, 1500).ok).toBe(false);
    expect(verifyJwt('a.b', secret, 1500)).toEqual({ ok: false, reason: 'malformed' });
    const missing = signJwt({ ...claims(), sessionId: undefined } as never, secret);
    expect(verifyJwt(missing, secret, 1500)).toEqual({ ok: false, reason: 'claims' });
  });

  it('requires JWT_SECRET in production on PostgreSQL, and at least 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'x'.repeat(32) })
        .ACCESS_TOKEN_TTL_SECONDS,
    ).toBe(900);
    expect(loadConfig({}).SESSION_REFRESH_WINDOW_DAYS).toBe(30);
  });

  it('generates a development key once and keeps it in DATA_DIR (mode 600)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-jwt-'));
    dirs.push(dir);
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(config).equals(first)).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.toString());
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(32) })).toString()).toBe('y'.repeat(32));
  });
});
