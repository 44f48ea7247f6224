import { randomBytes } from 'node:crypto';
import { Auth, endpoints, Profile } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../../src/modules/player/crypto.ts';
import { signJwt } from '../../src/modules/player/sessions/jwt.ts';
import { databaseKind } from '../harness.ts';
import {
  createPlayerTestApp,
  login,
  type PlayerTestApp,
  refreshCookieIn,
  registerPlayer,
  registration,
  uniqueEmail,
} from './helpers.ts';

let t: PlayerTestApp;
/** The app's token key, configured here so the test can forge tokens (the module never shows its own). */
let secret: Buffer;
beforeAll(async () => {
  t = await createPlayerTestApp({ JWT_SECRET: randomBytes(24).toString('hex') });
  secret = resolveJwtSecret(t.config);
});
afterAll(() => t.close());

const events = async (playerId: string) => {
  const res = await t.database.db.execute(
    sql`select type, outcome from player.auth_events where player_id = ${playerId} order by id`,
  );
  return (res as unknown as { rows: { type: string; outcome: string }[] }).rows.map((r) => `${r.type}:${r.outcome}`);
};

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe(`registration, login and sessions (${databaseKind})`, () => {
  it('registers by e-mail: Auth with a token, a new session, a confirmation e-mail and an audit row', async () => {
    const registered: string[] = [];
    t.player.onRegistered((e) => {
      registered.push(`${e.playerId}:${e.currency}`);
    });
    const email = uniqueEmail('Reg');
    const res = await t.call('POST', '/api/player/register', { body: registration(email) });
    expect(res.status).toBe(200);
    const auth = Auth.parse(res.json.data);
    expect(auth.tokenType).toBe('bearer');
    expect(auth.profile.isNewlyRegistered).toBe(true);
    expect(auth.profile.email).toBe(email.toLowerCase());
    expect(auth.profile.currency).toBe('EUR');
    expect(auth.profile.country).toBe('DE');
    expect(auth.profile.confirmedAt).toBeNull();
    expect(auth.profile.agreedTc).toBe(true);
    expect(auth.profile.receiveSmsPromo).toBe(true);
    expect(auth.profile.externalId).toBeGreaterThan(100_000);
    const claims = decode(auth.accessToken);
    expect(claims).toMatchObject({ sub: auth.profile.id, id: auth.profile.id, sessionId: auth.sessionId });
    expect(claims.exp - claims.iat).toBe(900);
    expect(registered).toEqual([`${auth.profile.id}:EUR`]);
    const link = t.messenger.lastLink(email.toLowerCase(), /(http\S+\/verify\/\S+)/);
    expect(link.startsWith(`${t.config.publicUrl}/verify/`)).toBe(true);
    const stored = await t.database.db.execute(
      sql`select fingerprint, affiliate_tag, password_hash from player.players where id = ${auth.profile.id}`,
    );
    const row = (stored as unknown as { rows: Record<string, string>[] }).rows[0]!;
    expect(row.fingerprint).toBe('fp-test');
    expect(row.affiliate_tag).toBe('aff-1');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await events(auth.profile.id)).toContain('registration:success');
    // GET /profile answers the same player, no longer "newly registered".
    const profile = await t.call('GET', '/api/player/profile', { token: auth.accessToken });
    expect(profile.status).toBe(200);
    expect(Profile.parse(profile.json.data).isNewlyRegistered).toBe(false);
  });

  it.each([
    ['no e-mail', { email: undefined }, 'email'],
    ['a bad e-mail', { email: 'nope' }, 'email'],
    ['a short password', { password: '123' }, 'password'],
    ['no password', { password: undefined }, 'password'],
    ['an unknown currency', { currency: 'XXX' }, 'currency'],
    ['no currency', { currency: undefined }, 'currency'],
    ['an unlisted country', { country: 'US' }, 'country'],
    ['no agreement', { agreements: 0 }, 'agreements'],
    ['an unknown locale', { locale: 'xx' }, 'locale'],
  ])('refuses %s with 422 on that field', async (_name, change, field) => {
    const body: Record<string, unknown> = { ...registration(uniqueEmail()), ...change };
    for (const k of Object.keys(change)) if ((change as Record<string, unknown>)[k] === undefined) delete body[k];
    const res = await t.call('POST', '/api/player/register', { body });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe(3);
    expect(Object.keys(res.json.error.fields)).toEqual([field]);
    expect(res.json.error.fields[field][0]).toBeTypeOf('string');
  });

  it('refuses a restrictType-2 country and its visitors; a production build has no dev endpoint', async () => {
    const r = await createPlayerTestApp({
      RESTRICTED_COUNTRIES: 'RU:2',
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      // Production trusts no proxy by default (docs/decisions/0030); the test's requests come from loopback.
      TRUSTED_PROXIES: '127.0.0.1',
    });
    try {
      const res = await r.call('POST', '/api/player/register', {
        body: registration(uniqueEmail(), { country: 'RU' }),
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields)).toEqual(['country']);
      const email = uniqueEmail();
      const fromRu = await r.call('POST', '/api/player/register', {
        body: registration(email),
        headers: { 'cf-ipcountry': 'RU' },
      });
      expect(fromRu.status).toBe(403);
      expect((await r.call('POST', '/api/player/register', { body: registration(email) })).status).toBe(200);
      const signIn = await r.call('POST', '/api/player/sessions', {
        body: { login: email, password: 'secret-pass-1' },
        headers: { 'cf-ipcountry': 'RU' },
      });
      expect(signIn.status).toBe(403);
      expect((await r.call('POST', '/api/dev/autologin-token', { body: { player: email } })).status).toBe(404);
    } finally {
      await r.close();
    }
  });

  it('serves every player endpoint of the contract this issue covers', () => {
    const own = [
      'register',
      'registerPhone',
      'registerConfirm',
      'login',
      'loginToken',
      'refresh',
      'logout',
      'sessions',
      'closeSession',
      'otpSend',
      'otpVerify',
      'profile',
      'updateProfile',
      'fields',
      'changePassword',
      'resetPassword',
      'confirmPassword',
      'resendConfirmation',
    ] as const;
    for (const name of own) expect(t.app.endpoints, name).toContain(endpoints.player[name]);
  });

  it('answers a taken e-mail with a neutral 422 and tells the owner by e-mail', async () => {
    const { email } = await registerPlayer(t);
    const before = t.messenger.emailsTo(email).length;
    const res = await t.call('POST', '/api/player/register', { body: registration(email.toUpperCase()) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.fields)).toEqual(['email']);
    expect(res.json.error.fields.email[0]).not.toMatch(/exist|already|taken|registered/i);
    const notices = t.messenger.emailsTo(email).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/tried to register/);
  });

  it('logs in by e-mail in any case (phone: otp.test.ts); records device, IP and country', async () => {
    const { email, password } = await registerPlayer(t);
    const res = await t.call('POST', '/api/player/sessions', {
      body: { login: email.toUpperCase(), password, fingerprint: 'f2' },
      ip: '203.0.113.7',
      headers: { 'cf-ipcountry': 'DE', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' },
    });
    expect(res.status).toBe(200);
    const auth = Auth.parse(res.json.data);
    expect(auth.profile.isNewlyRegistered).toBe(false);
    const list = await t.call('GET', '/api/player/sessions', { token: auth.accessToken });
    const current = list.json.data.find((s: { sessionId: string }) => s.sessionId === auth.sessionId);
    expect(current).toMatchObject({ ip: '203.0.113.7', country: 'DE', deviceType: 'mobile', closedAt: null });
  });

  it('answers a wrong password and an unknown player with the same 401', async () => {
    const { email } = await registerPlayer(t);
    const wrong = await login(t, email, 'wrong-password');
    const unknown = await login(t, uniqueEmail('ghost'), 'wrong-password');
    const phone = await login(t, '4915112345671', 'whatever');
    for (const res of [wrong, unknown, phone]) {
      expect(res.status).toBe(401);
      expect(res.json.error).toEqual({ code: 4, message: 'Wrong login or password.', fields: {} });
    }
  });

  it('refuses a blocked player with 403 (after a correct password only)', async () => {
    const { email, password, auth } = await registerPlayer(t);
    await t.database.db.execute(sql`update player.players set status = 3 where id = ${auth.profile.id}`);
    expect((await login(t, email, 'wrong-password')).status).toBe(401);
    const res = await login(t, email, password);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe(6);
    // Its existing token stops working too.
    expect((await t.call('GET', '/api/player/profile', { token: auth.accessToken })).status).toBe(401);
  });

  it('lists sessions newest first with meta, and closes only own sessions', async () => {
    const { email, password, auth } = await registerPlayer(t);
    const second = (await login(t, email, password)).json.data;
    const third = (await login(t, email, password)).json.data;
    const list = await t.call('GET', '/api/player/sessions?page=1&perPage=2', { token: third.accessToken });
    expect(list.status).toBe(200);
    expect(list.json.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(list.json.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([third.sessionId, second.sessionId]);
    const page2 = await t.call('GET', '/api/player/sessions?page=2&perPage=2', { token: third.accessToken });
    expect(page2.json.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([auth.sessionId]);

    // Another player cannot see or close these sessions.
    const other = await registerPlayer(t);
    const foreign = await t.call('PUT', `/api/player/sessions/${second.sessionId}/close`, {
      token: other.auth.accessToken,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe(2);
    const otherList = await t.call('GET', '/api/player/sessions', { token: other.auth.accessToken });
    expect(otherList.json.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([other.auth.sessionId]);
    expect((await t.call('GET', '/api/player/profile', { token: second.accessToken })).status).toBe(200);

    // The owner closes one: its token is refused on the very next request.
    const closed = await t.call('PUT', `/api/player/sessions/${second.sessionId}/close`, { token: third.accessToken });
    expect(closed.status).toBe(200);
    expect(closed.json.data.closedAt).toBeTypeOf('string');
    const refused = await t.call('GET', '/api/player/profile', { token: second.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe(4);
    expect((await t.call('PUT', '/api/player/sessions/not-a-uuid/close', { token: third.accessToken })).status).toBe(
      404,
    );
    expect(await events(auth.profile.id)).toContain('session_closed:success');
  });

  it('refuses missing, forged and expired tokens with the 401 envelope', async () => {
    const { auth } = await registerPlayer(t);
    const none = await t.call('GET', '/api/player/profile');
    expect(none.status).toBe(401);
    expect(none.json.error.code).toBe(4);
    const [h, p] = auth.accessToken.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decode(auth.accessToken), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${auth.accessToken.split('.')[2]}`;
    expect((await t.call('GET', '/api/player/profile', { token: tampered })).status).toBe(401);
    expect((await t.call('GET', '/api/player/profile', { token: `${h}.${p}.` })).status).toBe(401);
    const none_alg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await t.call('GET', '/api/player/profile', { token: none_alg })).status).toBe(401);
    const expired = signJwt({ ...decode(auth.accessToken), exp: Math.floor(Date.now() / 1000) - 5 }, secret);
    expect((await t.call('GET', '/api/player/profile', { token: expired })).status).toBe(401);
  });

  it('refreshes with an expired token (rotating its id) but not for a closed session', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const claims = decode(auth.accessToken);
    const expired = signJwt(
      { ...claims, iat: claims.iat - 1000, nbf: claims.nbf - 1000, exp: claims.iat - 100 },
      secret,
    );
    const res = await t.call('POST', '/api/player/sessions/refresh', { token: expired, cookie: refreshCookie });
    expect(res.status).toBe(200);
    const next = Auth.parse(res.json.data);
    const nextCookie = refreshCookieIn(res.headers);
    expect(decode(next.accessToken).jti).not.toBe(claims.jti);
    expect(decode(next.accessToken).sessionId).toBe(auth.sessionId);
    expect((await t.call('GET', '/api/player/profile', { token: next.accessToken })).status).toBe(200);
    // The rotated token id is refreshed again (with its own cookie); a forged signature never.
    const again = await t.call('POST', '/api/player/sessions/refresh', { token: next.accessToken, cookie: nextCookie });
    expect(again.status).toBe(200);
    const latest = { token: again.json.data.accessToken as string, cookie: refreshCookieIn(again.headers) };
    expect(
      (await t.call('POST', '/api/player/sessions/refresh', { ...latest, token: `${latest.token}x` })).status,
    ).toBe(401);
    expect((await t.call('POST', '/api/player/sessions/refresh')).status).toBe(401);

    const out = await t.call('POST', '/api/player/sessions/logout', { token: latest.token });
    expect(out.status).toBe(200);
    expect(out.json.data.message).toBeTypeOf('string');
    expect((await t.call('POST', '/api/player/sessions/refresh', latest)).status).toBe(401);
    expect((await t.call('GET', '/api/player/profile', { token: latest.token })).status).toBe(401);
    expect(await events(auth.profile.id)).toEqual(
      expect.arrayContaining(['refresh:success', 'logout:success', 'refresh:failure']),
    );
  });

  it('accepts the replaced token id and cookie for a short grace only', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const first = await t.call('POST', '/api/player/sessions/refresh', {
      token: auth.accessToken,
      cookie: refreshCookie,
    });
    expect(first.status).toBe(200);
    // A lost answer: the replaced pair refreshes once more within the grace.
    const again = await t.call('POST', '/api/player/sessions/refresh', {
      token: auth.accessToken,
      cookie: refreshCookie,
    });
    expect(again.status).toBe(200);
    const latest = { token: again.json.data.accessToken as string, cookie: refreshCookieIn(again.headers) };
    expect((await t.call('POST', '/api/player/sessions/refresh', latest)).status).toBe(200);
  });

  it('refuses a refresh after the refresh window', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    await t.database.db.execute(
      sql`update player.sessions set refresh_until = now() - interval '1 second' where id = ${auth.sessionId}`,
    );
    const res = await t.call('POST', '/api/player/sessions/refresh', {
      token: auth.accessToken,
      cookie: refreshCookie,
    });
    expect(res.status).toBe(401);
  });

  it('logs in once with an autologin token; a used, unknown or expired token is 401', async () => {
    const { auth } = await registerPlayer(t);
    const { token } = await t.player.mintAutologinToken(auth.profile.id);
    const res = await t.call('POST', '/api/player/sessions/token', { body: { token, fingerprint: 'fp' } });
    expect(res.status).toBe(200);
    expect(Auth.parse(res.json.data).profile.id).toBe(auth.profile.id);
    const again = await t.call('POST', '/api/player/sessions/token', { body: { token, fingerprint: 'fp' } });
    expect(again.status).toBe(401);
    const unknown = await t.call('POST', '/api/player/sessions/token', {
      body: { token: 'x'.repeat(43), fingerprint: '' },
    });
    expect(unknown.status).toBe(401);
    const short = await t.player.mintAutologinToken(auth.profile.id, 1);
    await t.database.db.execute(sql`update player.autologin_tokens set expires_at = now() - interval '1 second'`);
    expect((await t.call('POST', '/api/player/sessions/token', { body: { token: short.token } })).status).toBe(401);
    // The development endpoint mints one by e-mail.
    const dev = await t.call('POST', '/api/dev/autologin-token', { body: { player: auth.profile.id } });
    expect(dev.status).toBe(200);
    const viaDev = await t.call('POST', '/api/player/sessions/token', { body: { token: dev.json.data.token } });
    expect(viaDev.status).toBe(200);
  });
});
