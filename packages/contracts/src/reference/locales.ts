import type { Locale } from '../settings.ts';
import { deepFreeze } from './freeze.ts';

/** Site locales, served by GET /api/settings/locales. Codes are lowercase as they appear in URLs. */
export const localeCodes = ['en', 'de', 'es', 'fr', 'it', 'pt-br'] as const;
export type LocaleCode = (typeof localeCodes)[number];

export const defaultLocaleCode: LocaleCode = 'en';

export const locales: Locale[] = deepFreeze([
  { code: 'en', name: 'English', nativeName: 'English', languageCode: 'en', isDefault: true },
  { code: 'de', name: 'German', nativeName: 'Deutsch', languageCode: 'de', isDefault: false },
  { code: 'es', name: 'Spanish', nativeName: 'Español', languageCode: 'es', isDefault: false },
  { code: 'fr', name: 'French', nativeName: 'Français', languageCode: 'fr', isDefault: false },
  { code: 'it', name: 'Italian', nativeName: 'Italiano', languageCode: 'it', isDefault: false },
  {
    code: 'pt-br',
    name: 'Portuguese (Brazil)',
    nativeName: 'Português (Brasil)',
    languageCode: 'pt',
    isDefault: false,
  },
]);

export const defaultLocale: Locale = locales.find((l) => l.code === defaultLocaleCode)!;

/** Exact match against our codes (case-sensitive: URLs and cookies carry the lowercase form). */
export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (localeCodes as readonly string[]).includes(value);
}

/**
 * Shape of a locale URL prefix: two lowercase letters, or ll-ll ('pt-br'). A path segment matching it
 * is treated as a locale slot; isLocaleCode then decides whether it is one we serve.
 */
export const localePrefixPattern = /^[a-z]{2}(?:-[a-z]{2})?$/;
