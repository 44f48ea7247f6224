import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataCheckString, telegramHash, verifyTelegramLogin } from '../../src/modules/player/social/telegram.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';

// Telegram login (issue 16 item 12, decision 0069): the widget's hash check, auth_date freshness, single use,
// and the sign-in on the social account-linking path (the Telegram id is the identity).

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const PUBLIC_URL = 'http://casino.test';
let t: PlayerTestApp;

beforeAll(async () => {
  t = await createPlayerTestApp({
    PUBLIC_URL,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_NAME: 'croupier_test_bot',
    TELEGRAM_AUTH_MAX_AGE_SECONDS: '600',
  });
});
afterAll(() => t.close());

let nextId = 1000;
/** A payload as Telegram's widget signs it (fields as query strings). */
function payload(over: Record<string, string> = {}, token = BOT_TOKEN): Record<string, string> {
  const fields: Record<string, string> = {
    id: String(++nextId),
    first_name: 'Ada',
    username: `ada${nextId}`,
    auth_date: String(Math.floor(Date.now() / 1000)),
    ...over,
  };
  return { ...fields, hash: telegramHash(token, fields) };
}

const complete = (fields: Record<string, string>) =>
  t.call('POST', `/api/player/sessions/social?${new URLSearchParams(fields)}`, {
    body: { connection: 'telegram', provider: 'telegram', locale: 'en', fingerprint: 'fp' },
  });

describe('Telegram hash check', () => {
  const now = new Date();
  const opts = { botToken: BOT_TOKEN, maxAgeSeconds: 600, now };

  it('builds the data-check string from sorted key=value lines without hash', () => {
    expect(dataCheckString({ username: 'u', id: '1', auth_date: '2', hash: 'x' })).toBe(
      'auth_date=2\nid=1\nusername=u',
    );
  });

  it('accepts a genuine payload and refuses a tampered, foreign-bot, expired or future one', () => {
    const good = payload();
    expect(verifyTelegramLogin(good, opts)).toMatchObject({ ok: true, user: { id: good.id, firstName: 'Ada' } });
    expect(verifyTelegramLogin({ ...good, id: '1' }, opts)).toMatchObject({ ok: false, field: 'hash' });
    expect(verifyTelegramLogin({ ...good, last_name: 'Added' }, opts)).toMatchObject({ ok: false, field: 'hash' });
    expect(verifyTelegramLogin(payload({}, '987654321:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), opts)).toMatchObject({
      ok: false,
      field: 'hash',
    });
    const old = payload({ auth_date: String(Math.floor(now.getTime() / 1000) - 601) });
    expect(verifyTelegramLogin(old, opts)).toMatchObject({ ok: false, field: 'auth_date' });
    const future = payload({ auth_date: String(Math.floor(now.getTime() / 1000) + 3600) });
    expect(verifyTelegramLogin(future, opts)).toMatchObject({ ok: false, field: 'auth_date' });
    expect(verifyTelegramLogin({ ...good, hash: 'zz' }, opts)).toMatchObject({ ok: false, field: 'hash' });
  });
});

describe(`Telegram sign-in (${databaseKind})`, () => {
  it('offers Telegram in the constants with the widget parameters', async () => {
    const constants = (await t.call('GET', '/api/settings/constants')).json.data.player;
    expect(constants.socialAuth).toContain('telegram');
    expect(constants.telegram).toEqual({
      bot: 'croupier_test_bot',
      auth_url: `${PUBLIC_URL}/auth/social/telegram/callback`,
    });
  });

  it('redirects to Telegram with the bot id and the callback route', async () => {
    const res = await t.call('GET', '/api/player/sessions/social/telegram/redirect?state=%7B%7D');
    expect(res.status).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin + to.pathname).toBe('https://oauth.telegram.org/auth');
    expect(to.searchParams.get('bot_id')).toBe('123456789');
    expect(to.searchParams.get('return_to')).toBe(`${PUBLIC_URL}/auth/social/telegram/callback`);
  });

  it('signs up a new player without e-mail, then signs the same player in again', async () => {
    const first = await complete(payload({ id: '424242' }));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.profile).toMatchObject({ isNewlyRegistered: true, email: null, confirmedAt: null });
    const again = await complete(payload({ id: '424242' }));
    expect(again.status).toBe(200);
    expect(again.json.data.profile.id).toBe(first.json.data.profile.id);
    expect(again.json.data.profile.isNewlyRegistered).toBe(false);
  });

  it('refuses a tampered, expired or replayed payload with 422 naming the field', async () => {
    const good = payload();
    const tampered = await complete({ ...good, id: '1' });
    expect(tampered.status).toBe(422);
    expect(tampered.json.error.fields.hash).toBeDefined();
    const expired = await complete(payload({ auth_date: String(Math.floor(Date.now() / 1000) - 3600) }));
    expect(expired.status).toBe(422);
    expect(expired.json.error.fields.auth_date).toBeDefined();
    expect((await complete(good)).status).toBe(200);
    const replay = await complete(good);
    expect(replay.status).toBe(422);
    expect(replay.json.error.fields.hash).toBeDefined();
    const missing = await complete({ id: '5' });
    expect(missing.status).toBe(422);
  });

  it('is rate-limited per address like the other social completions', async () => {
    const ip = '10.200.0.1';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await t.call('POST', `/api/player/sessions/social?${new URLSearchParams({ id: '1', hash: 'x' })}`, {
        ip,
        body: { connection: 'telegram', provider: 'telegram', fingerprint: 'fp' },
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});
