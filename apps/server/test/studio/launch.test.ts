import { studioLaunchUrl } from '@croupier/contracts/launch-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createStudioTestApp, SECRET, type StudioTestApp } from './helpers.ts';

let t: StudioTestApp;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(() => t.close());

const base = { game: 'dice', mode: 'demo' as const, currency: 'EUR', locale: 'de', lobby: '/de/casino' };

describe(`studio launch and page (${databaseKind})`, () => {
  it('opens a session for a signed link and serves the game page framable by the casino only', async () => {
    const res = await t.app.inject({ method: 'GET', url: studioLaunchUrl(SECRET, base) });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/studio\/play\/[A-Za-z0-9_-]{43}$/);
    const page = await t.app.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const id = location.split('/').pop();
    expect(page.body).toContain(`<script nonce="${nonce}">window.__STUDIO__={"sessionId":"${id}"}</script>`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // With a built UI the page loads its bundle from /studio/assets/, served immutable.
    const asset = /(?:src|href)="(\/studio\/assets\/[^"]+)"/.exec(page.body)?.[1];
    if (asset) {
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['cache-control'])).toContain('immutable');
    } else {
      expect(page.body).toContain('not built');
    }

    const session = await t.api('GET', id as string);
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({
      id,
      game: 'dice',
      mode: 'demo',
      currency: 'EUR',
      subunitToUnit: 100,
      balance: '100000',
      locale: 'de',
      lobbyUrl: '/de/casino',
      limits: { minBet: '10', maxBet: '10000' },
      openRound: null,
    });
    expect(session.json.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.json.seeds.nonce).toBe(0);
    expect(session.json.limits.betSteps).toContain('100');
  });

  it('refuses a tampered link with 403, an expired or incomplete one with 400, as a small HTML page', async () => {
    const url = new URL(studioLaunchUrl(SECRET, base), 'http://x');
    const sessions = await t.count('sessions');
    for (const [k, v] of [
      ['game', 'mines'],
      ['mode', 'real'],
      ['currency', 'USD'],
      ['lobby', 'https://evil.example'],
    ] as const) {
      const bad = new URL(url);
      bad.searchParams.set(k, v);
      const res = await t.app.inject({ method: 'GET', url: `${bad.pathname}${bad.search}` });
      expect(res.statusCode, k).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Dieser Spiel-Link ist ungültig');
    }
    const forged = studioLaunchUrl('another-secret-0123456789', base);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expired = studioLaunchUrl(SECRET, base, Date.now() - 10 * 60_000);
    const res = await t.app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('abgelaufen');
    const missing = new URL(url);
    missing.searchParams.delete('exp');
    expect((await t.app.inject({ method: 'GET', url: `${missing.pathname}${missing.search}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/studio/launch' })).statusCode).toBe(400);
    // Signed, but for a game or currency the studio does not have.
    const unknown = studioLaunchUrl(SECRET, { ...base, game: 'poker' });
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(400);
    // Real play needs a token and a player.
    const noToken = studioLaunchUrl(SECRET, { ...base, mode: 'real' });
    expect((await t.app.inject({ method: 'GET', url: noToken })).statusCode).toBe(400);
    expect(await t.count('sessions')).toBe(sessions);
  });

  it('answers unknown sessions with 404 (page and API) and serves no assets outside the bundle', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/studio/play/nope' });
    expect(page.statusCode).toBe(404);
    const api = await t.api('GET', 'A'.repeat(43));
    expect(api.status).toBe(404);
    expect(api.json.error.code).toBe('session_not_found');
    const asset = await t.app.inject({ method: 'GET', url: '/studio/assets/..%2f..%2fpackage.json' });
    expect(asset.statusCode).toBe(404);
  });

  it('limits the game API per session: 600 calls a minute, other sessions unaffected', async () => {
    const [busy, other] = [await t.demo('dice'), await t.demo('dice')];
    let last = { status: 0, json: {} as { error?: { code: string } } };
    for (let i = 0; i < 601; i++) last = await t.api('GET', busy, '/rounds');
    expect(last.status).toBe(429);
    expect(last.json.error?.code).toBe('too_many_requests');
    expect((await t.api('GET', other, '/rounds')).status).toBe(200);
  });
});
