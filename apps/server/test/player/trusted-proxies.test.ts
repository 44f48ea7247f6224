import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { proxyMatcher } from '../../src/http/proxies.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, uniqueEmail } from './helpers.ts';

// Issue 14 §1: cf-connecting-ip / cf-ipcountry are believed only from TRUSTED_PROXIES (docs/decisions/0030).

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp({ TRUSTED_PROXIES: '10.9.0.0/16, 2001:db8::/32', RESTRICTED_COUNTRIES: 'IR:1' });
});
afterAll(() => t.close());

let forged = 0;
const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ remoteAddress, headers });
const forgedHeaders = () => ({ 'cf-connecting-ip': `198.18.0.${++forged % 250}`, 'cf-ipcountry': 'IR' });

describe(`trusted proxies (${databaseKind})`, () => {
  it('ignores forged geo headers from a peer that is not a trusted proxy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/player/init', ...from('203.0.113.50', forgedHeaders()) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ ip: '203.0.113.50', country: '', isRestricted: false });
  });

  it('reads them from a trusted proxy (IPv4 and IPv6, IPv4-mapped peers too)', async () => {
    for (const peer of ['10.9.3.4', '::ffff:10.9.3.4', '2001:db8::7']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/player/init',
        ...from(peer, { 'cf-connecting-ip': '192.0.2.44', 'cf-ipcountry': 'IR' }),
      });
      expect(res.json.data).toMatchObject({ ip: '192.0.2.44', country: 'IR', isRestricted: true });
    }
  });

  it('keys the per-IP login limit on the socket address, whatever header is rotated', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/player/sessions',
        payload: { login: uniqueEmail('rot'), password: 'nope', fingerprint: 'fp' },
        ...from('203.0.113.51', forgedHeaders()),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    // The login limit answers 422 code 5 on `login` (decision 0052).
    expect(statuses[20]).toBe(422);
  });

  it('writes the socket address, not the forged one, to the audit trail', async () => {
    const identity = uniqueEmail('audit');
    await t.request({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: identity, password: 'nope', fingerprint: 'fp' },
      ...from('203.0.113.52', forgedHeaders()),
    });
    const res = await t.database.db.execute(
      sql`select ip from player.auth_events where identity = ${identity} and type = 'login'`,
    );
    const rows = (res as unknown as { rows: { ip: string }[] }).rows;
    expect(rows).toEqual([{ ip: '203.0.113.52' }]);
  });

  it('geo-restriction holds against a forged country from an untrusted peer', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: uniqueEmail('geo'), password: 'nope', fingerprint: 'fp' },
      ...from('203.0.113.53', forgedHeaders()),
    });
    // Not refused as "not available in your country": the forged IR was not believed.
    expect(res.status).toBe(401);
  });
});

describe('TRUSTED_PROXIES configuration', () => {
  it('defaults to loopback outside production and in the demo, to nothing in production', () => {
    expect(loadConfig({}).trustedProxies).toEqual(['127.0.0.0/8', '::1/128']);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).trustedProxies).toEqual(['127.0.0.0/8', '::1/128']);
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.trustedProxies).toEqual([]);
    expect(proxyMatcher(production.trustedProxies)('127.0.0.1')).toBe(false);
  });

  it('refuses a malformed list at start', () => {
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.1/8/1', '::1/129', '1.2.3.4/x']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('matches addresses inside the listed networks only', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    expect(['10.255.0.1', '192.0.2.7', 'fd12::1', '::ffff:10.1.2.3'].map(trusted)).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.0.2.8', 'fe80::1', undefined, 'garbage'].map(trusted)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
