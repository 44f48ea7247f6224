import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, login, type PlayerTestApp, registerPlayer, uniqueEmail } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const limitedEvents = async (detail: string) => {
  const res = await t.database.db.execute(
    sql`select count(*)::int as n from player.auth_events where type = 'rate_limited' and detail = ${detail}`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe(`rate limits of the account endpoints (${databaseKind})`, () => {
  it('limits logins per IP (20 per 15 minutes) with a 422 envelope, code 5, message on login (decision 0052)', async () => {
    const ip = '198.51.100.200';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(t, uniqueEmail('ip'), 'whatever', ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const limited = await login(t, uniqueEmail('ip'), 'whatever', ip);
    expect(limited.status).toBe(422);
    expect(limited.json.error.code).toBe(5);
    expect(limited.json.error.message).toMatch(/Try again in \d+ s/);
    expect(limited.json.error.fields.login).toEqual([limited.json.error.message]);
    // The per-IP refusal is audited without holding the 429 back (`onExceeded` cannot wait): poll for it.
    await expect.poll(() => limitedEvents('ip login'), { timeout: 5000 }).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(t, uniqueEmail('ip'), 'whatever')).status).toBe(401);
  });

  it("refuses an (identity, address) pair after 5 failed logins, even with the right password; the owner's address stays open", async () => {
    const { email, password } = await registerPlayer(t);
    const attacker = '198.51.100.210';
    for (let i = 0; i < 5; i++) expect((await login(t, email, `wrong-${i}`, attacker)).status).toBe(401);
    const refused = await login(t, email.toUpperCase(), password, attacker);
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe(5);
    expect(refused.json.error.fields.login).toEqual([expect.any(String)]);
    expect((await login(t, email, password, '198.51.100.211')).status).toBe(200);
    // Unknown identities are refused the same way: the answer does not tell whether an account exists.
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await login(t, ghost, `wrong-${i}`, attacker)).status).toBe(401);
    expect((await login(t, ghost, 'again', attacker)).status).toBe(422);
    // Once the window has passed, the right password works again from that address too.
    await t.database.db.execute(
      sql`update player.auth_events set created_at = created_at - interval '16 minutes' where identity = ${email}`,
    );
    expect((await login(t, email, password, attacker)).status).toBe(200);
  });

  it('limits reset requests per address (3 per hour) whether or not it has an account', async () => {
    const { email } = await registerPlayer(t);
    for (const address of [email, uniqueEmail('ghost')]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.call('POST', '/api/player/passwords/reset', { body: { email: address } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    // Reset e-mails leave after the answer (docs/decisions/0034).
    await expect.poll(() => t.messenger.emailsTo(email).filter((m) => /Reset/.test(m.subject)).length).toBe(3);
  });

  it('limits reset requests per IP', async () => {
    const ip = '198.51.100.201';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await t.call('POST', '/api/player/passwords/reset', { body: { email: uniqueEmail() }, ip })).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits registrations per IP', async () => {
    const ip = '198.51.100.202';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.call('POST', '/api/player/register', { body: {}, ip })).status);
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('never answers 401 or 403 to a throttled authenticated call', async () => {
    const { auth } = await registerPlayer(t);
    const ip = '198.51.100.203';
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await t.call('PUT', '/api/player/passwords', {
          token: auth.accessToken,
          ip,
          body: { currentPassword: 'wrong-one', newPassword: 'another-pass', repeatNewPassword: 'another-pass' },
        })
      ).status;
      expect([422, 429]).toContain(last);
    }
    expect(last).toBe(429);
  });
});
