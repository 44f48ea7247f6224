// Site settings and exchange rates as other modules see them: functions, never files inside.

export {
  defineSetting,
  type OperatingSetting,
  readSetting,
  type StoredSetting,
  seedSetting,
  writeSetting,
} from './operating/index.ts';
export {
  applyFeedAnswer,
  baseMinorOfMajor,
  type CurrencyRate,
  createRatesSource,
  currenciesOf,
  currencyIn,
  type HttpJsonRatesOptions,
  httpJsonRates,
  RatesFeedError,
  type RatesSource,
  type RatesTable,
  seededRates,
  seededTable,
  toBaseMinor,
  toRateConvention,
} from './rates/index.ts';
export { settingsRoutes } from './routes.ts';
export { createSettingsService, type SettingsService } from './service.ts';
export {
  type LiveSiteSettings,
  paymentMethodShown,
  siteSetting,
  siteSettingsDefaults,
  siteSettingsOf,
  siteSettingsRoutes,
  startSiteSettings,
} from './site/index.ts';
