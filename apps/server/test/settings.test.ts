import { Constants, Country, Currency, Locale, PlayerInit, SiteSettings } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, databaseKind, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESTRICTED_COUNTRIES: 'IR:1,RU:2', LOYALTY_ENABLED: 'true' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe(`settings and init (${databaseKind})`, () => {
  it('lists currencies: ≥8 fiat, ≥4 crypto, one base, real subunits, 1/1000 sub-currencies for BTC and ETH', async () => {
    const all = z.array(Currency).parse((await get('/api/settings/currencies')).json.data);
    expect(all.filter((c) => c.type === 'fiat').length).toBeGreaterThanOrEqual(8);
    expect(all.filter((c) => c.type === 'crypto').length).toBeGreaterThanOrEqual(4);
    expect(all.filter((c) => c.isBase).map((c) => c.code)).toEqual(['EUR']);
    const by = new Map(all.map((c) => [c.code, c]));
    expect(by.get('EUR')).toMatchObject({ subunitToUnit: 100, symbol: '€', rate: { rate: 100 } });
    expect(by.get('JPY')?.subunitToUnit).toBe(1);
    expect(by.get('BTC')?.subunitToUnit).toBe(100_000_000);
    for (const code of ['BTC', 'ETH']) {
      expect(by.get(code)?.subCurrencies?.map((s) => s.subunitToUnit)).toEqual([1000]);
    }
  });

  it('honours visible=1 and ignores it otherwise', async () => {
    const all = (await get('/api/settings/currencies')).json.data as Currency[];
    const visible = (await get('/api/settings/currencies?visible=1')).json.data as Currency[];
    expect(visible.length).toBeLessThan(all.length);
    expect(visible.every((c) => c.visible)).toBe(true);
    expect((await get('/api/settings/currencies?visible=0')).json.data).toHaveLength(all.length);
  });

  it('rejects a malformed visible flag with 422 and the field named', async () => {
    const res = await get('/api/settings/currencies?visible=maybe');
    expect(res.status).toBe(422);
    expect(res.json.error.fields.visible[0]).toMatch(/one of/);
  });

  it('lists at least six locales with English as the default', async () => {
    const locales = z.array(Locale).parse((await get('/api/settings/locales')).json.data);
    expect(locales.length).toBeGreaterThanOrEqual(6);
    expect(locales.filter((l) => l.isDefault).map((l) => l.code)).toEqual(['en']);
    for (const l of locales) expect(l.code).toMatch(/^[a-z]{2}(-[a-z]{2})?$/);
  });

  it('lists countries without the excluded ones, each with a site locale, restriction from config', async () => {
    const countries = z.array(Country).parse((await get('/api/settings/countries')).json.data);
    const codes = new Set(countries.map((c) => c.code));
    for (const excluded of ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF']) expect(codes.has(excluded)).toBe(false);
    expect(countries.length).toBeGreaterThan(230);
    const locales = new Set(((await get('/api/settings/locales')).json.data as Locale[]).map((l) => l.code));
    for (const c of countries) expect(locales.has(c.locale)).toBe(true);
    const by = new Map(countries.map((c) => [c.code, c]));
    expect(by.get('DE')).toMatchObject({ locale: 'de', currency: 'EUR', phonePrefix: '49', restrict: false });
    expect(by.get('BR')).toMatchObject({ locale: 'pt-br', currency: 'BRL', phonePrefix: '55' });
    expect(by.get('IR')).toMatchObject({ restrict: true, restrictType: 1 });
    expect(by.get('RU')).toMatchObject({ restrict: true, restrictType: 2 });
  });

  it('answers every status list of the constants', async () => {
    const constants = Constants.parse((await get('/api/settings/constants')).json.data);
    expect(constants.game.playerBonus.status.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(constants.game.playerBonus.result.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(constants.game.playerFreespin.result.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(constants.payment.invoiceStatuses.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(constants.player.limit.definition.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(constants.player.limit.cashPeriod.map((s) => s.id)).toEqual(['daily', 'weekly', 'monthly']);
    expect(constants.player.document.type.map((d) => d.id)).toContain('identity_front');
  });

  it('tells the web app its switches', async () => {
    const site = SiteSettings.parse((await get('/api/settings/site')).json.data);
    expect(site).toMatchObject({ loyaltyEnabled: true, bettingEnabled: false, affiliateCookieDays: 30 });
  });

  it('resolves the visitor from cf-ipcountry and cf-connecting-ip', async () => {
    const de = PlayerInit.parse(
      (await get('/api/player/init', { 'cf-ipcountry': 'de', 'cf-connecting-ip': '203.0.113.7' })).json.data,
    );
    expect(de).toEqual({ country: 'DE', ip: '203.0.113.7', isRestricted: false, restrictType: null, locale: 'de' });
    const ir = (await get('/api/player/init', { 'cf-ipcountry': 'IR' })).json.data;
    expect(ir).toMatchObject({ country: 'IR', isRestricted: true, restrictType: 1 });
    const ru = (await get('/api/player/init', { 'cf-ipcountry': 'RU' })).json.data;
    expect(ru).toMatchObject({ isRestricted: true, restrictType: 2 });
  });

  it('ignores unknown and malformed geo headers instead of failing', async () => {
    for (const header of ['XX', 'T1', 'Germany', '<script>', '']) {
      const res = await get('/api/player/init', { 'cf-ipcountry': header, 'cf-connecting-ip': 'not-an-ip; drop' });
      expect(res.status).toBe(200);
      // Unknown: "" (no DEFAULT_COUNTRY here), never null (decision 0097).
      expect(res.json.data).toMatchObject({ country: '', isRestricted: false, locale: 'en' });
      expect(res.json.data.ip).not.toContain('drop');
    }
  });

  it('does not trust geo headers when told not to', async () => {
    const other = await createTestApp({ TRUST_GEO_HEADERS: 'false', RESTRICTED_COUNTRIES: 'IR' });
    const res = await other.request({ method: 'GET', url: '/api/player/init', headers: { 'cf-ipcountry': 'IR' } });
    expect(res.json.data).toMatchObject({ country: '', isRestricted: false });
    await other.close();
  });
});
