import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { seedGames } from '../../src/modules/game/seed.ts';
import { pagePolicy } from '../../src/site/csp.ts';
import { databaseKind } from '../harness.ts';
import { card, type Player, paymentPlayer, paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';

// Issue 16 item 1 (decision 0050): deposit return URLs and the game's lobby follow one allow-list of site
// origins; item 4: gameUrl is absolute.

type Peer = { host?: string; remoteAddress?: string; headers?: Record<string, string> };

/** A deposit (card) as the browser on `host` sends it, from the socket peer `remoteAddress`. */
const depositFrom = (t: PlayerTestApp, p: Player, body: Record<string, unknown>, peer: Peer = {}) =>
  t.request({
    method: 'POST',
    url: '/api/payment/invoices/deposit',
    remoteAddress: peer.remoteAddress ?? '127.0.0.1',
    headers: { authorization: `Bearer ${p.token}`, ...(peer.host ? { host: peer.host } : {}), ...peer.headers },
    payload: {
      currency: 'EUR',
      accountId: p.accountId,
      isBonusDecline: false,
      redirectSuccessUrl: '/wallet/success',
      redirectErrorUrl: '/wallet/error',
      ...card('4242424242424242'),
      ...body,
    },
  });
const playFrom = (t: PlayerTestApp, lobbyUrl: string, peer: Peer = {}) =>
  t.request({
    method: 'POST',
    url: '/api/game/games/dice/play',
    remoteAddress: peer.remoteAddress ?? '127.0.0.1',
    headers: { ...(peer.host ? { host: peer.host } : {}), ...peer.headers },
    payload: { lobbyUrl, locale: 'en', platform: 2, demoMode: true },
  });
const lobbyOf = (gameUrl: string) => new URL(gameUrl).searchParams.get('lobby');

describe(`site origins: the demo on localhost and 127.0.0.1 (${databaseKind})`, () => {
  let t: PlayerTestApp;
  let p: Player;
  beforeAll(async () => {
    t = await paymentTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    await seedGames(t.database.db);
    p = await paymentPlayer(t);
  });
  afterAll(() => t.close());

  it('accepts PUBLIC_URL and the origin a trusted (loopback) request came through, and answers the normalised URL', async () => {
    const own = await depositFrom(t, p, { redirectSuccessUrl: 'http://localhost:3000/wallet?ok=1' });
    expect(own.status).toBe(200);
    expect(own.json.data.action).toBe('http://localhost:3000/wallet?ok=1');
    const viaIp = await depositFrom(
      t,
      p,
      { redirectSuccessUrl: 'http://127.0.0.1:3000/wallet', redirectErrorUrl: 'http://127.0.0.1:3000/oops' },
      { host: '127.0.0.1:3000' },
    );
    expect(viaIp.status).toBe(200);
    expect(viaIp.json.data.action).toBe('http://127.0.0.1:3000/wallet');
    // The same URL from a page on localhost is someone else's origin for that request.
    const crossed = await depositFrom(t, p, { redirectSuccessUrl: 'http://127.0.0.1:3000/wallet' });
    expect(crossed.status).toBe(422);
  });

  it('refuses an attacker origin, tricks that a browser reads as another host, and a forged Host from an untrusted peer', async () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'http://localhost:3000@evil.example/',
      'https://localhost:3000/',
      'http://localhost:3001/',
      'wallet',
    ]) {
      const res = await depositFrom(t, p, { redirectSuccessUrl: url });
      expect(res.status, url).toBe(422);
      expect(res.json.error.fields.redirectSuccessUrl, url).toEqual([expect.any(String)]);
    }
    const errorUrl = await depositFrom(t, p, { redirectErrorUrl: 'https://evil.example/' });
    expect(Object.keys(errorUrl.json.error.fields)).toEqual(['redirectErrorUrl']);
    const neutral = await depositFrom(t, p, { redirectUrl: 'https://evil.example/' });
    expect(Object.keys(neutral.json.error.fields)).toEqual(['redirectUrl']);
    // A peer outside TRUSTED_PROXIES cannot make its own Host a site origin.
    const forged = await depositFrom(
      t,
      p,
      { redirectSuccessUrl: 'http://evil.example/' },
      { host: 'evil.example', remoteAddress: '203.0.113.7' },
    );
    expect(forged.status).toBe(422);
    const forwarded = await depositFrom(
      t,
      p,
      { redirectSuccessUrl: 'https://evil.example/' },
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } },
    );
    expect(forwarded.status).toBe(422);
  });

  it('sends the browser back to the checked URL after the 3-D Secure page (never anywhere else)', async () => {
    const res = await depositFrom(
      t,
      p,
      { ...card('4000002760003184'), redirectSuccessUrl: 'http://127.0.0.1:3000/%2F%2Fdone?x=1' },
      { host: '127.0.0.1:3000' },
    );
    expect(res.status).toBe(200);
    const approved = await t.request({ method: 'POST', url: `${res.json.data.action}/approve` });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe('http://127.0.0.1:3000/%2F%2Fdone?x=1');
    const path = await depositFrom(t, p, { ...card('4000002760003184'), redirectSuccessUrl: '/a/../b?c#d' });
    const back = await t.request({ method: 'POST', url: `${path.json.data.action}/approve` });
    expect(back.headers.location).toBe('/b?c#d');
  });

  it('checks the lobby URL with the same list, and answers an absolute gameUrl on the page’s own origin', async () => {
    const local = await playFrom(t, 'http://127.0.0.1:3000/games', { host: '127.0.0.1:3000' });
    expect(local.status).toBe(200);
    expect(local.json.data.gameUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/studio\/launch\?/);
    expect(lobbyOf(local.json.data.gameUrl)).toBe('http://127.0.0.1:3000/games');
    const path = await playFrom(t, '/games?x=1');
    expect(path.json.data.gameUrl).toMatch(/^http:\/\/localhost\/studio\/launch\?/);
    for (const lobby of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await playFrom(t, lobby, { host: '127.0.0.1:3000' });
      expect(res.status, lobby).toBe(422);
      expect(res.json.error.fields.lobbyUrl, lobby).toBeDefined();
    }
    // An untrusted peer's Host is neither a lobby origin nor the studio's: PUBLIC_URL is.
    const spoofed = await playFrom(t, '/', { host: 'evil.example', remoteAddress: '203.0.113.7' });
    expect(spoofed.json.data.gameUrl).toMatch(/^http:\/\/localhost:3000\/studio\/launch\?/);
    expect(
      (await playFrom(t, 'http://evil.example/', { host: 'evil.example', remoteAddress: '203.0.113.7' })).status,
    ).toBe(422);
  });
});

describe(`site origins: www and the bare domain, a studio of its own (${databaseKind})`, () => {
  let t: PlayerTestApp;
  let p: Player;
  beforeAll(async () => {
    t = await paymentTestApp({
      PUBLIC_URL: 'https://casino.example',
      // The test's loopback peer is not a proxy here: only the configured origins count.
      TRUSTED_PROXIES: '10.0.0.0/8',
      STUDIO_PUBLIC_URL: 'https://games.casino.example/',
    });
    await seedGames(t.database.db);
    p = await paymentPlayer(t);
  });
  afterAll(() => t.close());

  it('accepts PUBLIC_URL and its www twin, nothing that merely looks like them', async () => {
    for (const url of [
      'https://casino.example/w',
      'https://www.casino.example/w',
      'https://WWW.Casino.Example:443/w',
    ]) {
      expect((await depositFrom(t, p, { redirectSuccessUrl: url })).status, url).toBe(200);
    }
    for (const url of [
      'http://casino.example/w',
      'https://evil.casino.example/w',
      'https://casino.example.evil.com/w',
      'https://www.www.casino.example/w',
      'https://casino.example:8443/w',
    ]) {
      expect((await depositFrom(t, p, { redirectSuccessUrl: url })).status, url).toBe(422);
    }
  });

  it('builds gameUrl from STUDIO_PUBLIC_URL, which the site’s pages may frame', async () => {
    const res = await playFrom(t, 'https://www.casino.example/games');
    expect(res.status).toBe(200);
    expect(res.json.data.gameUrl).toMatch(/^https:\/\/games\.casino\.example\/studio\/launch\?/);
    const policy = pagePolicy(t.config)('n');
    expect(policy).toContain("frame-src 'self' https://games.casino.example");
  });
});

describe(`site origins: an explicit SITE_ORIGINS list (${databaseKind})`, () => {
  let t: PlayerTestApp;
  let p: Player;
  beforeAll(async () => {
    t = await paymentTestApp({
      PUBLIC_URL: 'https://casino.example',
      SITE_ORIGINS: 'https://m.casino.example, http://localhost:5173/',
    });
    p = await paymentPlayer(t);
  });
  afterAll(() => t.close());

  it('accepts exactly the list and PUBLIC_URL: no twin, no request origin even from a trusted peer', async () => {
    for (const url of ['https://casino.example/', 'https://m.casino.example/x', 'http://localhost:5173/x']) {
      expect((await depositFrom(t, p, { redirectSuccessUrl: url })).status, url).toBe(200);
    }
    for (const url of ['https://www.casino.example/', 'http://localhost/x', 'http://evil.example/']) {
      expect((await depositFrom(t, p, { redirectSuccessUrl: url }, { host: 'evil.example' })).status, url).toBe(422);
    }
  });

  it('refuses a SITE_ORIGINS entry that is not a bare http(s) origin at start', () => {
    for (const bad of [
      'https://casino.example/path',
      'ftp://casino.example',
      'casino.example',
      'https://a.example,nope',
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', SITE_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', STUDIO_PUBLIC_URL: 'ftp://games.example' })).toThrow(ConfigError);
  });
});
