import { backofficeEndpoints, type SiteSettingsValue } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import {
  createPlayerTestApp,
  type PlayerTestApp,
  registerPlayer,
  registration,
  uniqueEmail,
} from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// Site settings read beyond the settings service (issue 27): sign-up modes, the countries a form accepts and the
// loyalty, quests and referrals switches follow a staff change at once, with no restart.

const e = backofficeEndpoints.siteSettings;
let t: PlayerTestApp;
let owner: TestStaff;

beforeAll(async () => {
  t = await createPlayerTestApp({ DEFAULT_COUNTRY: 'MT', SIGN_UP_MODES: 'email,phone' });
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const read = async () => e.get.response.parse((await staffRequest(t, owner, 'GET', e.get.path)).json).data;
const change = async (value: Partial<SiteSettingsValue>) => {
  const { updatedAt: _a, updatedBy: _b, defaults: _d, ...current } = await read();
  const res = await staffRequest(t, owner, 'PUT', e.update.path, {
    ...current,
    ...value,
    reason: 'Operator decision.',
  });
  expect(res.status).toBe(200);
};
const features = async (value: Partial<SiteSettingsValue['features']>) =>
  change({ features: { ...(await read()).features, ...value } });
const signUp = (email = uniqueEmail(), extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/player/register', { body: registration(email, extra), headers: { 'cf-ipcountry': 'MT' } });
const registrationFieldNames = async () =>
  ((await t.call('GET', '/api/player/fields/validations?scenario=registration')).json.data as { name: string }[]).map(
    (f) => f.name,
  );

describe(`site settings switches at run time (${databaseKind})`, () => {
  it('sign-up modes: turning e-mail off refuses e-mail sign-up and shows the phone box at once', async () => {
    expect(await registrationFieldNames()).not.toContain('phone');
    await change({ signUpModes: { email: false, phone: true } });
    const refused = await signUp();
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.error.fields)).toEqual(['email']);
    expect(await registrationFieldNames()).toContain('phone');
    expect(await registrationFieldNames()).not.toContain('email');

    await change({ signUpModes: { email: true, phone: true } });
    expect((await signUp()).status).toBe(200);
  });

  it("a chosen country's restriction follows a change (the form's countries are not kept from before)", async () => {
    expect((await signUp(uniqueEmail(), { country: 'AT' })).status).toBe(200);
    await change({ restrictedCountries: [{ country: 'AT', restrictType: 2 }] });
    const refused = await signUp(uniqueEmail(), { country: 'AT' });
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields).toEqual({ country: [expect.stringMatching(/not available for this country/)] });

    await change({ restrictedCountries: [] });
    expect((await signUp(uniqueEmail(), { country: 'AT' })).status).toBe(200);
  });

  it('quests and loyalty: off answers 404 (before authentication); on answers at once; off again 404', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const off = await t.call('GET', '/api/retention/quests');
    expect(off.status).toBe(404);
    // The app's own 404, as for a route that does not exist.
    expect(off.json.error.message).toBe('Not found: GET /api/retention/quests');
    expect((await t.call('GET', '/api/retention/levels', { token })).status).toBe(404);

    await features({ quests: true, loyalty: true });
    expect((await t.call('GET', '/api/retention/quests')).status).toBe(401);
    expect((await t.call('GET', '/api/retention/quests', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/retention/player-quests', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/retention/levels', { token })).status).toBe(200);

    await features({ quests: false, loyalty: false });
    const again = await t.call('GET', '/api/retention/quests', { token });
    expect(again.status).toBe(404);
    expect(again.json).toEqual(off.json);
    expect((await t.call('GET', '/api/retention/levels', { token })).status).toBe(404);
  });

  it('referrals: the programme follows its switch (settings, codes of new players)', async () => {
    const before = await registerPlayer(t);
    const settingsOf = async (token: string) =>
      (await t.call('GET', '/api/player/referral-settings', { token })).json.data.enabled;
    expect(await settingsOf(before.auth.accessToken)).toBe(false);

    await features({ referrals: true });
    expect(await settingsOf(before.auth.accessToken)).toBe(true);
    const after = await registerPlayer(t);
    const profile = await t.call('GET', '/api/player/profile', { token: after.auth.accessToken });
    expect(profile.json.data.referralCode).toEqual(expect.any(String));

    await features({ referrals: false });
    expect(await settingsOf(before.auth.accessToken)).toBe(false);
  });
});
