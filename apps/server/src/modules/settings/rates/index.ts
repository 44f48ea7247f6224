// The rates port of the settings module (docs/decisions/0018) as the rest of the server sees it.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { httpJsonRates } from './http-json.ts';
import type { RatesSource } from './port.ts';
import { seededRates } from './seeded.ts';

export { applyFeedAnswer, RatesFeedError, toRateConvention } from './feed.ts';
export { type HttpJsonRatesOptions, httpJsonRates } from './http-json.ts';
export type { RatesSource } from './port.ts';
export { seededRates } from './seeded.ts';
export { type CurrencyRate, currenciesOf, currencyIn, type RatesTable, seededTable } from './table.ts';
export { baseMinorOfMajor, toBaseMinor } from './to-base.ts';

/** The adapter the configuration asks for: `http-json` when RATES_URL is set, the seeded table otherwise. */
export function createRatesSource(config: Config, log: FastifyBaseLogger): RatesSource {
  if (!config.RATES_URL) return seededRates();
  return httpJsonRates({
    url: config.RATES_URL,
    refreshMs: config.RATES_REFRESH_SECONDS * 1000,
    timeoutMs: config.RATES_TIMEOUT_SECONDS * 1000,
    log,
  });
}
