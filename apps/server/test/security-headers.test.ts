import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase } from './harness.ts';

// Issue 14 §7: helmet's headers on every answer, HSTS on https, a page CSP without wildcards (decision 0036).

const built = existsSync(resolve(import.meta.dirname, '../../web/build/server/index.js'));

async function appWith(env: Record<string, string>, site: boolean) {
  const fresh = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const app = await buildApp({ config, database: fresh.database, logger: false, site });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(' ')[0] === name) ?? '';

describe('security headers over http', () => {
  let t: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    t = await appWith({ PUBLIC_URL: 'http://casino.test' }, false);
  });
  afterAll(() => t.close());

  it('API answers forbid everything and carry no HSTS', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('security headers over https', () => {
  let t: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    t = await appWith(
      {
        PUBLIC_URL: 'https://casino.test',
        CDN_BASE_URL: 'https://cdn.casino.test/img/',
        GAME_HUB_CDN_BASE_URL: 'https://hub.example/assets',
      },
      built,
    );
  }, 60_000);
  afterAll(() => t.close());

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  describe.skipIf(!built)('pages of the built site', () => {
    it('have a CSP naming this origin and the configured CDNs only, and nonce-only styles', async () => {
      const res = await t.app.inject({ url: '/', headers: { host: 'casino.test' } });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' wss://casino.test");
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://cdn.casino.test https://hub.example");
      expect(directive(csp, 'style-src')).toMatch(/^style-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
      expect(csp).not.toMatch(/(^|\s)(ws:|wss:|https:)(\s|;|$)/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('sets the stag cookie Secure', async () => {
      const res = await t.app.inject({ url: '/?stag=aff-7', headers: { host: 'casino.test' } });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers['set-cookie'])).toMatch(/^stag=aff-7;.*; Secure/);
    });
  });
});
