import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, login, type PlayerTestApp, registerPlayer, uniqueEmail } from './helpers.ts';

// Issue 14 §2: failed logins cannot be turned against the owner (docs/decisions/0031).

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

let octet = 0;
const address = () => `203.0.113.${++octet}`;

/** `count` wrong passwords for `email`, 4 per address (under the pair limit), like a botnet would. */
async function spray(email: string, count: number) {
  let ip = address();
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) ip = address();
    expect((await login(t, email, `wrong-${i}`, ip)).status).toBe(401);
  }
}

const links = (email: string) => t.messenger.emailsTo(email).filter((m) => /failed sign-ins/.test(m.subject));

describe(`failed-login throttle (${databaseKind})`, () => {
  it("an attacker's failures from one address never lock the owner out", async () => {
    const { email, password } = await registerPlayer(t);
    const attacker = address();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++) await login(t, email, `wrong-${round}-${i}`, attacker);
      expect((await login(t, email, password, attacker)).status).toBe(422);
      const owner = await login(t, email, password, address());
      expect(owner.status).toBe(200);
    }
    expect(links(email)).toHaveLength(0);
  });

  it('many addresses reach the identity ceiling: 422 code 5 (never 401/403) and one sign-in link to the owner', async () => {
    const { email, password } = await registerPlayer(t);
    await spray(email, 25);
    const refused = await login(t, email, password, address());
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe(5);
    expect(refused.json.error.fields).toEqual({ login: [refused.json.error.message] });
    await login(t, email, password, address());
    const sent = links(email);
    expect(sent).toHaveLength(1);
    const token = sent[0]!.text.match(/autologin\?state=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const signIn = await t.call('POST', '/api/player/sessions/token', { body: { token, fingerprint: 'fp' } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.data.profile.email).toBe(email);
    // One time only.
    expect((await t.call('POST', '/api/player/sessions/token', { body: { token, fingerprint: 'fp' } })).status).toBe(
      401,
    );
  });

  it('an unknown identity at the ceiling is refused alike, and nobody is mailed', async () => {
    const ghost = uniqueEmail('ghost');
    await spray(ghost, 25);
    expect((await login(t, ghost, 'anything', address())).status).toBe(422);
    expect(t.messenger.emailsTo(ghost)).toHaveLength(0);
  });
});
