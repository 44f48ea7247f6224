import { backofficeEndpoints, type SiteSettingsValue } from '@croupier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer, paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// Payment methods per country (issue 27): a method staff hid for a country is refused where the deposit or
// withdrawal picks it, not only left out of the list, and nothing is written.

const e = backofficeEndpoints.siteSettings;
let t: PlayerTestApp;
let owner: TestStaff;

beforeAll(async () => {
  t = await paymentTestApp();
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const change = async (value: Partial<SiteSettingsValue>) => {
  const read = e.get.response.parse((await staffRequest(t, owner, 'GET', e.get.path)).json).data;
  const { updatedAt: _a, updatedBy: _b, defaults: _d, ...current } = read;
  return staffRequest(t, owner, 'PUT', e.get.path, { ...current, ...value, reason: 'Card not offered in AT.' });
};
const countOf = async (query: SQL) =>
  Number(((await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

describe(`payment methods per country (${databaseKind})`, () => {
  it('refuses a deposit naming a method hidden for its country with 422 on method, writing nothing', async () => {
    const p = await paymentPlayer(t);
    expect((await change({ paymentMethods: [{ country: 'AT', methods: ['ewallet'] }] })).status).toBe(200);
    const invoicesOf = () => countOf(sql`select count(*) as n from payment.invoices where player_id = ${p.playerId}`);

    const refused = await deposit(t, p, { ...card('4242 4242 4242 4242'), country: 'AT' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.error.fields)).toEqual(['method']);
    expect(await invoicesOf()).toBe(0);

    // The shown method still goes through there, and the hidden one elsewhere.
    const wallet = await deposit(t, p, { method: 'ewallet', amount: 50, country: 'AT', fields: {} });
    expect(wallet.status).toBe(200);
    const elsewhere = await deposit(t, p, { ...card('4242 4242 4242 4242'), country: 'MT' });
    expect(elsewhere.status).toBe(200);
    expect(await invoicesOf()).toBe(2);
  });

  it("a client that sends no country gets the visitor's own: the hidden method is neither listed nor taken", async () => {
    const p = await paymentPlayer(t);
    expect((await change({ paymentMethods: [{ country: 'AT', methods: ['ewallet'] }] })).status).toBe(200);
    const geo = { 'cf-ipcountry': 'AT' };
    const listed = await t.call('GET', '/api/payment/methods/deposit?currency=EUR', { token: p.token, headers: geo });
    expect(listed.json.data.map((m: { method: string }) => m.method)).toEqual(['ewallet']);
    const refused = await t.call('POST', '/api/payment/invoices/deposit', {
      token: p.token,
      headers: geo,
      body: {
        ...card('4242 4242 4242 4242'),
        currency: 'EUR',
        accountId: p.accountId,
        redirectSuccessUrl: '/wallet/success',
        redirectErrorUrl: '/wallet/error',
      },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.error.fields)).toEqual(['method']);
  });

  it('refuses a withdrawal naming a hidden method too, before any check of the money', async () => {
    const p = await paymentPlayer(t);
    expect((await change({ paymentMethods: [{ country: 'AT', methods: ['card', 'card_payout'] }] })).status).toBe(200);
    const res = await t.call('POST', '/api/payment/invoices/withdrawal', {
      token: p.token,
      body: {
        method: 'bank_transfer',
        currency: 'EUR',
        amount: 30,
        accountId: p.accountId,
        country: 'AT',
        fields: { account_holder: 'Ada Lovelace', iban: 'DE89370400440532013000' },
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.fields)).toEqual(['method']);
    expect(await countOf(sql`select count(*) as n from payment.invoices where player_id = ${p.playerId}`)).toBe(0);
  });
});
