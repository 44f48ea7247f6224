import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';
import { call, PASSWORD, signIn, staffAccount } from './sign-in-helpers.ts';

// Decision 0031's rule for staff (decision 0104): failures per (e-mail, address), a slower ceiling per e-mail
// that spares the addresses the account signed in from, the per-address limit in front; all 429 with 20007.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const password = (email: string, pass: string, ip: string) =>
  call(t, 'POST', '/api/backoffice/sessions', { body: { email, password: pass }, ip });

describe('sign-in throttles', () => {
  it('refuses an (e-mail, address) pair after 5 failures, the right password too, and no other address', async () => {
    const account = await staffAccount(t);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) expect((await password(account.email, 'guess', attacker)).status).toBe(401);
    const refused = await password(account.email, PASSWORD, attacker);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe(20007);
    expect(refused.json.error.message).toMatch(/Try again in 1[45] minutes\./);
    // The owner, elsewhere, is not locked out.
    expect((await password(account.email, PASSWORD, nextIp())).status).toBe(200);
    // An unknown e-mail is throttled the same way: the refusal tells nothing about the account.
    const ghost = `ghost-${Date.now()}@staff.test`;
    for (let i = 0; i < 5; i++) await password(ghost, 'guess', attacker);
    expect((await password(ghost, 'guess', attacker)).json.error.code).toBe(20007);
    const [audited] = (
      (await t.database.db.execute(sql`
      select count(*)::int as n from staff.audit_log
      where action = 'staff.sign_in_failed' and result = 'denied' and after->>'why' like 'throttled%'
        and after->>'email' = ${account.email}`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(audited?.n).toBe(1);
  });

  it('counts wrong codes as failures', async () => {
    const account = await staffAccount(t);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const first = await password(account.email, PASSWORD, ip);
      const res = await call(t, 'POST', '/api/backoffice/sessions/verify', {
        body: { challengeId: first.json.data.challengeId, code: '000000' },
        ip,
      });
      // 000000 may, once in a million, be right; then the next attempt is a fresh enrolment anyway.
      expect([401, 200]).toContain(res.status);
    }
    expect((await password(account.email, PASSWORD, ip)).json.error.code).toBe(20007);
  });

  it('holds a ceiling per e-mail across addresses, except where the account signed in before', async () => {
    const account = await staffAccount(t);
    const home = nextIp();
    await signIn(t, account, { ip: home });
    for (let i = 0; i < 25; i++) expect((await password(account.email, 'guess', nextIp())).status).toBe(401);
    const spread = await password(account.email, PASSWORD, nextIp());
    expect(spread.status).toBe(429);
    expect(spread.json.error.message).toMatch(/Try again in (59|60) minutes\./);
    expect((await password(account.email, PASSWORD, home)).status).toBe(200);
  });

  it('forgets failures older than a day as new ones come', async () => {
    await t.database.db.execute(sql`
      insert into staff.sign_in_failures (email, ip, step, at) values ('old@staff.test', '10.0.0.1', 'password', now() - interval '25 hours')`);
    await password(`old-${Date.now()}@staff.test`, 'guess', nextIp());
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from staff.sign_in_failures where email = 'old@staff.test'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('limits each address on the sign-in routes, whatever the e-mail', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await password(`nobody-${i}-${Date.now()}@staff.test`, 'guess', ip)).status).toBe(401);
    }
    const limited = await password(`nobody-last@staff.test`, 'guess', ip);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe(20007);
    expect(limited.json.error.message).toMatch(/Try again in \d+ s\./);
  });
});
