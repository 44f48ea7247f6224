import { describe, expect, it } from 'vitest';
import {
  isBooleanLike,
  isCountryCode,
  isLanguageCode,
  isLowercase,
  isNoLike,
  isSlug,
  isTagManagerId,
  isUppercase,
  isYesLike,
  type Rule,
  validateValue,
} from '../../src/validators/index.ts';

const failsOn = (rule: Rule, value: unknown): string | null => validateValue([rule], value)?.rule ?? null;

describe('country and language codes', () => {
  it('country code is two upper-case letters', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('BR')).toBe(true);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('De')).toBe(false);
    expect(isCountryCode('DEU')).toBe(false);
    expect(isCountryCode('D')).toBe(false);
    expect(isCountryCode('D1')).toBe(false);
    expect(failsOn({ name: 'countryCode' }, 'UA')).toBeNull();
    expect(failsOn({ name: 'countryCode' }, 'ua')).toBe('countryCode');
  });

  it('language code is two lower-case letters', () => {
    expect(isLanguageCode('en')).toBe(true);
    expect(isLanguageCode('pt')).toBe(true);
    expect(isLanguageCode('EN')).toBe(false);
    expect(isLanguageCode('pt-br')).toBe(false);
    expect(isLanguageCode('eng')).toBe(false);
    expect(failsOn({ name: 'languageCode' }, 'uk')).toBeNull();
    expect(failsOn({ name: 'languageCode' }, 'UK')).toBe('languageCode');
  });
});

describe('letter case', () => {
  it('lowercase holds when the value equals its lower-case form', () => {
    expect(isLowercase('croupier')).toBe(true);
    expect(isLowercase('straße')).toBe(true);
    expect(isLowercase('123-abc')).toBe(true);
    expect(isLowercase('Croupier')).toBe(false);
    expect(failsOn({ name: 'lowercase' }, 'ABC')).toBe('lowercase');
    expect(failsOn({ name: 'lowercase' }, 12)).toBe('lowercase');
  });

  it('uppercase holds when the value equals its upper-case form', () => {
    expect(isUppercase('EUR')).toBe(true);
    expect(isUppercase('ÄÖÜ')).toBe(true);
    expect(isUppercase('Eur')).toBe(false);
    expect(failsOn({ name: 'uppercase' }, 'EUR')).toBeNull();
    expect(failsOn({ name: 'uppercase' }, 'eur')).toBe('uppercase');
  });
});

describe('yes-like, no-like, boolean-like', () => {
  it.each(['yes', 'on', '1', 1, true, 'true'])('%j is yes-like and not no-like', (value) => {
    expect(isYesLike(value)).toBe(true);
    expect(isNoLike(value)).toBe(false);
  });

  it.each(['no', 'off', '0', 0, false, 'false'])('%j is no-like and not yes-like', (value) => {
    expect(isNoLike(value)).toBe(true);
    expect(isYesLike(value)).toBe(false);
  });

  it.each(['YES', 'True', 'y', 2, 'maybe'])('%j is neither yes-like nor no-like', (value) => {
    expect(isYesLike(value)).toBe(false);
    expect(isNoLike(value)).toBe(false);
  });

  it.each([true, false, 1, 0, '1', '0'])('%j is boolean-like', (value) => {
    expect(isBooleanLike(value)).toBe(true);
  });

  it.each(['true', 'false', 'yes', 2, '01', -1])('%j is not boolean-like', (value) => {
    expect(isBooleanLike(value)).toBe(false);
  });

  it('run as rules', () => {
    expect(failsOn({ name: 'yesLike' }, 'on')).toBeNull();
    expect(failsOn({ name: 'yesLike' }, 'off')).toBe('yesLike');
    expect(failsOn({ name: 'noLike' }, 'off')).toBeNull();
    expect(failsOn({ name: 'noLike' }, 'on')).toBe('noLike');
    expect(failsOn({ name: 'booleanLike' }, 0)).toBeNull();
    expect(failsOn({ name: 'booleanLike' }, 'true')).toBe('booleanLike');
  });
});

describe('slug, array, tag-manager id', () => {
  it('slug takes letters, digits, underscore and hyphen only', () => {
    expect(isSlug('book-of-dead_2')).toBe(true);
    expect(isSlug('book of dead')).toBe(false);
    expect(isSlug('book/dead')).toBe(false);
    expect(isSlug('café')).toBe(false);
    expect(failsOn({ name: 'slug' }, 'sweet-bonanza')).toBeNull();
    expect(failsOn({ name: 'slug' }, 'sweet.bonanza')).toBe('slug');
  });

  it('array takes arrays only', () => {
    expect(failsOn({ name: 'array' }, ['a'])).toBeNull();
    expect(failsOn({ name: 'array' }, [])).toBeNull();
    expect(failsOn({ name: 'array' }, 'a,b')).toBe('array');
    expect(failsOn({ name: 'array' }, { 0: 'a' })).toBe('array');
  });

  it('tag-manager id is GTM- and upper-case letters or digits', () => {
    expect(isTagManagerId('GTM-5XKQ7ZP')).toBe(true);
    expect(isTagManagerId('GTM-abc123')).toBe(false);
    expect(isTagManagerId('GTM-')).toBe(false);
    expect(isTagManagerId('gtm-5XKQ7ZP')).toBe(false);
    expect(isTagManagerId('UA-12345-1')).toBe(false);
    expect(isTagManagerId('GTM-5XKQ 7ZP')).toBe(false);
    expect(failsOn({ name: 'tagManagerId' }, 'GTM-WX2K9')).toBeNull();
    expect(failsOn({ name: 'tagManagerId' }, 'G-WX2K9')).toBe('tagManagerId');
  });

  it('date rule accepts the product date forms and refuses the rest', () => {
    expect(failsOn({ name: 'date' }, '2024-2-29')).toBeNull();
    expect(failsOn({ name: 'date' }, 1_700_000_000_000)).toBeNull();
    expect(failsOn({ name: 'date' }, '1990-05-17 00:00:00')).toBeNull();
    expect(failsOn({ name: 'date' }, '2023-2-29')).toBe('date');
    expect(failsOn({ name: 'date' }, true)).toBe('date');
  });
});
