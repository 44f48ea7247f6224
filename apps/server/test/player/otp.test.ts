import { Auth } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, login, type PlayerTestApp, registration, uniquePhone } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const send = (phone: string, reason = 'registration', token?: string) =>
  t.call('POST', '/api/player/otp/send', { body: { phone, reason }, token });
const verify = (phone: string, code: string, reason = 'registration', token?: string) =>
  t.call('POST', '/api/player/otp/verify', { body: { phone, code, reason }, token });
const registerPhone = (phone: string, code: string, extra: Record<string, unknown> = {}) => {
  const { email: _, ...body } = registration('unused@example.com', { phone, code, ...extra });
  return t.call('POST', '/api/player/register/phone', { body });
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets the 60 s resend spacing pass without waiting. */
const age = (phone: string, seconds = 61) =>
  t.database.db.execute(
    sql`update player.otp_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone}`,
  );

describe(`one-time codes and registration by phone (${databaseKind})`, () => {
  it('sends a 6-digit code and registers by phone with it (verified first or not)', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    expect(sent.status).toBe(200);
    expect(sent.json.data.message).toBeTypeOf('string');
    const code = t.messenger.lastCode(phone);
    const stored = await t.database.db.execute(
      sql`select code_hash, expires_at - created_at as ttl from player.otp_codes where phone = ${phone}`,
    );
    const row = (stored as unknown as { rows: { code_hash: string }[] }).rows[0]!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    const verified = await verify(phone, code);
    expect(verified.status).toBe(200);
    expect(verified.json.data.code).toBe(code);
    const res = await registerPhone(phone, code);
    expect(res.status).toBe(200);
    const auth = Auth.parse(res.json.data);
    expect(auth.profile.phone).toBe(phone);
    expect(auth.profile.email).toBeNull();
    expect(auth.profile.phoneConfirmed).toBe(true);
    expect(auth.profile.isNewlyRegistered).toBe(true);
    // The code is spent.
    expect((await registerPhone(phone, code)).json.error.code).toBe(11003);
    // And the player logs in by phone digits.
    expect((await login(t, phone, 'secret-pass-1')).status).toBe(200);

    const other = uniquePhone();
    await send(other);
    const direct = await registerPhone(other, t.messenger.lastCode(other));
    expect(direct.status).toBe(200);
  });

  it('refuses bad input to send, verify and register/phone with 422 on the field', async () => {
    for (const body of [
      { phone: '+4915112345671', reason: 'registration' },
      { phone: '4915112345671', reason: 'other' },
      { phone: '123', reason: 'registration' },
    ]) {
      const res = await t.call('POST', '/api/player/otp/send', { body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields).length).toBe(1);
    }
    expect((await verify('4915112345671', '12345')).json.error.fields.code).toBeDefined();
    const phone = uniquePhone();
    await send(phone);
    const code = t.messenger.lastCode(phone);
    const noPassword = await registerPhone(phone, code, { password: '' });
    expect(noPassword.status).toBe(422);
    expect(Object.keys(noPassword.json.error.fields)).toEqual(['password']);
    const badPhone = await registerPhone('491511000000', code);
    expect(badPhone.status).toBe(422);
    expect(Object.keys(badPhone.json.error.fields)).toEqual(['phone']);
  });

  it('answers a wrong or expired code with 11003 (HTTP 422)', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = t.messenger.lastCode(phone);
    const bad = await verify(phone, wrong(code));
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe(11003);
    expect((await registerPhone(phone, wrong(code))).json.error.code).toBe(11003);
    await t.database.db.execute(
      sql`update player.otp_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
    );
    const expired = await verify(phone, code);
    expect(expired.status).toBe(422);
    expect(expired.json.error.code).toBe(11003);
    expect((await verify(uniquePhone(), '123456')).json.error.code).toBe(11003);
  });

  it('kills a code after 5 wrong attempts: the 6th fails even with the right code', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = t.messenger.lastCode(phone);
    for (let i = 0; i < 5; i++) expect((await verify(phone, wrong(code))).json.error.code).toBe(11003);
    const sixth = await verify(phone, code);
    expect(sixth.status).toBe(422);
    expect(sixth.json.error.code).toBe(11003);
    const events = await t.database.db.execute(
      sql`select count(*)::int as n from player.auth_events where identity = ${phone} and type = 'otp_failed'`,
    );
    expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(6);
  });

  it('throttles sending: 60 s between codes, 5 per hour (11005, HTTP 429)', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).status).toBe(200);
    const soon = await send(phone);
    expect(soon.status).toBe(429);
    expect(soon.json.error.code).toBe(11005);
    expect(soon.json.error.message).toMatch(/wait/);
    for (let i = 0; i < 4; i++) {
      await age(phone);
      expect((await send(phone)).status).toBe(200);
    }
    await age(phone);
    const sixth = await send(phone);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe(11005);
    expect(t.messenger.sms.filter((m) => m.to === phone)).toHaveLength(5);
  });

  it('limits sends per IP with 11005 too', async () => {
    const ip = '198.18.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('POST', '/api/player/otp/send', {
        body: { phone: uniquePhone(), reason: 'registration' },
        ip,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json.error.code).toBe(11005);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('texts the owner of a taken number a notice, not a code, and refuses the registration', async () => {
    const phone = uniquePhone();
    await send(phone);
    expect((await registerPhone(phone, t.messenger.lastCode(phone))).status).toBe(200);
    await age(phone);
    const again = await send(phone);
    expect(again.status).toBe(200);
    const last = t.messenger.sms.filter((m) => m.to === phone).at(-1)!;
    expect(last.text).not.toMatch(/\d{6}/);
    expect(last.text).toMatch(/already has an account/);
  });

  it('resets a password with a changingPass code; an unknown number gets no SMS but the same answer', async () => {
    const phone = uniquePhone();
    await send(phone);
    const reg = await registerPhone(phone, t.messenger.lastCode(phone));
    const token = reg.json.data.accessToken;
    await age(phone);
    const known = await send(phone, 'changingPass');
    expect(known.status).toBe(200);
    const verified = await verify(phone, t.messenger.lastCode(phone), 'changingPass');
    expect(verified.status).toBe(200);
    const resetCode = verified.json.data.code;
    expect(resetCode).not.toMatch(/^\d{6}$/);
    const confirm = await t.call('POST', '/api/player/passwords/confirm', {
      body: { code: resetCode, newPassword: 'brand-new-pass', repeatNewPassword: 'brand-new-pass' },
    });
    expect(confirm.status).toBe(200);
    expect((await login(t, phone, 'brand-new-pass')).status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token })).status).toBe(401);

    const stranger = uniquePhone();
    const before = t.messenger.sms.length;
    const res = await send(stranger, 'changingPass');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(known.json);
    expect(t.messenger.sms.length).toBe(before);
    expect((await verify(stranger, '000000', 'changingPass')).json.error.code).toBe(11003);
  });

  it('confirms the phone of a signed-in player (phoneVerification)', async () => {
    const phone = uniquePhone();
    await send(phone);
    const reg = await registerPhone(phone, t.messenger.lastCode(phone));
    const token = reg.json.data.accessToken;
    const other = uniquePhone();
    await t.call('PUT', '/api/player/profile', { body: { phone: other }, token });
    expect((await t.call('GET', '/api/player/profile', { token })).json.data.phoneConfirmed).toBe(false);
    // Someone else's number (or none) is refused.
    const foreign = await send(uniquePhone(), 'phoneVerification', token);
    expect(foreign.status).toBe(422);
    expect((await send(other, 'phoneVerification')).status).toBe(401);
    expect((await send(other, 'phoneVerification', token)).status).toBe(200);
    expect((await verify(other, t.messenger.lastCode(other), 'phoneVerification', token)).status).toBe(200);
    expect((await t.call('GET', '/api/player/profile', { token })).json.data.phoneConfirmed).toBe(true);
  });
});
