import { Auth, ErrorEnvelope } from '@croupier/contracts';
import { PlayerStatus } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/modules/player/crypto.ts';
import { players } from '../../src/modules/player/schema.ts';
import { socialIdentities } from '../../src/modules/player/social/schema.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { browserFor, PUBLIC_URL } from './browser.ts';

let t: TestApp;
let browser: Awaited<ReturnType<typeof browserFor>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  browser = await browserFor(t.app);
});
afterAll(() => t.close());

const verified = (email: string) => ({ identity: 'typed', email, email_verified: 'true' });
const codeOf = (json: unknown) => ErrorEnvelope.parse(json).error.code;

describe(`social sign-in through the local provider (${databaseKind})`, () => {
  it('lists the local connection in the constants', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/constants' });
    expect(res.json.data.player.socialAuth).toEqual(['croupier-id']);
  });

  it('redirects to the provider with PKCE, a nonce and the client state inside its state', async () => {
    const authorize = await browser.start({ ip: browser.nextIp(), state: { backRoute: '%2Fcasino' } });
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${PUBLIC_URL}/dev/oidc/auth`);
    const q = authorize.searchParams;
    expect(q.get('client_id')).toBe('croupier-dev');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/social/croupier-id/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    const state = JSON.parse(q.get('state')!);
    expect(state.backRoute).toBe('%2Fcasino');
    expect(state.loginId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs up a new player over the whole redirect flow, then signs the same player in again', async () => {
    const first = await browser.signIn(verified('New.Player@Example.com'), { headers: { 'cf-ipcountry': 'CA' } });
    // The callback page reads backRoute from the state JSON the provider sent back.
    expect(first.callback.pathname).toBe('/auth/social/croupier-id/callback');
    expect(first.callback.searchParams.get('iss')).toBe(`${PUBLIC_URL}/dev/oidc`);
    expect(decodeURIComponent(JSON.parse(first.callback.searchParams.get('state')!).backRoute)).toBe(
      '/casino?tab=live',
    );
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const auth = Auth.parse(first.json.data);
    expect(auth.profile.isNewlyRegistered).toBe(true);
    expect(auth.profile.email).toBe('new.player@example.com');
    expect(auth.profile.confirmedAt).not.toBeNull();
    expect(auth.profile.country).toBe('CA');
    expect(auth.profile.currency).toBe('CAD');

    const me = await t.request({
      method: 'GET',
      url: '/api/player/profile',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(auth.profile.id);

    const second = await browser.signIn(verified('new.player@example.com'));
    expect(second.status).toBe(200);
    expect(second.json.data.profile.id).toBe(auth.profile.id);
    expect(second.json.data.profile.isNewlyRegistered).toBe(false);
    expect(second.json.data.sessionId).not.toBe(auth.sessionId);
    const links = await t.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.playerId, auth.profile.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer: `${PUBLIC_URL}/dev/oidc`, connection: 'croupier-id' });
  });

  it('uses the base currency when the visitor country is unknown, and the locale sent', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), verified('nowhere@example.com'), ip);
    const res = await browser.complete(callback, ip, { locale: 'de', affiliateTag: 'aff-7' });
    expect(res.status).toBe(200);
    expect(res.json.data.profile).toMatchObject({ currency: 'EUR', country: null, locale: 'de' });
    const [row] = await t.database.db.select().from(players).where(eq(players.email, 'nowhere@example.com'));
    expect(row).toMatchObject({ affiliateTag: 'aff-7', fingerprint: 'fp-social' });
  });

  it('links a player who registered with a password, and keeps the password when the e-mail was confirmed', async () => {
    const [existing] = await t.database.db
      .insert(players)
      .values({
        email: 'confirmed@example.com',
        passwordHash: await hashPassword('Secret-123'),
        confirmedAt: new Date(),
      })
      .returning();
    const res = await browser.signIn(verified('confirmed@example.com'));
    expect(res.status).toBe(200);
    expect(res.json.data.profile).toMatchObject({ id: existing!.id, isNewlyRegistered: false });
    const login = await t.request({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: 'confirmed@example.com', password: 'Secret-123', fingerprint: 'fp' },
    });
    expect(login.status).toBe(200);
  });

  it('takes over an unconfirmed address: e-mail confirmed, the unknown password and its sessions dropped', async () => {
    const [existing] = await t.database.db
      .insert(players)
      .values({ email: 'squatted@example.com', passwordHash: await hashPassword('Squatter-123') })
      .returning();
    const before = await t.request({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: 'squatted@example.com', password: 'Squatter-123', fingerprint: 'fp' },
    });
    expect(before.status).toBe(200);
    const res = await browser.signIn(verified('squatted@example.com'));
    expect(res.status).toBe(200);
    expect(res.json.data.profile.id).toBe(existing!.id);
    expect(res.json.data.profile.confirmedAt).not.toBeNull();
    const squatterSession = await t.request({
      method: 'GET',
      url: '/api/player/profile',
      headers: { authorization: `Bearer ${before.json.data.accessToken}` },
    });
    expect(squatterSession.status).toBe(401);
    const after = await t.request({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: 'squatted@example.com', password: 'Squatter-123', fingerprint: 'fp' },
    });
    expect(after.status).toBe(401);
  });

  it('refuses an unverified e-mail and a missing e-mail with 11001', async () => {
    const unverified = await browser.signIn({ identity: 'unverified' });
    expect(unverified.status).toBe(422);
    expect(codeOf(unverified.json)).toBe(11001);
    const typed = await browser.signIn({ identity: 'typed', email: 'maybe@example.com' });
    expect(typed.status).toBe(422);
    expect(codeOf(typed.json)).toBe(11001);
    const none = await browser.signIn({ identity: 'no-email' });
    expect(none.status).toBe(422);
    expect(codeOf(none.json)).toBe(11001);
    const [row] = await t.database.db.select().from(players).where(eq(players.email, 'unverified@croupier.local'));
    expect(row).toBeUndefined();
  });

  it('refuses a blocked player with 11002, found by e-mail or by an earlier link', async () => {
    await t.database.db
      .insert(players)
      .values({ email: 'blocked@croupier.local', passwordHash: 'x', status: PlayerStatus.blocked });
    const byEmail = await browser.signIn({ identity: 'blocked' });
    expect(byEmail.status).toBe(403);
    expect(codeOf(byEmail.json)).toBe(11002);

    const linked = await browser.signIn(verified('soon-blocked@example.com'));
    expect(linked.status).toBe(200);
    await t.database.db
      .update(players)
      .set({ status: PlayerStatus.blocked })
      .where(eq(players.id, linked.json.data.profile.id));
    const again = await browser.signIn(verified('soon-blocked@example.com'));
    expect(again.status).toBe(403);
    expect(codeOf(again.json)).toBe(11002);
  });

  it('refuses a replayed callback', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), verified('replay@example.com'), ip);
    expect((await browser.complete(callback, ip)).status).toBe(200);
    const replay = await browser.complete(callback, ip);
    expect(replay.status).toBe(422);
    expect(codeOf(replay.json)).toBe(3);
    expect(replay.json.error.fields.state[0]).toMatch(/already used/);
  });

  it('refuses an altered or unknown state without spending the genuine sign-in', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), verified('tamper@example.com'), ip);
    const state = JSON.parse(callback.searchParams.get('state')!);
    const altered = new URL(callback);
    altered.searchParams.set('state', JSON.stringify({ ...state, backRoute: encodeURIComponent('/elsewhere') }));
    const tampered = await browser.complete(altered, ip);
    expect(tampered.status).toBe(422);
    expect(tampered.json.error.fields.state[0]).toMatch(/altered/);

    for (const bad of ['not json', '{}', JSON.stringify({ ...state, loginId: 'forged' })]) {
      const forged = new URL(callback);
      forged.searchParams.set('state', bad);
      const res = await browser.complete(forged, ip);
      expect(res.status, bad).toBe(422);
      expect(codeOf(res.json)).toBe(3);
      expect(res.json.error.fields.state).toBeDefined();
    }
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect((await browser.complete(missing, ip)).status).toBe(422);

    expect((await browser.complete(callback, ip)).status).toBe(200);
  });

  it('refuses a callback completed for another connection than its route', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), verified('route@example.com'), ip);
    const res = await browser.complete(callback, ip, { connection: 'other', provider: 'other' });
    expect(res.status).toBe(422);
    expect(res.json.error.fields.connection).toBeDefined();
  });

  it('makes the provider refuse a wrong PKCE verifier, which also spends the code', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), verified('pkce@example.com'), ip);
    const token = await browser.fetchAs(`${PUBLIC_URL}/dev/oidc/token`, {
      ip,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'croupier-dev',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${PUBLIC_URL}/auth/social/croupier-id/callback`,
        code_verifier: 'a'.repeat(64),
      }).toString(),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed.',
    });
    const res = await browser.complete(callback, ip);
    expect(res.status).toBe(422);
    expect(codeOf(res.json)).toBe(3);
    expect(res.json.error.fields.code).toBeDefined();
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const ip = browser.nextIp();
    const callback = await browser.signInAtProvider(await browser.start({ ip }), { identity: 'cancel' }, ip);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(JSON.parse(callback.searchParams.get('state')!).backRoute).toBeDefined();
    const res = await browser.complete(callback, ip);
    expect(res.status).toBe(422);
    expect(res.json.error.fields.error[0]).toMatch(/access_denied/);
  });

  it('refuses unknown connections, bad client state and foreign back routes at the redirect', async () => {
    const get = (path: string) => browser.fetchAs(`${PUBLIC_URL}${path}`, { ip: browser.nextIp() });
    expect((await get('/api/player/sessions/social/nope/redirect?state=%7B%7D')).status).toBe(404);
    expect((await get('/api/player/sessions/social/auth0/redirect?state=%7B%7D&connection=google')).status).toBe(404);
    expect((await get('/api/player/sessions/social/croupier-id/redirect?state=%7B%7D&connection=x')).status).toBe(422);
    for (const state of [
      'not-json',
      '[1]',
      '{"backRoute":"%2F%2Fevil.example"}',
      '{"backRoute":"https%3A%2F%2Fevil"}',
    ]) {
      const res = await get(`/api/player/sessions/social/croupier-id/redirect?state=${encodeURIComponent(state)}`);
      expect(res.status, state).toBe(422);
      expect((await res.json()).error.fields.state).toBeDefined();
    }
    // No state at all is fine: there is nowhere to return to.
    expect((await get('/api/player/sessions/social/croupier-id/redirect')).status).toBe(302);
  });

  it('keeps the provider strict: unknown client or redirect URI gets no redirect, PKCE is required', async () => {
    const authorize = await browser.start({ ip: browser.nextIp() });
    const variant = (change: Record<string, string | null>) => {
      const url = new URL(authorize);
      for (const [k, v] of Object.entries(change)) {
        if (v === null) url.searchParams.delete(k);
        else url.searchParams.set(k, v);
      }
      return browser.fetchAs(url.toString(), { ip: browser.nextIp() });
    };
    expect((await variant({ client_id: 'someone' })).status).toBe(400);
    expect((await variant({ redirect_uri: 'https://evil.example/auth/social/x/callback' })).status).toBe(400);
    const noPkce = await variant({ code_challenge: null });
    expect(noPkce.status).toBe(303);
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const plain = await variant({ code_challenge_method: 'plain' });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('limits sign-in completions per IP', async () => {
    const ip = browser.nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await browser.complete(new URL(`${PUBLIC_URL}/auth/social/croupier-id/callback?state=x`), ip)).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
