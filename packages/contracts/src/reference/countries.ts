import { countries as isoCountries, type TCountryCode, type TLanguageCode } from 'countries-list';
import { getCountryCallingCode, type CountryCode as PhoneCountryCode } from 'libphonenumber-js/max';
import type { Country } from '../settings.ts';
import { currencies } from './currencies.ts';
import { deepFreeze } from './freeze.ts';
import type { LocaleCode } from './locales.ts';

/** Hidden from every country list (spec §9; the client hard-codes the same list). */
export const excludedCountryCodes = ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF'] as const;

/**
 * In countries-list but not assigned ISO 3166-1 alpha-2 codes: XK (Kosovo) is user-assigned,
 * AC (Ascension) and TA (Tristan da Cunha) are only "exceptionally reserved".
 */
export const nonIsoCountryCodes = ['AC', 'TA', 'XK'] as const;

/** country.restrictType (api-contract §1.6): 1 whole site geo-blocked, 2 sign-in and sign-up blocked. */
export const RestrictType = { geoBlocked: 1, authBlocked: 2 } as const;
export type RestrictType = (typeof RestrictType)[keyof typeof RestrictType];

/** Our locale for a spoken language; 'en' is listed so an English-first country stays English (CA, CM). */
const localeOfLanguage: Partial<Record<TLanguageCode, LocaleCode>> = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  it: 'it',
  pt: 'pt-br',
};

/** Where the language-order rule gives the wrong answer for our audience. */
const localeOverrides: Partial<Record<TCountryCode, LocaleCode>> = {
  LU: 'de', // data lists fr first; we serve Luxembourg in German (product decision)
  MO: 'en', // data lists zh, pt; few Macanese read Portuguese and we have no Chinese
};

/**
 * Locale rule: the first of the country's languages (in the data's order of prominence) that we have a
 * locale for, with Portuguese served as pt-br; English when none (AD, CY, most of Asia).
 */
export function localeForLanguages(code: string, languages: readonly string[]): LocaleCode {
  const override = localeOverrides[code as TCountryCode];
  if (override) return override;
  for (const language of languages) {
    const locale = localeOfLanguage[language as TLanguageCode];
    if (locale) return locale;
  }
  return 'en';
}

// Only currencies a new player can pick are offered as the registration default.
const offeredFiat = new Set(currencies.filter((c) => c.type === 'fiat' && c.isEnabled && c.visible).map((c) => c.code));

/**
 * Currency rule: the first of the country's own currencies that we offer (enabled, visible fiat);
 * otherwise EUR for a country whose main continent is Europe, USD anywhere else.
 */
export function currencyForCountry(ownCurrencies: readonly string[], continent: string): string {
  return ownCurrencies.find((c) => offeredFiat.has(c)) ?? (continent === 'EU' ? 'EUR' : 'USD');
}

// Every player may also open accounts in each crypto currency we offer.
const offeredCrypto = currencies.filter((c) => c.type === 'crypto' && c.isEnabled && c.visible).map((c) => c.code);

/**
 * Phone prefix: the country calling code, digits only, no '+' (api-contract §1.5), at most 3 digits
 * (spec §9). Taken from libphonenumber, which validates phones, so the two always agree: NANP members
 * get '1' (not '1268'), and the Vatican '39' (its numbers are in the Italian plan).
 */
const callingCodeOf = (code: string): string => {
  try {
    return getCountryCallingCode(code as PhoneCountryCode);
  } catch {
    return '';
  }
};

const hidden = new Set<string>([...excludedCountryCodes, ...nonIsoCountryCodes]);
const byName = new Intl.Collator('en');

/** Every listed country, unrestricted. Sorted by English name for pickers. */
export const baseCountries: Country[] = deepFreeze(
  (Object.entries(isoCountries) as [TCountryCode, (typeof isoCountries)[TCountryCode]][])
    .filter(([code]) => !hidden.has(code))
    .map(
      ([code, c]): Country => ({
        code,
        name: c.name,
        nativeName: c.native,
        phonePrefix: callingCodeOf(code) || String(c.phone[0]),
        currency: currencyForCountry(c.currency, c.continent),
        locale: localeForLanguages(code, c.languages),
        additionalCurrency: [...offeredCrypto],
        restrict: false,
      }),
    )
    .sort((a, b) => byName.compare(a.name, b.name)),
);

/**
 * Applies the operator's restricted-country configuration. Codes absent from the list (US, GB, …) are
 * ignored here; the server's own geo check must still apply them. Returns new objects, input untouched.
 */
export function withRestrictions(list: readonly Country[], restricted: ReadonlyMap<string, RestrictType>): Country[] {
  for (const [code, type] of restricted) {
    if (type !== RestrictType.geoBlocked && type !== RestrictType.authBlocked) {
      throw new RangeError(`Restricted country ${code}: restrictType must be 1 or 2, got ${String(type)}`);
    }
  }
  return list.map(({ restrictType: _, ...country }) => {
    const type = restricted.get(country.code);
    return type === undefined ? { ...country, restrict: false } : { ...country, restrict: true, restrictType: type };
  });
}

/** The default list: nothing restricted until the operator configures it. */
export const countries: Country[] = deepFreeze(withRestrictions(baseCountries, new Map()));
