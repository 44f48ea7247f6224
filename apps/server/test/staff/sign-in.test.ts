import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, timeStepAt } from '../../src/modules/staff/totp.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { signedInStaff } from './helpers.ts';
import { call, freshCode, OFFICE, PASSWORD, signIn, staffAccount, staffCookieIn } from './sign-in-helpers.ts';

// backoffice-api.md §2: password, then a TOTP code, enrolment on the first sign-in, a code used once, sessions
// that end idle after 30 minutes and after 12 hours at most, the cookie's origin rule (decision 0104).

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp({ BACKOFFICE_ORIGIN: OFFICE });
});
afterAll(async () => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A 6-digit code that is none of the three the server accepts now. */
function wrongCodeFor(secret: string): string {
  const now = timeStepAt(new Date());
  const valid = new Set([now - 1, now, now + 1].map((s) => codeAt(secret, new Date(s * 30_000))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function challenge(email: string, ip?: string) {
  const res = await call(t, 'POST', '/api/backoffice/sessions', { body: { email, password: PASSWORD }, ip });
  expect(res.status, res.body).toBe(200);
  return res.json.data as { challengeId: string; enrolment: { secret: string; otpauthUrl: string } | null };
}

const verify = (challengeId: string, code: string, ip?: string) =>
  call(t, 'POST', '/api/backoffice/sessions/verify', { body: { challengeId, code }, ip });

describe('staff sign-in', () => {
  it('enrols the second factor on the first sign-in and opens a session with a token and a cookie', async () => {
    const account = await staffAccount(t, 'payments');
    const first = await challenge(account.email);
    expect(first.enrolment?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.enrolment?.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Croupier:.*secret=/);
    // The pending secret waits sealed in the challenge, never in clear.
    const [pending] = await rows<{ pending_secret: string }>(
      sql`select pending_secret from staff.sign_in_challenges where id = ${first.challengeId}`,
    );
    expect(pending?.pending_secret).toMatch(/^v1\./);
    expect(pending?.pending_secret).not.toContain(first.enrolment!.secret);

    const code = codeAt(first.enrolment!.secret, new Date());
    const res = await verify(first.challengeId, code);
    expect(res.status, res.body).toBe(200);
    const { accessToken, expiresAt, staff } = res.json.data;
    expect(staff).toMatchObject({ id: account.id, email: account.email, role: 'payments', disabled: false });
    expect(staff.permissions).toContain('adjustments:create');
    expect(Math.abs(Date.parse(expiresAt) - Date.now() - 12 * 3_600_000)).toBeLessThan(60_000);
    const cookie = staffCookieIn(res.headers);
    expect(cookie).toMatch(new RegExp(`^croupier_staff=${accessToken};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);

    const [stored] = await rows<{ totp_secret: string; token_hash: string }>(sql`
      select a.totp_secret, s.token_hash from staff.accounts a join staff.sessions s on s.staff_id = a.id
      where a.id = ${account.id}`);
    expect(stored?.totp_secret).toBe(pending?.pending_secret);
    expect(stored?.token_hash).not.toBe(accessToken);

    const me = await call(t, 'GET', '/api/backoffice/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.json.data).toEqual(staff);
    const byCookie = await call(t, 'GET', '/api/backoffice/me', { cookie: cookie.split(';')[0] });
    expect(byCookie.json.data.id).toBe(account.id);

    const audit = await rows<{ action: string; staff_id: string | null }>(
      sql`select action, staff_id from staff.audit_log where target_id = ${account.id} order by seq`,
    );
    expect(audit.map((r) => r.action)).toEqual(['staff.create', 'staff.sign_in']);
    expect(audit[1]?.staff_id).toBe(account.id);
  });

  it('answers no enrolment once enrolled, and refuses a code already used, for any challenge', async () => {
    const account = await staffAccount(t);
    const { secret, code } = await signIn(t, account);
    const again = await challenge(account.email);
    expect(again.enrolment).toBeNull();
    const replay = await verify(again.challengeId, code);
    expect(replay.status).toBe(401);
    expect(replay.json.error.code).toBe(20002);
    // The challenge survives a wrong code: a fresh one still signs in.
    const ok = await verify(again.challengeId, await freshCode(t, account.id, secret));
    expect(ok.status, ok.body).toBe(200);
  });

  it('lets one of two simultaneous verifications with the same code through', async () => {
    const account = await staffAccount(t);
    const { secret } = await signIn(t, account);
    const [a, b] = [await challenge(account.email), await challenge(account.email)];
    const code = await freshCode(t, account.id, secret);
    const answers = await Promise.all([verify(a.challengeId, code), verify(b.challengeId, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const sessions = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff.sessions where staff_id = ${account.id}`,
    );
    expect(sessions[0]?.n).toBe(2);
  });

  it('serves a challenge once', async () => {
    const account = await staffAccount(t);
    const { secret } = await signIn(t, account);
    const c = await challenge(account.email);
    expect((await verify(c.challengeId, await freshCode(t, account.id, secret))).status).toBe(200);
    const twice = await verify(c.challengeId, await freshCode(t, account.id, secret));
    expect(twice.status).toBe(401);
    expect(twice.json.error.code).toBe(20002);
  });

  it('kills a challenge after 5 wrong codes: the right one is refused then', async () => {
    const account = await staffAccount(t);
    const c = await challenge(account.email);
    const secret = c.enrolment!.secret;
    for (let i = 0; i < 5; i++) {
      const res = await verify(c.challengeId, wrongCodeFor(secret));
      expect(res.json.error.code).toBe(20002);
    }
    const right = await verify(c.challengeId, codeAt(secret, new Date()));
    expect(right.status).toBe(401);
    expect(right.json.error.code).toBe(20002);
    // Enrolment did not happen.
    const [row] = await rows<{ totp_secret: string | null }>(
      sql`select totp_secret from staff.accounts where id = ${account.id}`,
    );
    expect(row?.totp_secret).toBeNull();
  });

  it('expires a challenge after 5 minutes', async () => {
    const account = await staffAccount(t);
    const c = await challenge(account.email);
    await t.database.db.execute(
      sql`update staff.sign_in_challenges set expires_at = now() - interval '1 second' where id = ${c.challengeId}`,
    );
    const res = await verify(c.challengeId, codeAt(c.enrolment!.secret, new Date()));
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe(20002);
  });

  it('refuses an unknown challenge with 20002 and a malformed one with 422', async () => {
    expect((await verify('00000000-0000-4000-8000-000000000000', '123456')).json.error.code).toBe(20002);
    const bad = await verify('nope', '12');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['challengeId', 'code']);
  });

  it('answers 20001 alike for a wrong password, an unknown e-mail and a disabled account, and audits each', async () => {
    const account = await staffAccount(t);
    const disabled = await staffAccount(t);
    await t.database.db.execute(sql`update staff.accounts set disabled = true where id = ${disabled.id}`);
    const answers = await Promise.all([
      call(t, 'POST', '/api/backoffice/sessions', { body: { email: account.email, password: 'wrong password' } }),
      call(t, 'POST', '/api/backoffice/sessions', { body: { email: 'nobody@staff.test', password: PASSWORD } }),
      call(t, 'POST', '/api/backoffice/sessions', { body: { email: disabled.email, password: PASSWORD } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.json.error).toEqual(answers[0]!.json.error);
      expect(res.json.error.code).toBe(20001);
    }
    const failed = await rows<{ after: { email: string; why: string }; result: string }>(
      sql`select after, result from staff.audit_log where action = 'staff.sign_in_failed' order by seq`,
    );
    const whys = Object.fromEntries(failed.map((r) => [r.after.email, r.after.why]));
    expect(whys[account.email]).toBe('wrong password');
    expect(whys['nobody@staff.test']).toBe('unknown e-mail');
    expect(whys[disabled.email]).toBe('account disabled');
    expect(failed.every((r) => r.result === 'denied')).toBe(true);
  });

  it('lowers the e-mail: the address as typed signs in', async () => {
    const account = await staffAccount(t);
    const res = await call(t, 'POST', '/api/backoffice/sessions', {
      body: { email: account.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(200);
  });
});

describe('staff sessions', () => {
  it('ends a session idle for 30 minutes, and any session after 12 hours', async () => {
    const idle = await signedInStaff(t, 'support');
    await t.database.db.execute(
      sql`update staff.sessions set last_seen_at = now() - interval '31 minutes' where staff_id = ${idle.id}`,
    );
    const res = await call(t, 'GET', '/api/backoffice/me', { token: idle.token });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe(20000);
    // Closed as refused: a later call does not bring it back even if it looked fresh.
    await t.database.db.execute(sql`update staff.sessions set last_seen_at = now() where staff_id = ${idle.id}`);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: idle.token })).status).toBe(401);

    const old = await signedInStaff(t, 'support');
    await t.database.db.execute(
      sql`update staff.sessions set expires_at = now() - interval '1 second' where staff_id = ${old.id}`,
    );
    expect((await call(t, 'GET', '/api/backoffice/me', { token: old.token })).json.error.code).toBe(20000);
  });

  it('signs out: the token and the cookie stop working at once, the cookie is cleared, the exit audited', async () => {
    const account = await staffAccount(t);
    const session = await signIn(t, account);
    const res = await call(t, 'DELETE', '/api/backoffice/sessions/current', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ closed: true });
    expect(staffCookieIn(res.headers)).toMatch(/^croupier_staff=; Max-Age=0/);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: session.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie: session.cookie })).status).toBe(401);
    const [row] = await rows<{ action: string; staff_id: string }>(
      sql`select action, staff_id from staff.audit_log where action = 'staff.sign_out' and staff_id = ${account.id}`,
    );
    expect(row?.staff_id).toBe(account.id);
  });

  it('cuts a disabled account off at once', async () => {
    const owner = await signedInStaff(t, 'owner');
    const account = await staffAccount(t);
    const session = await signIn(t, account);
    const res = await call(t, 'PUT', `/api/backoffice/staff/${account.id}`, {
      token: owner.token,
      body: { disabled: true, reason: 'left the company' },
    });
    expect(res.status, res.body).toBe(200);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: session.token })).json.error.code).toBe(20000);
    const closed = await rows<{ closed_reason: string }>(
      sql`select closed_reason from staff.sessions where staff_id = ${account.id}`,
    );
    expect(closed.map((r) => r.closed_reason)).toEqual(['disabled']);
  });

  it('takes a cookie-signed change only from the back office origin; a bearer token needs none', async () => {
    const account = await staffAccount(t);
    const session = await signIn(t, account);
    const refused = await call(t, 'DELETE', '/api/backoffice/sessions/current', { cookie: session.cookie });
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe(20000);
    const elsewhere = await call(t, 'DELETE', '/api/backoffice/sessions/current', {
      cookie: session.cookie,
      origin: 'https://evil.example',
    });
    expect(elsewhere.json.error.code).toBe(20000);
    // A read by cookie needs no origin.
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie: session.cookie })).status).toBe(200);
    const owner = await signIn(t, await staffAccount(t, 'owner'));
    const put = await call(t, 'PUT', `/api/backoffice/staff/${account.id}`, {
      cookie: owner.cookie,
      body: { adjustmentCap: 5, reason: 'a small cap' },
    });
    expect(put.json.error.code).toBe(20000);
    const byBearer = await call(t, 'PUT', `/api/backoffice/staff/${account.id}`, {
      token: owner.token,
      body: { adjustmentCap: 5, reason: 'a small cap' },
    });
    expect(byBearer.status, byBearer.body).toBe(200);
    const fromOffice = await call(t, 'DELETE', '/api/backoffice/sessions/current', {
      cookie: session.cookie,
      origin: OFFICE,
    });
    expect(fromOffice.status).toBe(200);
  });

  it("never takes a player's token for a staff one, nor the other way", async () => {
    const player = await registerPlayer(t);
    const res = await call(t, 'GET', '/api/backoffice/me', { token: player.auth.accessToken });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe(20000);
    const staff = await signIn(t, await staffAccount(t, 'owner'));
    const profile = await call(t, 'GET', '/api/player/profile', { token: staff.token });
    expect(profile.status).toBe(401);
    expect(profile.json.error.code).not.toBe(20000);
  });

  it('answers the role table to any signed-in staff member', async () => {
    const finance = await signedInStaff(t, 'finance');
    const res = await call(t, 'GET', '/api/backoffice/roles', { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.json.data.map((r: { role: string }) => r.role)).toEqual([
      'owner',
      'admin',
      'support',
      'payments',
      'compliance',
      'marketing',
      'finance',
    ]);
    expect(res.json.data[0].permissions).toContain('staff:owners');
    expect(res.json.data[1].permissions).not.toContain('staff:owners');
    expect((await call(t, 'GET', '/api/backoffice/roles')).status).toBe(401);
  });
});
