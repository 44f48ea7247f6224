import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { registration } from '../player/helpers.ts';
import { browserFor, PUBLIC_URL } from '../social/browser.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// backoffice-api.md §4: a login block refuses social sign-in too, with the player API's "account blocked"
// (11002, decision 0106), whether the account is found by its link or by its e-mail.

let t: TestApp;
let browser: Awaited<ReturnType<typeof browserFor>>;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  browser = await browserFor(t.app);
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const verified = (email: string) => ({ identity: 'typed', email, email_verified: 'true' });
const setBlocks = (playerId: string, login: boolean) =>
  t.request({
    method: 'PUT',
    url: `/api/backoffice/players/${playerId}/blocks`,
    headers: support.headers,
    payload: { login, reason: 'Account shared with a minor' },
  });

describe(`a login block and social sign-in (${databaseKind})`, () => {
  it('refuses the linked account with 11002 while blocked, and signs it in once lifted', async () => {
    const first = await browser.signIn(verified('social-blocked@example.com'));
    expect(first.status).toBe(200);
    const playerId = first.json.data.profile.id as string;
    expect((await setBlocks(playerId, true)).status).toBe(200);
    const refused = await browser.signIn(verified('social-blocked@example.com'));
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(11002);
    expect((await setBlocks(playerId, false)).status).toBe(200);
    expect((await browser.signIn(verified('social-blocked@example.com'))).status).toBe(200);
  });

  it('refuses an account found by its e-mail (no link yet) with 11002', async () => {
    const email = `social-by-email-${Date.now()}@example.com`;
    const registered = await t.request({ method: 'POST', url: '/api/player/register', payload: registration(email) });
    expect(registered.status).toBe(200);
    expect((await setBlocks(registered.json.data.profile.id, true)).status).toBe(200);
    const refused = await browser.signIn(verified(email));
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(11002);
  });
});
