import { countries as isoCountries } from 'countries-list';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseCountries,
  countries,
  currencies,
  excludedCountryCodes,
  localeCodes,
  nonIsoCountryCodes,
  RestrictType,
  withRestrictions,
} from '../../src/reference/index.ts';
import { Country } from '../../src/settings.ts';

const byCode = new Map(countries.map((c) => [c.code, c]));
const get = (code: string) => {
  const country = byCode.get(code);
  if (!country) throw new Error(`${code} missing`);
  return country;
};

describe('countries', () => {
  it('parses with the Country schema', () => {
    expect(z.array(Country).parse(countries)).toEqual(countries);
  });

  it('is the full ISO 3166-1 list minus the excluded codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    const codes = countries.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of [...excludedCountryCodes, ...nonIsoCountryCodes]) expect(byCode.has(code)).toBe(false);
    // 249 officially assigned ISO codes, 8 excluded.
    const iso = Object.keys(isoCountries).filter((c) => !(nonIsoCountryCodes as readonly string[]).includes(c));
    expect(iso).toHaveLength(249);
    expect([...codes].sort()).toEqual(iso.filter((c) => !(excludedCountryCodes as readonly string[]).includes(c)));
  });

  it('gives every country one of our locales, an offered fiat currency and our crypto currencies', () => {
    const offeredFiat = currencies.filter((c) => c.type === 'fiat' && c.isEnabled && c.visible).map((c) => c.code);
    const crypto = currencies.filter((c) => c.type === 'crypto').map((c) => c.code);
    for (const country of countries) {
      expect(localeCodes).toContain(country.locale);
      expect(offeredFiat).toContain(country.currency);
      expect(country.additionalCurrency).toEqual(crypto);
    }
  });

  it.each([
    ['DE', 'de', 'EUR', '49'],
    ['BR', 'pt-br', 'BRL', '55'],
    ['CA', 'en', 'CAD', '1'],
    ['AT', 'de', 'EUR', '43'],
    ['CH', 'de', 'CHF', '41'],
    ['LI', 'de', 'CHF', '423'],
    ['LU', 'de', 'EUR', '352'],
    ['BE', 'fr', 'EUR', '32'],
    ['MC', 'fr', 'EUR', '377'],
    ['SN', 'fr', 'USD', '221'],
    ['CI', 'fr', 'USD', '225'],
    ['ES', 'es', 'EUR', '34'],
    ['MX', 'es', 'USD', '52'],
    ['PA', 'es', 'USD', '507'],
    ['PT', 'pt-br', 'EUR', '351'],
    ['AO', 'pt-br', 'USD', '244'],
    ['MZ', 'pt-br', 'USD', '258'],
    ['IT', 'it', 'EUR', '39'],
    ['SM', 'it', 'EUR', '378'],
    ['VA', 'it', 'EUR', '39'], // +379 is unused; Vatican numbers are Italian
    ['JP', 'en', 'JPY', '81'],
    ['NO', 'en', 'NOK', '47'],
    ['PL', 'en', 'PLN', '48'],
    ['AU', 'en', 'AUD', '61'],
    ['NZ', 'en', 'NZD', '64'],
    ['CZ', 'en', 'EUR', '420'], // European, CZK not offered
    ['IN', 'en', 'USD', '91'], // elsewhere, INR not offered
    ['TR', 'en', 'USD', '90'], // TRY exists but is hidden, so not a registration default
    ['MO', 'en', 'USD', '853'],
  ])('%s → locale %s, currency %s, prefix %s', (code, locale, currency, phonePrefix) => {
    expect(get(code)).toMatchObject({ locale, currency, phonePrefix });
  });

  it('has names and digit-only phone prefixes consistent with libphonenumber', () => {
    expect(get('DE')).toMatchObject({ name: 'Germany', nativeName: 'Deutschland' });
    for (const country of countries) {
      expect(country.name).not.toBe('');
      expect(country.nativeName).not.toBe('');
      expect(country.phonePrefix).toMatch(/^\d{1,3}$/);
      if (isSupportedCountry(country.code)) {
        expect(country.phonePrefix).toBe(getCountryCallingCode(country.code));
      }
    }
  });

  it('is sorted by English name', () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});

describe('withRestrictions', () => {
  it('leaves the default list unrestricted', () => {
    for (const country of countries) {
      expect(country.restrict).toBe(false);
      expect('restrictType' in country).toBe(false);
    }
  });

  it('applies the operator map and ignores codes outside the list', () => {
    const restricted = new Map<string, RestrictType>([
      ['DE', RestrictType.geoBlocked],
      ['BR', RestrictType.authBlocked],
      ['US', RestrictType.geoBlocked],
    ]);
    const list = withRestrictions(baseCountries, restricted);
    expect(list).toHaveLength(baseCountries.length);
    expect(z.array(Country).parse(list)).toEqual(list);
    expect(list.find((c) => c.code === 'DE')).toMatchObject({ restrict: true, restrictType: 1 });
    expect(list.find((c) => c.code === 'BR')).toMatchObject({ restrict: true, restrictType: 2 });
    expect(list.filter((c) => c.restrict).map((c) => c.code)).toEqual(['BR', 'DE']);
    expect(list.some((c) => c.code === 'US')).toBe(false);
    // The input is untouched, and re-applying another map clears earlier restrictions.
    expect(baseCountries.every((c) => !c.restrict)).toBe(true);
    const cleared = withRestrictions(list, new Map([['FI', RestrictType.authBlocked]]));
    expect(cleared.filter((c) => c.restrict).map((c) => c.code)).toEqual(['FI']);
    expect(cleared.find((c) => c.code === 'DE')).not.toHaveProperty('restrictType');
  });

  it('rejects an unknown restrictType from configuration', () => {
    expect(() => withRestrictions(countries, new Map([['DE', 3 as RestrictType]]))).toThrow(RangeError);
  });
});
