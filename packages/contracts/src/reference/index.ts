export { buildConstants, type ConstantsOptions, defaultConstants } from './constants.ts';
export {
  baseCountries,
  countries,
  currencyForCountry,
  excludedCountryCodes,
  localeForLanguages,
  nonIsoCountryCodes,
  RestrictType,
  withRestrictions,
} from './countries.ts';
export {
  baseCurrency,
  baseCurrencyCode,
  type CurrencyCode,
  convertFromBase,
  convertToBase,
  cryptoCurrencyCodes,
  currencies,
  fiatCurrencyCodes,
  rateTime,
  subCurrencyFactor,
} from './currencies.ts';
export {
  defaultLocale,
  defaultLocaleCode,
  isLocaleCode,
  type LocaleCode,
  localeCodes,
  localePrefixPattern,
  locales,
} from './locales.ts';
export { AmountError, type AmountErrorReason, maxExactMinor, toMajor, toMinor } from './money.ts';
export * from './statuses.ts';
export { timeZones } from './timezones.ts';
