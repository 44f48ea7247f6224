import type { Constants, Country, Currency, Locale, PlayerInit, SiteSettings } from '@croupier/contracts';
import {
  countries as allCountries,
  locales as allLocales,
  buildConstants,
  defaultLocale,
  withRestrictions,
} from '@croupier/contracts/reference/index';
import type { Config } from '../../config.ts';
import type { Visitor } from '../../http/visitor.ts';
import { currenciesOf, type RatesSource, seededRates } from './rates/index.ts';

export interface SettingsService {
  currencies(opts: { visibleOnly: boolean }): Currency[];
  locales(): Locale[];
  countries(): Country[];
  constants(): Constants;
  site(): SiteSettings;
  init(visitor: Visitor): PlayerInit;
  /** Restriction of a country, or null when it is open. */
  restrictionOf(country: string | null): number | null;
}

/**
 * Reference data plus the operator's configuration, computed once, and the currencies with the rates
 * source's current table (a refresh shows at once).
 */
export function createSettingsService(config: Config, rates: RatesSource = seededRates()): SettingsService {
  const countries = withRestrictions(allCountries, config.RESTRICTED_COUNTRIES);
  const countryByCode = new Map(countries.map((c) => [c.code, c]));
  const constants = buildConstants({
    socialAuth: [
      ...config.socialConnections.map((c) => c.name),
      ...(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_NAME ? ['telegram'] : []),
    ],
    referralEnabled: config.REFERRALS_ENABLED,
    // Telegram login (decision 0069): the widget returns to the social callback page, which posts to the API.
    ...(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_NAME
      ? { telegram: { bot: config.TELEGRAM_BOT_NAME, auth_url: `${config.publicUrl}/auth/social/telegram/callback` } }
      : {}),
    // Bonuses are opt-in (wagering binds the deposit): the deposit form starts on "no bonus" (decision 0056).
    depositBonusDeclineDefault: true,
    registration: config.SIGN_UP_MODES,
  });
  const site: SiteSettings = {
    loyaltyEnabled: config.LOYALTY_ENABLED,
    questsEnabled: config.QUESTS_ENABLED,
    bettingEnabled: Boolean(config.BETTING_CLIENT_HOST && config.BETTING_CLIENT_ID),
    affiliateCookieDays: config.AFFILIATE_COOKIE_DAYS,
    reloadGuardSeconds: config.RELOAD_GUARD_SECONDS,
    manifestPollSeconds: config.MANIFEST_POLL_SECONDS,
    cdnBaseUrl: config.CDN_BASE_URL,
    gameHubCdnBaseUrl: config.GAME_HUB_CDN_BASE_URL,
    hideDocumentsPage: config.HIDE_DOCUMENTS_PAGE,
    publicUrl: config.publicUrl,
    version: config.version,
    referralsEnabled: config.REFERRALS_ENABLED,
    // Live chat (decision 0068): the widget loads only when the whole Chatwoot configuration is there.
    liveChat:
      config.CHATWOOT_BASE_URL && config.CHATWOOT_WEBSITE_TOKEN && config.CHATWOOT_HMAC_TOKEN
        ? {
            provider: 'chatwoot',
            baseUrl: new URL(config.CHATWOOT_BASE_URL).origin,
            websiteToken: config.CHATWOOT_WEBSITE_TOKEN,
          }
        : null,
  };
  const restrictionOf = (country: string | null) =>
    country ? (config.RESTRICTED_COUNTRIES.get(country) ?? null) : null;

  return {
    currencies({ visibleOnly }) {
      const all = currenciesOf(rates.current());
      return visibleOnly ? all.filter((c) => c.visible) : all;
    },
    locales: () => allLocales,
    countries: () => countries,
    constants: () => constants,
    site: () => site,
    restrictionOf,
    init(visitor) {
      const restrictType = restrictionOf(visitor.country);
      const locale = (visitor.country && countryByCode.get(visitor.country)?.locale) || defaultLocale.code;
      return {
        // Unknown: the site's default, else "" (decision 0097); restriction and locale follow the known one only.
        country: visitor.country ?? config.DEFAULT_COUNTRY ?? '',
        ip: visitor.ip,
        isRestricted: restrictType !== null,
        restrictType,
        locale,
      };
    },
  };
}
