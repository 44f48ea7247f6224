import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

// The live-chat identity endpoints (api-contract §4.1, decision 0068) with the Chatwoot adapter: the token is
// the player's identifier and its HMAC under the inbox secret; guests get random identities; unconfigured: 404.

const HMAC = 'chatwoot-hmac-secret-for-tests';
const env = {
  CHATWOOT_BASE_URL: 'https://chat.example.com/',
  CHATWOOT_WEBSITE_TOKEN: 'websiteToken123',
  CHATWOOT_HMAC_TOKEN: HMAC,
  LIVECHAT_TOKEN_TTL_SECONDS: '3600',
};
const hashOf = (identifier: string) => createHmac('sha256', HMAC).update(identifier).digest('hex');

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp(env);
});
afterAll(() => t.close());

const get = (path: string, token?: string) =>
  t.call('GET', `/api/player/integrations/livechat/${path}`, token ? { token } : {});

describe(`live chat (${databaseKind})`, () => {
  it('names the widget in the site settings', async () => {
    const site = await t.call('GET', '/api/settings/site');
    expect(site.json.data.liveChat).toEqual({
      provider: 'chatwoot',
      baseUrl: 'https://chat.example.com',
      websiteToken: 'websiteToken123',
    });
  });

  it("answers the player's signed identity, the same one until it is renewed", async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const id = auth.profile.id;
    expect((await get('has-token', token)).json).toEqual({ data: false });
    const first = (await get('token', token)).json.data;
    expect(first).toMatchObject({
      accessToken: hashOf(id),
      entityId: id,
      licenseId: 'websiteToken123',
      tokenType: 'chatwoot-identifier-hash',
      expiresIn: 3_600_000,
    });
    expect(Math.abs(first.creationDate - Date.now())).toBeLessThan(60_000);
    expect((await get('has-token', token)).json).toEqual({ data: true });
    expect((await get('token', token)).json.data.creationDate).toBe(first.creationDate);
    await new Promise((r) => setTimeout(r, 5));
    const fresh = (await get('fresh-token?returnUrl=https%3A%2F%2Fcasino.example', token)).json.data;
    expect(fresh.creationDate).toBeGreaterThan(first.creationDate);
    expect(fresh.accessToken).toBe(hashOf(id));
    const deleted = await t.call('DELETE', '/api/player/integrations/livechat/token', { token });
    expect(deleted.status).toBe(200);
    expect(typeof deleted.json.data).toBe('string');
    expect((await get('has-token', token)).json).toEqual({ data: false });
  });

  it('gives each guest a new random identity, never a player id', async () => {
    const a = (await get('fresh-token')).json.data;
    const b = (await get('fresh-token')).json.data;
    expect(a.entityId).toMatch(/^guest-[0-9a-f-]{36}$/);
    expect(a.entityId).not.toBe(b.entityId);
    expect(a.accessToken).toBe(hashOf(a.entityId));
  });

  it("keeps two players' identities apart", async () => {
    const one = await registerPlayer(t);
    const two = await registerPlayer(t);
    const a = (await get('token', one.auth.accessToken)).json.data;
    const b = (await get('token', two.auth.accessToken)).json.data;
    expect(a.entityId).toBe(one.auth.profile.id);
    expect(b.entityId).toBe(two.auth.profile.id);
    expect(a.accessToken).not.toBe(b.accessToken);
    await t.call('DELETE', '/api/player/integrations/livechat/token', { token: one.auth.accessToken });
    expect((await get('has-token', two.auth.accessToken)).json).toEqual({ data: true });
  });

  it('refuses guests on player endpoints and a bad returnUrl', async () => {
    expect((await get('token')).status).toBe(401);
    expect((await get('has-token')).status).toBe(401);
    expect((await t.call('DELETE', '/api/player/integrations/livechat/token')).status).toBe(401);
    const bad = await get('fresh-token?returnUrl=not%20a%20url');
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.returnUrl).toBeDefined();
  });

  it('keeps the profile field freshchatRestoreId working', async () => {
    const { auth } = await registerPlayer(t);
    const res = await t.call('PUT', '/api/player/profile', {
      token: auth.accessToken,
      body: { freshchatRestoreId: 'restore-123' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.freshchatRestoreId).toBe('restore-123');
  });
});

describe(`live chat not configured (${databaseKind})`, () => {
  let off: PlayerTestApp;
  beforeAll(async () => {
    off = await createPlayerTestApp();
  });
  afterAll(() => off.close());

  it('answers 404 and no widget', async () => {
    const { auth } = await registerPlayer(off);
    const res = await off.call('GET', '/api/player/integrations/livechat/token', { token: auth.accessToken });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe(2);
    expect((await off.call('GET', '/api/player/integrations/livechat/fresh-token')).status).toBe(404);
    expect((await off.call('GET', '/api/settings/site')).json.data.liveChat).toBeNull();
  });

  it('refuses half a configuration at start', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    expect(() => loadConfig({ CHATWOOT_BASE_URL: 'https://chat.example.com' })).toThrow(/CHATWOOT_WEBSITE_TOKEN/);
    expect(() => loadConfig({ TELEGRAM_BOT_NAME: 'croupier_bot' })).toThrow(/TELEGRAM_BOT_TOKEN/);
  });
});

describe('page policy and live chat', () => {
  it('allows the chat origin only when live chat is configured', async () => {
    const { pagePolicy } = await import('../../src/site/csp.ts');
    const base = { publicUrl: 'https://casino.example', CDN_BASE_URL: '', GAME_HUB_CDN_BASE_URL: '' };
    const on = pagePolicy({ ...base, ...env })('n0nce');
    expect(on).toContain("script-src 'self' 'nonce-n0nce' https://chat.example.com");
    expect(on).toMatch(/connect-src [^;]*https:\/\/chat\.example\.com [^;]*wss:\/\/chat\.example\.com/);
    expect(on).toMatch(/frame-src [^;]*https:\/\/chat\.example\.com/);
    const off = pagePolicy(base)('n0nce');
    expect(off).not.toContain('chat.example.com');
    // Half a configuration loads no widget, so it opens nothing either.
    expect(pagePolicy({ ...base, CHATWOOT_BASE_URL: env.CHATWOOT_BASE_URL })('n')).not.toContain('chat.example.com');
  });
});
