export { buildConstants, type ConstantsOptions, defaultConstants } from './constants.ts';
export { convertFromBase, convertToBase } from './convert.ts';
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
  cryptoCurrencyCodes,
  currencies,
  fiatCurrencyCodes,
  isCurrencyCode,
  rateTime,
  subCurrencyFactor,
  subunitOf,
} from './currencies.ts';
export { type Decimal, divRound, parseDecimal } from './decimal.ts';
export {
  defaultLocale,
  defaultLocaleCode,
  isLocaleCode,
  type LocaleCode,
  localeCodes,
  localePrefixPattern,
  locales,
} from './locales.ts';
export {
  AmountError,
  type AmountErrorReason,
  type AmountRefusal,
  amountRefusalText,
  type MoneyUnit,
  maxExactMinor,
  subunitOfUnit,
  type ToMinorOptions,
  toMajor,
  toMajorString,
  toMinor,
} from './money.ts';
export * from './statuses.ts';
export { timeZones } from './timezones.ts';
