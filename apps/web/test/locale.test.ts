import { describe, expect, it } from 'vitest';
import { isNeverPrefixed, localizePath, resolveLocale, splitLocale } from '../app/shared/i18n/locale.ts';

const known = ['en', 'de', 'es', 'fr', 'it', 'pt-br'];

describe('locale in the path (spec §2)', () => {
  it('splits a known prefix off the path', () => {
    expect(splitLocale('/de/main', known)).toEqual({ prefix: 'de', rest: '/main' });
    expect(splitLocale('/pt-br', known)).toEqual({ prefix: 'pt-br', rest: '/' });
    expect(splitLocale('/main', known)).toEqual({ prefix: null, rest: '/main' });
    expect(splitLocale('/xx/main', known)).toEqual({ prefix: null, rest: '/xx/main' });
    expect(splitLocale('/DE/main', known)).toEqual({ prefix: null, rest: '/DE/main' });
  });

  it('prefixes every page but the default locale and the never-prefixed ones', () => {
    expect(localizePath('/', 'de', 'en')).toBe('/de');
    expect(localizePath('/main', 'pt-br', 'en')).toBe('/pt-br/main');
    expect(localizePath('/main', 'en', 'en')).toBe('/main');
    expect(localizePath('/questions', 'de', 'en')).toBe('/questions');
    expect(localizePath('/questions/payments', 'de', 'en')).toBe('/questions/payments');
    expect(localizePath('/verify/abc', 'fr', 'en')).toBe('/verify/abc');
    expect(localizePath('/password/reset/abc', 'fr', 'en')).toBe('/password/reset/abc');
    expect(localizePath('/questionsx', 'de', 'en')).toBe('/de/questionsx');
  });

  it('knows the never-prefixed pages', () => {
    expect(isNeverPrefixed('/questions')).toBe(true);
    expect(isNeverPrefixed('/main')).toBe(false);
  });

  it('resolves cookie, then geo country, then default (spec §4)', () => {
    const base = { known, defaultLocale: 'en' };
    expect(resolveLocale({ ...base, cookie: 'it', countryLocale: 'de' })).toBe('it');
    expect(resolveLocale({ ...base, cookie: null, countryLocale: 'de' })).toBe('de');
    expect(resolveLocale({ ...base, cookie: 'klingon', countryLocale: null })).toBe('en');
    expect(resolveLocale({ ...base, cookie: null, countryLocale: 'ru' })).toBe('en');
  });
});
