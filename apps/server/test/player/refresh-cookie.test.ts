import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Issue 14 §3: refresh needs the HttpOnly refresh cookie as well as the token; it rotates; reuse closes the
// session (docs/decisions/0032).

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const refresh = (token: string, cookie?: string) => t.call('POST', '/api/player/sessions/refresh', { token, cookie });
const setCookie = (headers: Record<string, unknown>) =>
  [headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('croupier_refresh=')) as string;

describe(`the refresh cookie (${databaseKind})`, () => {
  it('is HttpOnly, SameSite=Strict, scoped to the session endpoints, on every answer that opens a session', async () => {
    const { email, password } = await registerPlayer(t);
    const res = await login(t, email, password);
    expect(res.status).toBe(200);
    const cookie = setCookie(res.headers);
    expect(cookie).toMatch(
      /^croupier_refresh=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/api\/player\/sessions; HttpOnly; SameSite=Strict$/,
    );
    const { token } = await t.player.mintAutologinToken((await registerPlayer(t)).auth.profile.id);
    const auto = await t.call('POST', '/api/player/sessions/token', { body: { token, fingerprint: 'fp' } });
    expect(setCookie(auto.headers)).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const https = await createPlayerTestApp({ PUBLIC_URL: 'https://casino.test' });
    try {
      const res = await https.call('POST', '/api/player/register', {
        body: registration(uniqueEmail()),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(setCookie(res.headers)).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('is required with REFRESH_COOKIE_REQUIRED: the access token alone is refused, and the session stays open', async () => {
    // Without the setting a client that sends no cookie refreshes by its token (decision 0096, refresh-modes.test.ts).
    const strict = await createPlayerTestApp({ REFRESH_COOKIE_REQUIRED: 'true' });
    try {
      const { auth, refreshCookie } = await registerPlayer(strict);
      const refreshOn = (cookie?: string) =>
        strict.call('POST', '/api/player/sessions/refresh', { token: auth.accessToken, cookie });
      const bare = await refreshOn();
      expect(bare.status).toBe(401);
      expect(bare.json.error.code).toBe(4);
      expect((await strict.call('GET', '/api/player/profile', { token: auth.accessToken })).status).toBe(200);
      expect((await refreshOn(refreshCookie)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("belongs to one session and token: another session's cookie or a forged one is refused", async () => {
    const a = await registerPlayer(t);
    const b = await registerPlayer(t);
    expect((await refresh(a.auth.accessToken, b.refreshCookie)).status).toBe(401);
    expect((await refresh(a.auth.accessToken, `croupier_refresh=${'A'.repeat(43)}`)).status).toBe(401);
    expect((await refresh(a.auth.accessToken, a.refreshCookie)).status).toBe(200);
  });

  it('rotates on each refresh', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const first = await refresh(auth.accessToken, refreshCookie);
    const next = refreshCookieIn(first.headers);
    expect(next).not.toBe(refreshCookie);
    const second = await refresh(first.json.data.accessToken, next);
    expect(second.status).toBe(200);
    expect(refreshCookieIn(second.headers)).not.toBe(next);
  });

  it('closes the session when a replaced cookie is replayed after the grace', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const first = await refresh(auth.accessToken, refreshCookie);
    const latest = { token: first.json.data.accessToken as string, cookie: refreshCookieIn(first.headers) };
    await t.database.db.execute(
      sql`update player.sessions set rotated_at = now() - interval '2 minutes' where id = ${auth.sessionId}`,
    );
    // Someone presents the pair the owner's refresh replaced: a copy is in other hands.
    expect((await refresh(auth.accessToken, refreshCookie)).status).toBe(401);
    const [row] = (
      (await t.database.db.execute(
        sql`select close_reason from player.sessions where id = ${auth.sessionId}`,
      )) as unknown as { rows: { close_reason: string | null }[] }
    ).rows;
    expect(row?.close_reason).toBe('refresh reuse');
    expect((await t.call('GET', '/api/player/profile', { token: latest.token })).status).toBe(401);
    expect((await refresh(latest.token, latest.cookie)).status).toBe(401);
  });

  it('is cleared by logout', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const out = await t.call('POST', '/api/player/sessions/logout', { token: auth.accessToken, cookie: refreshCookie });
    expect(out.status).toBe(200);
    expect(setCookie(out.headers)).toMatch(/^croupier_refresh=; Max-Age=0; Path=\/api\/player\/sessions; HttpOnly/);
  });
});
