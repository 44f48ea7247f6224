import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defaultLocale,
  defaultLocaleCode,
  isLocaleCode,
  localeCodes,
  localePrefixPattern,
  locales,
} from '../../src/reference/index.ts';
import { Locale } from '../../src/settings.ts';

describe('locales', () => {
  it('parses with the Locale schema', () => {
    expect(z.array(Locale).parse(locales)).toEqual(locales);
  });

  it('has the six site locales with exactly one default, en', () => {
    expect(locales.map((l) => l.code)).toEqual(['en', 'de', 'es', 'fr', 'it', 'pt-br']);
    expect(locales.map((l) => l.code)).toEqual([...localeCodes]);
    expect(locales.filter((l) => l.isDefault)).toEqual([defaultLocale]);
    expect(defaultLocale.code).toBe('en');
    expect(defaultLocaleCode).toBe('en');
  });

  it('names pt-br in English and in Portuguese, with language pt', () => {
    const pt = locales.find((l) => l.code === 'pt-br');
    expect(pt).toMatchObject({ name: 'Portuguese (Brazil)', nativeName: 'Português (Brasil)', languageCode: 'pt' });
    expect(locales.find((l) => l.code === 'de')?.nativeName).toBe('Deutsch');
  });

  it('isLocaleCode accepts only our lowercase codes', () => {
    for (const code of localeCodes) expect(isLocaleCode(code)).toBe(true);
    for (const value of ['pt-BR', 'EN', 'pt', 'ru', '', 'en-us', null, undefined, 1]) {
      expect(isLocaleCode(value)).toBe(false);
    }
  });

  it('the URL prefix pattern takes ll or ll-ll, lowercase only', () => {
    for (const code of localeCodes) expect(localePrefixPattern.test(code)).toBe(true);
    expect(localePrefixPattern.test('ru')).toBe(true);
    expect(localePrefixPattern.test('en-gb')).toBe(true);
    for (const bad of ['EN', 'pt-BR', 'e', 'eng', 'pt_br', 'pt-', 'pt-bra', 'en/', ' en', 'games']) {
      expect(localePrefixPattern.test(bad)).toBe(false);
    }
  });

  it('is frozen shared data', () => {
    expect(() => {
      (locales as { code: string }[])[0]!.code = 'xx';
    }).toThrow(TypeError);
  });
});
