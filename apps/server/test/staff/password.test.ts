import { ErrorCode } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaffToken, tokenHashOf } from '../../src/modules/staff/auth/tokens.ts';
import { seedDemoStaff, staffRealtimeAccess } from '../../src/modules/staff/index.ts';
import { runStaffCommand } from '../../src/staff-cli.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';
import { rawSocket, startRealtimeApp } from '../realtime/helpers.ts';
import { signedInStaff } from './helpers.ts';
import { call, PASSWORD, signIn, staffAccount } from './sign-in-helpers.ts';

// Decision 0111: a staff member changes their own password (the current one checked under the sign-in
// throttles), the other sessions end, and a password someone else chose (the command line, a colleague) must
// be changed before anything else.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'a brand new passphrase';

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const change = (token: string, body: unknown, ip?: string) =>
  call(t, 'PUT', '/api/backoffice/me/password', { token, body, ip });

const passwordStep = (email: string, password: string, ip?: string) =>
  call(t, 'POST', '/api/backoffice/sessions', { body: { email, password }, ip });

async function mustChangeOf(id: string): Promise<boolean> {
  const [row] = await rows<{ password_must_change: boolean }>(
    sql`select password_must_change from staff.accounts where id = ${id}`,
  );
  return row!.password_must_change;
}

describe(`staff password change (${databaseKind})`, () => {
  it('changes the password: the old one stops working at the next sign-in, the new one signs in', async () => {
    const account = await staffAccount(t);
    const session = await signIn(t, account);
    const res = await change(session.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ id: account.id, email: account.email, mustChangePassword: false });
    // The session that changed it goes on.
    expect((await call(t, 'GET', '/api/backoffice/me', { token: session.token })).status).toBe(200);

    const old = await passwordStep(account.email, PASSWORD);
    expect([old.status, old.json.error.code]).toEqual([401, ErrorCode.staffWrongCredentials]);
    const again = await signIn(t, account, { secret: session.secret, password: NEW_PASSWORD });
    expect(again.answer.json.data.staff.mustChangePassword).toBe(false);
  });

  it('refuses a new password that is short, the current one, or holds the e-mail name (422 fields.newPassword)', async () => {
    const account = await staffAccount(t);
    const { token } = await signIn(t, account);
    const name = account.email.split('@')[0]!;
    for (const newPassword of ['too short', PASSWORD, `x${name.toUpperCase()}x-and-more`]) {
      const res = await change(token, { currentPassword: PASSWORD, newPassword });
      expect(res.status, newPassword).toBe(422);
      expect(Object.keys(res.json.error.fields), newPassword).toEqual(['newPassword']);
    }
    const empty = await change(token, { newPassword: NEW_PASSWORD });
    expect(Object.keys(empty.json.error.fields)).toEqual(['currentPassword']);
    // Nothing was counted against the account, nothing changed.
    expect((await passwordStep(account.email, PASSWORD)).status).toBe(200);
  });

  it('answers a wrong current password 422 fields.currentPassword, counted: the sixth try is throttled (20007)', async () => {
    const account = await staffAccount(t);
    const { token } = await signIn(t, account);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await change(token, { currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD }, ip);
      expect(res.status, res.body).toBe(422);
      expect(res.json.error.fields.currentPassword).toEqual(['The current password is wrong.']);
    }
    // The right password from that address is refused too, as a sign-in from it would be.
    const throttled = await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, ip);
    expect([throttled.status, throttled.json.error.code]).toEqual([429, ErrorCode.staffTooManyAttempts]);
    expect((await passwordStep(account.email, PASSWORD, ip)).json.error.code).toBe(ErrorCode.staffTooManyAttempts);
    // Each guess was a failed sign-in step in the audit log; the password is unchanged.
    const failed = await rows<{ n: number }>(sql`
      select count(*)::int as n from staff.audit_log
      where action = 'staff.sign_in_failed' and target_id = ${account.id}
        and after->>'why' = 'wrong current password on a password change'`);
    expect(failed[0]?.n).toBe(5);
    expect((await passwordStep(account.email, PASSWORD)).status).toBe(200);
  });

  it("ends the staff member's other sessions and keeps the current one", async () => {
    const account = await staffAccount(t);
    const here = await signIn(t, account);
    const elsewhere = await signIn(t, account, { secret: here.secret });
    const third = await signIn(t, account, { secret: here.secret });
    const someoneElse = await signedInStaff(t, 'support');
    const res = await change(here.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, res.body).toBe(200);
    for (const gone of [elsewhere, third]) {
      const me = await call(t, 'GET', '/api/backoffice/me', { token: gone.token });
      expect([me.status, me.json.error.code]).toEqual([401, ErrorCode.staffUnauthenticated]);
      expect((await call(t, 'GET', '/api/backoffice/me', { cookie: gone.cookie })).status).toBe(401);
    }
    expect((await call(t, 'GET', '/api/backoffice/me', { token: here.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: someoneElse.token })).status).toBe(200);
    const closed = await rows<{ closed_reason: string | null }>(
      sql`select closed_reason from staff.sessions where staff_id = ${account.id} order by created_at`,
    );
    expect(closed.map((r) => r.closed_reason).sort()).toEqual([null, 'password_changed', 'password_changed']);
  });

  it('writes one staff.password audit row in the change, with no password material', async () => {
    const account = await staffAccount(t);
    const { token } = await signIn(t, account);
    const [hashBefore] = await rows<{ password_hash: string }>(
      sql`select password_hash from staff.accounts where id = ${account.id}`,
    );
    expect((await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    const [hashAfter] = await rows<{ password_hash: string }>(
      sql`select password_hash from staff.accounts where id = ${account.id}`,
    );
    expect(hashAfter!.password_hash).not.toBe(hashBefore!.password_hash);
    const audit = await rows<Record<string, unknown>>(sql`
      select staff_id, target_type, target_id, before, after, result from staff.audit_log
      where action = 'staff.password' and target_id = ${account.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staff_id: account.id,
      target_type: 'staff',
      before: { mustChangePassword: false },
      after: { password: 'changed', mustChangePassword: false },
      result: 'ok',
    });
    const text = JSON.stringify(audit[0]);
    for (const secret of [PASSWORD, NEW_PASSWORD, hashBefore!.password_hash, hashAfter!.password_hash, '$argon2']) {
      expect(text).not.toContain(secret);
    }
  });

  it('holds an account whose password a colleague chose to me, the change, sign-out and roles (403 20003) until it changes', async () => {
    const owner = await signedInStaff(t, 'owner');
    const email = `colleague-${Date.now()}@staff.test`;
    const chosen = 'chosen by the owner';
    const created = await call(t, 'POST', '/api/backoffice/staff', {
      token: owner.token,
      body: { email, name: 'New Colleague', role: 'support', password: chosen, reason: 'new hire' },
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json.data.mustChangePassword).toBe(true);
    const account = { id: created.json.data.id as string, email };
    const session = await signIn(t, account, { password: chosen });
    expect(session.answer.json.data.staff.mustChangePassword).toBe(true);
    const me = await call(t, 'GET', '/api/backoffice/me', { token: session.token });
    expect(me.json.data).toMatchObject({ id: account.id, mustChangePassword: true });
    expect((await call(t, 'GET', '/api/backoffice/roles', { token: session.token })).status).toBe(200);

    for (const url of ['/api/backoffice/players?search=ann', '/api/backoffice/dashboard', '/api/backoffice/audit']) {
      const res = await call(t, 'GET', url, { token: session.token });
      expect([res.status, res.json.error.code, res.json.error.message], url).toEqual([
        403,
        ErrorCode.staffForbidden,
        'Change your password first.',
      ]);
    }
    // The staff real-time channel waits too.
    const realtime = staffRealtimeAccess(t.app, { config: t.config, db: t.database.db });
    expect(await realtime.authenticate(session.token, 'bearer')).toBeNull();
    // Signing out is allowed (a second session, so this one goes on).
    const other = await signIn(t, account, { secret: session.secret, password: chosen });
    expect((await call(t, 'DELETE', '/api/backoffice/sessions/current', { token: other.token })).status).toBe(200);

    const res = await change(session.token, { currentPassword: chosen, newPassword: NEW_PASSWORD });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.mustChangePassword).toBe(false);
    expect(await mustChangeOf(account.id)).toBe(false);
    expect((await call(t, 'GET', '/api/backoffice/players?search=ann', { token: session.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: session.token })).json.data.mustChangePassword).toBe(
      false,
    );
    expect(await realtime.authenticate(session.token, 'bearer')).not.toBeNull();
    const listed = await call(t, 'GET', '/api/backoffice/staff?perPage=100', { token: owner.token });
    expect(listed.json.data.find((r: { id: string }) => r.id === account.id)).toMatchObject({
      mustChangePassword: false,
    });
  });

  it('npm run staff create and reset set the flag; the demo accounts do not', async () => {
    const lines: string[] = [];
    const run = (...argv: string[]) => runStaffCommand(argv, t.database.db, t.config, (line) => lines.push(line));
    const email = `cli-${Date.now()}@casino.test`;
    expect(await run('create', '--email', email, '--name', 'From the CLI', '--role', 'admin')).toBe(0);
    const password = lines.join('\n').match(/One-time password \(shown once\): (\S+)/)![1]!;
    const [row] = await rows<{ id: string }>(sql`select id from staff.accounts where email = ${email}`);
    const account = { id: row!.id, email };
    expect(await mustChangeOf(account.id)).toBe(true);
    const [audit] = await rows<{ after: Record<string, unknown> }>(
      sql`select after from staff.audit_log where action = 'staff.create' and target_id = ${account.id}`,
    );
    expect(audit?.after).toMatchObject({ mustChangePassword: true });

    const session = await signIn(t, account, { password });
    const refused = await call(t, 'GET', '/api/backoffice/staff', { token: session.token });
    expect([refused.status, refused.json.error.code]).toEqual([403, ErrorCode.staffForbidden]);
    expect((await change(session.token, { currentPassword: password, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await mustChangeOf(account.id)).toBe(false);
    expect((await call(t, 'GET', '/api/backoffice/staff', { token: session.token })).status).toBe(200);

    lines.length = 0;
    expect(await run('reset', '--email', email)).toBe(0);
    expect(await mustChangeOf(account.id)).toBe(true);

    await seedDemoStaff(t.database.db);
    const demo = await rows<{ password_must_change: boolean }>(
      sql`select password_must_change from staff.accounts where demo`,
    );
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((r) => r.password_must_change === false)).toBe(true);
  });

  it('needs a staff credential', async () => {
    const res = await call(t, 'PUT', '/api/backoffice/me/password', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect([res.status, res.json.error.code]).toEqual([401, ErrorCode.staffUnauthenticated]);
  });
});

describe(`staff password change and the back office's sockets (${databaseKind})`, () => {
  it("ends the other sessions' sockets as the change answers; the current session's socket stays", async () => {
    const rt = await startRealtimeApp();
    try {
      const account = await staffAccount({ database: rt.database } as TestApp);
      const [current, other] = [
        await sessionOf(rt.database.db, account.id),
        await sessionOf(rt.database.db, account.id),
      ];
      const socketOf = async (token: string) => {
        const s = await rawSocket(rt.url);
        s.command({ id: 1, connect: { token } });
        await s.frame((f) => f.id === 1 && 'connect' in f);
        return s;
      };
      const [mine, theirs] = [await socketOf(current), await socketOf(other)];
      let mineClosed = false;
      void mine.closed.then(() => {
        mineClosed = true;
      });
      const started = Date.now();
      const res = await rt.call('PUT', '/api/backoffice/me/password', {
        token: current,
        body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect((await theirs.closed).code).toBe(3500);
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 200));
      expect(mineClosed).toBe(false);
      mine.ws.terminate();
    } finally {
      await rt.close();
    }
  });
});

/** An open session of the account written straight to the table (as helpers.ts does); answers its token. */
async function sessionOf(db: TestApp['database']['db'], staffId: string): Promise<string> {
  const token = newStaffToken();
  await db.execute(sql`
    insert into staff.sessions (staff_id, token_hash, expires_at)
    values (${staffId}, ${tokenHashOf(token)}, now() + interval '12 hours')`);
  return token;
}
