import { PlayerInit } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';

// Issue 29 §2.5: GET /api/player/init typed `country: string` (api-contract §2) but answered null for a visitor
// whose country is unknown. It answers the site's DEFAULT_COUNTRY then, or "" when none is set: still no country
// for every client that tests it, never null (docs/decisions/0097).

const init = (t: PlayerTestApp, headers: Record<string, string> = {}) =>
  t.call('GET', '/api/player/init', { headers }).then((res) => {
    expect(res.status).toBe(200);
    return res.json.data as PlayerInit;
  });

describe(`the country of a visitor nobody located (${databaseKind})`, () => {
  let plain: PlayerTestApp;
  let withDefault: PlayerTestApp;
  beforeAll(async () => {
    plain = await createPlayerTestApp({ RESTRICTED_COUNTRIES: 'IR:1' });
    withDefault = await createPlayerTestApp({ DEFAULT_COUNTRY: 'DE', RESTRICTED_COUNTRIES: 'IR:1' });
  });
  afterAll(async () => {
    await plain.close();
    await withDefault.close();
  });

  it('is a string: "" without a default, unrestricted, in the default locale', async () => {
    const data = await init(plain);
    expect(PlayerInit.shape.country.parse(data.country)).toBe('');
    expect(data).toMatchObject({ country: '', isRestricted: false, restrictType: null, locale: 'en' });
  });

  it("is the site's DEFAULT_COUNTRY when set; a located visitor keeps its own", async () => {
    expect(await init(withDefault)).toMatchObject({ country: 'DE', isRestricted: false, locale: 'en' });
    expect(await init(withDefault, { 'cf-ipcountry': 'XX' })).toMatchObject({ country: 'DE' });
    expect(await init(withDefault, { 'cf-ipcountry': 'ES' })).toMatchObject({ country: 'ES', locale: 'es' });
    expect(await init(withDefault, { 'cf-ipcountry': 'IR' })).toMatchObject({ country: 'IR', isRestricted: true });
  });

  it('refuses a DEFAULT_COUNTRY that is unknown or restricted', () => {
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'ZZ' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'de' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'IR', RESTRICTED_COUNTRIES: 'IR:1' })).toThrow(/DEFAULT_COUNTRY/);
    expect(loadConfig({ DEFAULT_COUNTRY: 'DE' }).DEFAULT_COUNTRY).toBe('DE');
  });
});
