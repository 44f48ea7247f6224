import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, refreshCookieIn, registerPlayer } from './helpers.ts';

// Issue 29 §1: refresh by bearer token alone for a client that sends no cookie, hardened (docs/decisions/0096);
// the cookie, when sent, must match as before (0032). The seed's client itself: test/compat/seed-client-refresh.

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const refresh = (token: string, options: { cookie?: string; ip?: string; fingerprint?: string } = {}) =>
  t.call('POST', '/api/player/sessions/refresh', {
    token,
    cookie: options.cookie,
    ip: options.ip,
    ...(options.fingerprint === undefined ? {} : { body: { fingerprint: options.fingerprint } }),
  });

async function sessionRow(id: string) {
  const result = (await t.database.db.execute(
    sql`select close_reason, created_at, refresh_until from player.sessions where id = ${id}`,
  )) as unknown as { rows: { close_reason: string | null; created_at: Date | string; refresh_until: Date | string }[] };
  return result.rows[0]!;
}

/** Whether the session still answers its current token. */
const isOpen = async (token: string) => (await t.call('GET', '/api/player/profile', { token })).status === 200;

describe(`refresh without the cookie (${databaseKind})`, () => {
  it('rotates the token; each token refreshes once, and a lost answer gets the same token again', async () => {
    const { auth } = await registerPlayer(t);
    const first = await refresh(auth.accessToken);
    expect(first.status).toBe(200);
    const next = first.json.data.accessToken as string;
    expect(next).not.toBe(auth.accessToken);
    const again = await refresh(auth.accessToken);
    expect(again.status).toBe(200);
    expect(again.json.data.accessToken).toBe(next);
    expect((await refresh(next)).status).toBe(200);
  });

  it('answers two refreshes of one token at once with one token', async () => {
    const { auth } = await registerPlayer(t);
    const [a, b] = await Promise.all([refresh(auth.accessToken), refresh(auth.accessToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.data.accessToken).toBe(b.json.data.accessToken);
  });

  it('closes the session when any refreshed token comes back after the grace, not only the last one', async () => {
    const { auth } = await registerPlayer(t);
    const second = (await refresh(auth.accessToken)).json.data.accessToken as string;
    const third = (await refresh(second)).json.data.accessToken as string;
    expect(await isOpen(third)).toBe(true);
    // The first token is two generations old: no grace applies to it.
    expect((await refresh(auth.accessToken)).status).toBe(401);
    expect((await sessionRow(auth.sessionId)).close_reason).toBe('refresh reuse');
    expect(await isOpen(third)).toBe(false);
  });

  it('compares the device fingerprint when the request carries one: another device closes the session', async () => {
    const { auth } = await registerPlayer(t); // signed in with fingerprint 'fp-test'
    const same = await refresh(auth.accessToken, { fingerprint: 'fp-test' });
    expect(same.status).toBe(200);
    const other = await refresh(same.json.data.accessToken, { fingerprint: 'fp-someone-else' });
    expect(other.status).toBe(401);
    expect((await sessionRow(auth.sessionId)).close_reason).toBe('refresh from another device');
  });

  it('refuses a refresh from the other address family, and the session stays open', async () => {
    const { auth } = await registerPlayer(t, undefined); // signed in from 10.x.x.x
    const v6 = await refresh(auth.accessToken, { ip: '2001:db8::29' });
    expect(v6.status).toBe(401);
    expect((await sessionRow(auth.sessionId)).close_reason).toBeNull();
    expect(await isOpen(auth.accessToken)).toBe(true);
    // An IPv4 address written as IPv6 is IPv4.
    expect((await refresh(auth.accessToken, { ip: '::ffff:192.0.2.7' })).status).toBe(200);
  });

  it('is refused once the session has refreshed with the cookie; the session stays open', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const withCookie = await refresh(auth.accessToken, { cookie: refreshCookie });
    expect(withCookie.status).toBe(200);
    const token = withCookie.json.data.accessToken as string;
    // A copy of the token alone cannot step this session down to bearer refresh.
    expect((await refresh(token)).status).toBe(401);
    expect((await sessionRow(auth.sessionId)).close_reason).toBeNull();
    expect((await refresh(token, { cookie: refreshCookieIn(withCookie.headers) })).status).toBe(200);
  });
});

describe(`refresh with the cookie (${databaseKind})`, () => {
  it('must match when sent, though the token alone would have refreshed', async () => {
    const a = await registerPlayer(t);
    const b = await registerPlayer(t);
    expect((await refresh(a.auth.accessToken, { cookie: b.refreshCookie })).status).toBe(401);
    expect((await refresh(a.auth.accessToken, { cookie: `croupier_refresh=${'A'.repeat(43)}` })).status).toBe(401);
    expect((await refresh(a.auth.accessToken, { cookie: a.refreshCookie })).status).toBe(200);
  });

  it('answers a lost refresh with the same token and cookie', async () => {
    const { auth, refreshCookie } = await registerPlayer(t);
    const first = await refresh(auth.accessToken, { cookie: refreshCookie });
    const again = await refresh(auth.accessToken, { cookie: refreshCookie });
    expect(again.status).toBe(200);
    expect(again.json.data.accessToken).toBe(first.json.data.accessToken);
    expect(refreshCookieIn(again.headers)).toBe(refreshCookieIn(first.headers));
  });
});

describe(`the session's lifetime (${databaseKind})`, () => {
  it('ends a session 30 days after its sign-in, however it is refreshed', async () => {
    const bearer = await registerPlayer(t);
    const cookie = await registerPlayer(t);
    for (const { auth } of [bearer, cookie]) {
      await t.database.db.execute(
        sql`update player.sessions set created_at = now() - interval '30 days 1 minute' where id = ${auth.sessionId}`,
      );
    }
    expect((await refresh(bearer.auth.accessToken)).status).toBe(401);
    expect((await refresh(cookie.auth.accessToken, { cookie: cookie.refreshCookie })).status).toBe(401);
  });

  it('never lets the sliding window run past it', async () => {
    const { auth } = await registerPlayer(t);
    await t.database.db.execute(
      sql`update player.sessions set created_at = now() - interval '29 days' where id = ${auth.sessionId}`,
    );
    expect((await refresh(auth.accessToken)).status).toBe(200);
    const row = await sessionRow(auth.sessionId);
    const end = new Date(row.created_at).getTime() + 30 * 86_400_000;
    expect(new Date(row.refresh_until).getTime()).toBeLessThanOrEqual(end);
  });
});
