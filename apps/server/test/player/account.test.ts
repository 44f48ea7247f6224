import { FormField, Profile } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, login, type PlayerTestApp, registerPlayer, uniqueEmail, uniquePhone } from './helpers.ts';

/** The reset e-mail leaves after the answer (docs/decisions/0034): wait for it. */
const resetIssued = (email: string) =>
  expect.poll(() => t.messenger.emailsTo(email).some((m) => /Reset/.test(m.subject))).toBe(true);
let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const verifyLink = (email: string) => t.messenger.lastLink(email, /\/verify\/(\S+)/);
const resetLink = (email: string) => t.messenger.lastLink(email, /\/password\/reset\/(\S+)/);

describe(`profile, fields, e-mail confirmation and passwords (${databaseKind})`, () => {
  it('serves the registration fields to guests and the profile fields (with values) to players only', async () => {
    const reg = await t.call('GET', '/api/player/fields/validations?scenario=registration');
    expect(reg.status).toBe(200);
    const fields = reg.json.data.map((f: unknown) => FormField.parse(f));
    // Both sign-up modes are on: each tab adds its own identifier, so neither is listed (decision 0053).
    expect(fields.map((f: FormField) => f.name)).not.toContain('phone');
    expect(fields.map((f: FormField) => f.name)).not.toContain('email');
    expect(fields.map((f: FormField) => f.name)).toEqual(
      expect.arrayContaining(['password', 'currency', 'country', 'agreements', 'receiveEmailPromo', 'receiveSmsPromo']),
    );
    expect(fields.find((f: FormField) => f.name === 'nickname').isVisible).toBe(false);
    expect((await t.call('GET', '/api/player/fields/validations?scenario=profile')).status).toBe(401);
    expect((await t.call('GET', '/api/player/fields/validations?scenario=nope')).status).toBe(422);
    const { auth } = await registerPlayer(t, uniqueEmail(), { firstName: 'Ignored' });
    const profile = await t.call('GET', '/api/player/fields/validations?scenario=profile', { token: auth.accessToken });
    expect(profile.status).toBe(200);
    const birthdate = profile.json.data.find((f: FormField) => f.name === 'birthdate');
    expect(birthdate).toMatchObject({ editable: false, value: null });
  });

  it('follows the operator: a field made required in the table is required at once', async () => {
    await t.database.db.execute(
      sql`update player.field_settings set is_required = true where scenario = 'registration' and name = 'nickname'`,
    );
    try {
      const res = await t.call('POST', '/api/player/register', {
        body: { email: uniqueEmail(), password: 'secret-pass-1', currency: 'EUR', country: 'DE', agreements: 1 },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields)).toEqual(['nickname']);
    } finally {
      await t.database.db.execute(
        sql`update player.field_settings set is_required = false where scenario = 'registration' and name = 'nickname'`,
      );
    }
  });

  it('updates the profile partially and validates every field against the profile scenario', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const res = await t.call('PUT', '/api/player/profile', {
      token,
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthdate: '1990-2-3',
        gender: 'female',
        city: 'Berlin',
        timeZone: 'Europe/Berlin',
        locale: 'de',
        receiveEmailPromo: true,
        pwaInstalled: true,
      },
    });
    expect(res.status).toBe(200);
    const p = Profile.parse(res.json.data);
    expect(p).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthdate: '1990-02-03',
      gender: 'female',
      city: 'Berlin',
      locale: 'de',
      receiveEmailPromo: true,
      pwaInstalled: true,
    });
    // Fixed fields: the same value passes, a different one is refused on that field.
    expect(
      (await t.call('PUT', '/api/player/profile', { token, body: { firstName: 'Ada', city: 'Hamburg' } })).status,
    ).toBe(200);
    for (const body of [{ firstName: 'Eve' }, { birthdate: '1991-01-01' }, { lastName: '' }]) {
      const refused = await t.call('PUT', '/api/player/profile', { token, body });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.json.error.fields)).toEqual(Object.keys(body));
    }
    for (const [body, field] of [
      [{ email: 'nope' }, 'email'],
      [{ phone: '12' }, 'phone'],
      [{ phone: '491511000000' }, 'phone'],
      [{ nickname: 'x'.repeat(41) }, 'nickname'],
      [{ country: 'ZZ' }, 'country'],
      [{ locale: 'xx' }, 'locale'],
      [{ timeZone: 'Mars/Base' }, 'timeZone'],
      [{ gender: 'other' }, 'gender'],
    ] as const) {
      const bad = await t.call('PUT', '/api/player/profile', { token, body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.json.error.fields)).toEqual([field]);
    }
    const fresh = await registerPlayer(t);
    const badName = await t.call('PUT', '/api/player/profile', {
      token: fresh.auth.accessToken,
      body: { firstName: 'A', birthdate: '2001-02-30' },
    });
    expect(badName.status).toBe(422);
    expect(Object.keys(badName.json.error.fields).sort()).toEqual(['birthdate', 'firstName']);
  });

  it('changes the e-mail (confirmation reset, new link) and the phone (unconfirmed; empty removes it)', async () => {
    const { email, auth } = await registerPlayer(t);
    const token = auth.accessToken;
    expect((await t.call('POST', '/api/player/register/confirm', { body: { code: verifyLink(email) } })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/player/profile', { token })).json.data.confirmedAt).toBeTypeOf('string');

    const newEmail = uniqueEmail('moved');
    const changed = await t.call('PUT', '/api/player/profile', { token, body: { email: newEmail.toUpperCase() } });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({ email: newEmail, confirmedAt: null });
    expect(t.messenger.emailsTo(email).at(-1)!.subject).toMatch(/changed/);
    const link = verifyLink(newEmail);
    expect((await t.call('POST', '/api/player/register/confirm', { body: { code: link } })).status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token })).json.data.confirmedAt).toBeTypeOf('string');

    const other = await registerPlayer(t);
    const clash = await t.call('PUT', '/api/player/profile', { token, body: { email: other.email } });
    expect(clash.status).toBe(422);
    expect(Object.keys(clash.json.error.fields)).toEqual(['email']);

    const phone = uniquePhone();
    const withPhone = await t.call('PUT', '/api/player/profile', { token, body: { phone } });
    expect(withPhone.json.data).toMatchObject({ phone, phoneConfirmed: false });
    await t.database.db.execute(sql`update player.players set phone_confirmed = true where id = ${auth.profile.id}`);
    const otherPhone = await t.call('PUT', '/api/player/profile', { token: other.auth.accessToken, body: { phone } });
    expect(otherPhone.status).toBe(422);
    const removed = await t.call('PUT', '/api/player/profile', { token, body: { phone: '' } });
    expect(removed.json.data).toMatchObject({ phone: null, phoneConfirmed: false });
  });

  it('confirms an e-mail once; a bad, used or expired code is 422 on code', async () => {
    const { email } = await registerPlayer(t);
    const code = verifyLink(email);
    const ok = await t.call('POST', '/api/player/register/confirm', { body: { code } });
    expect(ok.status).toBe(200);
    for (const bad of [code, 'nonsense']) {
      const res = await t.call('POST', '/api/player/register/confirm', { body: { code: bad } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields)).toEqual(['code']);
    }
    const late = await registerPlayer(t);
    await t.database.db.execute(
      sql`update player.email_confirmations set expires_at = now() - interval '1 second' where player_id = ${late.auth.profile.id}`,
    );
    expect(
      (await t.call('POST', '/api/player/register/confirm', { body: { code: verifyLink(late.email) } })).status,
    ).toBe(422);
  });

  it('resends the confirmation e-mail, at most once a minute', async () => {
    const { email, auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const before = t.messenger.emailsTo(email).length;
    // The registration mail counts as the first send.
    await t.database.db.execute(
      sql`update player.auth_events set created_at = created_at - interval '2 minutes' where player_id = ${auth.profile.id}`,
    );
    const res = await t.call('POST', '/api/player/profile/confirmations/email/resend', { token });
    expect(res.status).toBe(200);
    expect(t.messenger.emailsTo(email).length).toBe(before + 1);
    const again = await t.call('POST', '/api/player/profile/confirmations/email/resend', { token });
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe(5);
    expect((await t.call('POST', '/api/player/register/confirm', { body: { code: verifyLink(email) } })).status).toBe(
      200,
    );
    const done = await t.call('POST', '/api/player/profile/confirmations/email/resend', { token });
    expect(done.status).toBe(200);
    expect(done.json.data.message).toMatch(/already confirmed/);
  });

  it('changes the password: wrong current → 422 on currentPassword; success closes the other sessions', async () => {
    const { email, password, auth } = await registerPlayer(t);
    const second = (await login(t, email, password)).json.data;
    const wrong = await t.call('PUT', '/api/player/passwords', {
      token: auth.accessToken,
      body: { currentPassword: 'not-it', newPassword: 'another-pass', repeatNewPassword: 'another-pass' },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.error.fields)).toEqual(['currentPassword']);
    const mismatch = await t.call('PUT', '/api/player/passwords', {
      token: auth.accessToken,
      body: { currentPassword: password, newPassword: 'another-pass', repeatNewPassword: 'other-pass' },
    });
    expect(Object.keys(mismatch.json.error.fields)).toEqual(['repeatNewPassword']);
    const short = await t.call('PUT', '/api/player/passwords', {
      token: auth.accessToken,
      body: { currentPassword: password, newPassword: '123', repeatNewPassword: '123' },
    });
    expect(Object.keys(short.json.error.fields)).toEqual(['newPassword']);
    const ok = await t.call('PUT', '/api/player/passwords', {
      token: auth.accessToken,
      body: { currentPassword: password, newPassword: 'another-pass', repeatNewPassword: 'another-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token: auth.accessToken })).status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token: second.accessToken })).status).toBe(401);
    expect((await login(t, email, password)).status).toBe(401);
    expect((await login(t, email, 'another-pass')).status).toBe(200);
  });

  it('resets a password through the e-mailed link, once; every session closes', async () => {
    const { email, auth } = await registerPlayer(t);
    const res = await t.call('POST', '/api/player/passwords/reset', { body: { email: email.toUpperCase() } });
    expect(res.status).toBe(200);
    await resetIssued(email);
    const code = resetLink(email);
    expect(t.messenger.emailsTo(email).at(-1)!.text).toContain(`${t.config.publicUrl}/password/reset/${code}`);
    const mismatch = await t.call('POST', '/api/player/passwords/confirm', {
      body: { code, newPassword: 'reset-pass-1', repeatNewPassword: 'reset-pass-2' },
    });
    expect(Object.keys(mismatch.json.error.fields)).toEqual(['repeatNewPassword']);
    const ok = await t.call('POST', '/api/player/passwords/confirm', {
      body: { code, newPassword: 'reset-pass-1', repeatNewPassword: 'reset-pass-1' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token: auth.accessToken })).status).toBe(401);
    expect((await login(t, email, 'reset-pass-1')).status).toBe(200);
    const reused = await t.call('POST', '/api/player/passwords/confirm', {
      body: { code, newPassword: 'reset-pass-3', repeatNewPassword: 'reset-pass-3' },
    });
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.json.error.fields)).toEqual(['code']);
  });

  it('refuses an expired reset code with 422 on code', async () => {
    const { email, auth } = await registerPlayer(t);
    await t.call('POST', '/api/player/passwords/reset', { body: { email } });
    await resetIssued(email);
    await t.database.db.execute(
      sql`update player.password_resets set expires_at = now() - interval '1 second' where player_id = ${auth.profile.id}`,
    );
    const res = await t.call('POST', '/api/player/passwords/confirm', {
      body: { code: resetLink(email), newPassword: 'reset-pass-1', repeatNewPassword: 'reset-pass-1' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.fields)).toEqual(['code']);
  });

  it('answers a reset for an unknown address exactly like a known one, and sends nothing', async () => {
    const { email } = await registerPlayer(t);
    const known = await t.call('POST', '/api/player/passwords/reset', { body: { email } });
    await resetIssued(email);
    const before = t.messenger.emails.length;
    const ghost = uniqueEmail('ghost');
    const unknown = await t.call('POST', '/api/player/passwords/reset', { body: { email: ghost } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(t.messenger.emails.length).toBe(before);
    const bad = await t.call('POST', '/api/player/passwords/reset', { body: { email: 'nope' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields)).toEqual(['email']);
  });

  it('writes every step to the audit trail', async () => {
    const res = await t.database.db.execute(sql`select distinct type from player.auth_events order by type`);
    const types = (res as unknown as { rows: { type: string }[] }).rows.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'registration',
        'login',
        'email_confirmed',
        'email_changed',
        'email_confirmation_sent',
        'phone_changed',
        'password_changed',
        'password_reset_requested',
        'password_reset',
        'rate_limited',
      ]),
    );
  });
});
