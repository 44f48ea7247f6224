import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { backofficePlugin, backofficePolicy, withNonce } from '../../src/site/backoffice-plugin.ts';

// Decision 0109: the back office's single-page build at /backoffice — index.html for every path of the app,
// never cached, under a strict CSP whose nonce is on every script; hashed assets cached for good.

const INDEX = `<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/backoffice/assets/entry-abc.js"/></head><body><main>Loading</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import("/backoffice/assets/entry-abc.js");</script></body></html>`;

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-fake-backoffice-'));
  mkdirSync(join(dir, 'client/assets'), { recursive: true });
  writeFileSync(join(dir, 'client/index.html'), INDEX);
  writeFileSync(join(dir, 'client/assets/entry-abc.js'), 'export const x = 1;\n');
  return dir;
}

async function appWith(buildDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const config = { backofficeBuildDir: buildDir, publicUrl: 'http://127.0.0.1:3000' } as Config;
  await app.register(backofficePlugin, { config });
  // The player site's catch-all, registered after, as in app.ts.
  app.get('/*', async () => 'player site');
  await app.ready();
  return app;
}

describe('back-office pages', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fakeBuild();
    app = await appWith(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/backoffice',
    '/backoffice/',
    '/backoffice/players/0b6f7c1e-0000-4000-8000-000000000000?tab=notes',
  ])('%s answers the app with a fresh nonce on every script, uncached, unframeable', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    // Inline code runs only with the nonce; only style attributes are free (Radix positions menus with them).
    expect(csp).not.toMatch(/script-src[^;]*unsafe-/);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('makes a new nonce for every answer', async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        String((await app.inject({ url: '/backoffice/' })).headers['content-security-policy']),
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it('serves hashed assets for good, and a missing one as 404 rather than the page', async () => {
    const asset = await app.inject({ url: '/backoffice/assets/entry-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toContain('export const x');
    const missing = await app.inject({ url: '/backoffice/assets/entry-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });

  it('leaves every other path to the player site', async () => {
    for (const url of ['/', '/backofficex', '/games/x']) {
      expect((await app.inject({ url })).body).toBe('player site');
    }
  });
});

describe('back office without a build', () => {
  it('answers 503 with how to build, and the player site still works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-no-backoffice-'));
    const app = await appWith(dir);
    try {
      const res = await app.inject({ url: '/backoffice/players' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await app.inject({ url: '/' })).body).toBe('player site');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backofficePolicy', () => {
  const connectSrc = (config: Pick<Config, 'publicUrl' | 'BACKOFFICE_ORIGIN'>) =>
    /connect-src ([^;]*)/.exec(backofficePolicy(config)('N'))?.[1];

  it('lets the page reach its own API and the live dashboard’s socket, on the back office’s origin too', () => {
    expect(connectSrc({ publicUrl: 'http://127.0.0.1:3000' })).toBe("'self' ws://127.0.0.1:3000");
    expect(
      connectSrc({ publicUrl: 'https://casino.example', BACKOFFICE_ORIGIN: 'https://office.casino.example' }),
    ).toBe("'self' wss://casino.example wss://office.casino.example");
  });
});

describe('withNonce', () => {
  it('adds the nonce to each script tag once, and to nothing else', () => {
    const html = '<script>a</script><script type="module">b</script><scripts></scripts><script nonce="x">c</script>';
    expect(withNonce(html, 'N')).toBe(
      '<script nonce="N">a</script><script nonce="N" type="module">b</script><scripts></scripts><script nonce="x">c</script>',
    );
  });
});
