import { backofficeEndpoints, type SiteSettingsValue } from '@croupier/contracts';
import { type SQL, sql } from 'drizzle-orm';
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

// Site settings (issue 27): the environment's values are the defaults; a staff change shows on the player API
// and in the restriction checks at once, audited with before and after.

const e = backofficeEndpoints.siteSettings;
let t: PlayerTestApp;
let owner: TestStaff;
let admin: TestStaff;
let marketing: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createPlayerTestApp({ RESTRICTED_COUNTRIES: 'IR:1', DEFAULT_COUNTRY: 'MT', SIGN_UP_MODES: 'email,phone' });
  owner = await signedInStaff(t, 'owner');
  admin = await signedInStaff(t, 'admin');
  marketing = await signedInStaff(t, 'marketing');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const call = (staff: TestStaff, method: 'GET' | 'PUT', body?: unknown) =>
  staffRequest(t, staff, method, e.get.path, body);
const rowsOf = async <T>(query: SQL) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
const read = async (staff = owner) => e.get.response.parse((await call(staff, 'GET')).json).data;
const change = async (value: Partial<SiteSettingsValue>, staff = owner) => {
  const { updatedAt: _a, updatedBy: _b, defaults: _d, ...current } = await read();
  return call(staff, 'PUT', { ...current, ...value, reason: 'Operator decision.' });
};
const init = async (country: string) =>
  (await t.request({ method: 'GET', url: '/api/player/init', headers: { 'cf-ipcountry': country } })).json.data;

describe(`site settings (${databaseKind})`, () => {
  it('answers the environment as defaults; refuses marketing and support (403)', async () => {
    const view = await read();
    expect(view).toMatchObject({
      restrictedCountries: [{ country: 'IR', restrictType: 1 }],
      signUpModes: { email: true, phone: true },
      features: { loyalty: false, quests: false, referrals: false },
      paymentMethods: [],
      updatedAt: null,
    });
    expect(view.visibleCurrencies).toContain('EUR');
    expect(view.visibleCurrencies).not.toContain('TRY');
    for (const staff of [marketing, support]) {
      expect((await call(staff, 'GET')).status).toBe(403);
      expect((await call(staff, 'PUT', { ...view, reason: 'Not mine.' })).status).toBe(403);
    }
  });

  it('restricts a country at once: init, countries, sign-up and the audit row', async () => {
    expect(await init('AT')).toMatchObject({ isRestricted: false });
    const email = uniqueEmail();
    const res = await change(
      {
        restrictedCountries: [
          { country: 'IR', restrictType: 1 },
          { country: 'AT', restrictType: 2 },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.json.data.updatedBy).toBe(admin.id);

    expect(await init('AT')).toMatchObject({ isRestricted: true, restrictType: 2 });
    const countries = (await t.request({ method: 'GET', url: '/api/settings/countries' })).json.data;
    expect(countries.find((c: { code: string }) => c.code === 'AT')).toMatchObject({ restrict: true, restrictType: 2 });
    // A visitor from the restricted country may not sign up (restrictType 2), whatever country they give.
    const signUp = await t.call('POST', '/api/player/register', {
      body: registration(email, { country: 'MT' }),
      headers: { 'cf-ipcountry': 'AT' },
    });
    expect(signUp.status).toBe(403);

    const [audit] = (
      await rowsOf<{ staff_id: string; reason: string; before: SiteSettingsValue; after: SiteSettingsValue }>(
        sql`select staff_id, reason, before, after from staff.audit_log where action = 'settings.site' order by seq desc limit 1`,
      )
    ).rows;
    expect(audit!.staff_id).toBe(admin.id);
    expect(audit!.before.restrictedCountries).toEqual([{ country: 'IR', restrictType: 1 }]);
    expect(audit!.after.restrictedCountries).toHaveLength(2);

    // Lifted: open again at once.
    await change({ restrictedCountries: [{ country: 'IR', restrictType: 1 }] });
    expect(await init('AT')).toMatchObject({ isRestricted: false, restrictType: null });
    const again = await t.call('POST', '/api/player/register', {
      body: registration(email, { country: 'MT' }),
      headers: { 'cf-ipcountry': 'AT' },
    });
    expect(again.status).toBe(200);
  });

  it('switches sign-up modes, features and currencies on the player API at once', async () => {
    const res = await change({
      signUpModes: { email: true, phone: false },
      features: { loyalty: true, quests: true, referrals: true },
      visibleCurrencies: ['EUR', 'BTC', 'TRY'],
    });
    expect(res.status).toBe(200);
    const constants = (await t.request({ method: 'GET', url: '/api/settings/constants' })).json.data;
    expect(constants.player.registration).toEqual({ email: true, phone: false });
    expect(constants.player.referral.enabled).toBe(true);
    const site = (await t.request({ method: 'GET', url: '/api/settings/site' })).json.data;
    expect(site).toMatchObject({ loyaltyEnabled: true, questsEnabled: true, referralsEnabled: true });
    const visible = (await t.request({ method: 'GET', url: '/api/settings/currencies?visible=1' })).json.data;
    expect(visible.map((c: { code: string }) => c.code).sort()).toEqual(['BTC', 'EUR', 'TRY']);
    const all = (await t.request({ method: 'GET', url: '/api/settings/currencies' })).json.data;
    expect(all.find((c: { code: string }) => c.code === 'USD')).toMatchObject({ visible: false, isEnabled: true });
  });

  it("narrows a country's payment methods", async () => {
    const player = await registerPlayer(t);
    const methods = async (country: string) =>
      (
        await t.call('GET', `/api/payment/methods/deposit?currency=EUR&country=${country}`, {
          token: player.auth.accessToken,
        })
      ).json.data.map((m: { method: string }) => m.method);
    expect(await methods('AT')).toEqual(['card', 'ewallet']);
    expect((await change({ paymentMethods: [{ country: 'AT', methods: ['ewallet'] }] })).status).toBe(200);
    expect(await methods('AT')).toEqual(['ewallet']);
    expect(await methods('MT')).toEqual(['card', 'ewallet']);
  });

  it('refuses bad values with 422 and the fields, changing nothing', async () => {
    const fieldsOf = async (value: Record<string, unknown>) => {
      const res = await change(value as Partial<SiteSettingsValue>);
      expect(res.status).toBe(422);
      return Object.keys(res.json.error.fields);
    };
    const before = await read();
    expect(await fieldsOf({ restrictedCountries: [{ country: 'ZZ', restrictType: 1 }] })).toEqual([
      'restrictedCountries.0.country',
    ]);
    expect(await fieldsOf({ restrictedCountries: [{ country: 'DE', restrictType: 3 }] })).toEqual([
      'restrictedCountries.0.restrictType',
    ]);
    // The site's own default country stays open (as the configuration requires).
    expect(await fieldsOf({ restrictedCountries: [{ country: 'MT', restrictType: 1 }] })).toEqual([
      'restrictedCountries.0.country',
    ]);
    expect(await fieldsOf({ signUpModes: { email: false, phone: false } })).toEqual(['signUpModes']);
    expect(await fieldsOf({ visibleCurrencies: [] })).toEqual(['visibleCurrencies']);
    expect(await fieldsOf({ paymentMethods: [{ country: 'DE', methods: ['cash'] }] })).toEqual([
      'paymentMethods.0.methods.0',
    ]);
    const noReason = await call(owner, 'PUT', { ...before, reason: undefined });
    expect(Object.keys(noReason.json.error.fields)).toContain('reason');
    expect((await read()).updatedAt).toBe(before.updatedAt);
  });

  it('hears a change made by another instance through the settings scope', async () => {
    await t.database.db.execute(sql`
      update settings.operating_settings
      set value = jsonb_set(value, '{signUpModes}', '{"email": false, "phone": true}'::jsonb)
      where key = 'site'`);
    t.app.configBus.apply(['settings']);
    await expect
      .poll(
        async () => (await t.request({ method: 'GET', url: '/api/settings/constants' })).json.data.player.registration,
      )
      .toEqual({ email: false, phone: true });
  });
});
