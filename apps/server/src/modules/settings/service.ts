import type {
  Constants,
  Country,
  Currency,
  Locale,
  PlayerInit,
  SiteSettings,
  SiteSettingsValue,
} from '@croupier/contracts';
import {
  countries as allCountries,
  locales as allLocales,
  buildConstants,
  defaultLocale,
  type RestrictType,
  withRestrictions,
} from '@croupier/contracts/reference/index';
import type { Config } from '../../config.ts';
import type { Visitor } from '../../http/visitor.ts';
import { currenciesOf, type RatesSource, seededRates } from './rates/index.ts';
import { type LiveSiteSettings, siteSettingsOf } from './site/live.ts';

export interface SettingsService {
  currencies(opts: { visibleOnly: boolean }): Currency[];
  locales(): Locale[];
  countries(): Country[];
  constants(): Constants;
  site(): SiteSettings;
  init(visitor: Visitor): PlayerInit;
  /** Restriction of a country, or null when it is open. */
  restrictionOf(country: string | null): number | null;
  /** The site settings in force (issue 27): sign-up modes, feature switches… as staff last set them. */
  siteSettings(): SiteSettingsValue;
}

/**
 * Reference data plus the operator's configuration, and the currencies with the rates source's current table
 * (a refresh shows at once). What staff change at run time (restricted countries, sign-up modes, feature
 * switches, offered currencies: the site settings, issue 27) is read from the live settings at each call, and
 * what is built from it is rebuilt only when it changes.
 */
export function createSettingsService(
  config: Config,
  rates: RatesSource = seededRates(),
  /** This instance's live site settings; without them, those bound to `config` (or its defaults). */
  live?: Pick<LiveSiteSettings, 'current'>,
): SettingsService {
  const built = new WeakMap<SiteSettingsValue, Built>();
  const inForce = () => live?.current() ?? siteSettingsOf(config);
  const current = (): Built => {
    const value = inForce();
    let b = built.get(value);
    if (!b) {
      b = build(config, value);
      built.set(value, b);
    }
    return b;
  };

  return {
    currencies({ visibleOnly }) {
      const { visible } = current();
      const all = currenciesOf(rates.current()).map((c) =>
        visible.has(c.code) === c.visible ? c : { ...c, visible: visible.has(c.code) },
      );
      return visibleOnly ? all.filter((c) => c.visible) : all;
    },
    locales: () => allLocales,
    countries: () => current().countries,
    constants: () => current().constants,
    site: () => current().site,
    siteSettings: inForce,
    restrictionOf: (country) => (country ? (current().restricted.get(country) ?? null) : null),
    init(visitor) {
      const { restricted, countryByCode } = current();
      const restrictType = visitor.country ? (restricted.get(visitor.country) ?? null) : null;
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

interface Built {
  restricted: ReadonlyMap<string, RestrictType>;
  countries: Country[];
  countryByCode: ReadonlyMap<string, Country>;
  constants: Constants;
  site: SiteSettings;
  visible: ReadonlySet<string>;
}

function build(config: Config, value: SiteSettingsValue): Built {
  const restricted = new Map(value.restrictedCountries.map((r) => [r.country, r.restrictType as RestrictType]));
  const countries = withRestrictions(allCountries, restricted);
  const constants = buildConstants({
    socialAuth: [
      ...config.socialConnections.map((c) => c.name),
      ...(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_NAME ? ['telegram'] : []),
    ],
    referralEnabled: value.features.referrals,
    // Telegram login (decision 0069): the widget returns to the social callback page, which posts to the API.
    ...(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_NAME
      ? { telegram: { bot: config.TELEGRAM_BOT_NAME, auth_url: `${config.publicUrl}/auth/social/telegram/callback` } }
      : {}),
    // Bonuses are opt-in (wagering binds the deposit): the deposit form starts on "no bonus" (decision 0056).
    depositBonusDeclineDefault: true,
    registration: value.signUpModes,
  });
  const site: SiteSettings = {
    loyaltyEnabled: value.features.loyalty,
    questsEnabled: value.features.quests,
    bettingEnabled: Boolean(config.BETTING_CLIENT_HOST && config.BETTING_CLIENT_ID),
    affiliateCookieDays: config.AFFILIATE_COOKIE_DAYS,
    reloadGuardSeconds: config.RELOAD_GUARD_SECONDS,
    manifestPollSeconds: config.MANIFEST_POLL_SECONDS,
    cdnBaseUrl: config.CDN_BASE_URL,
    gameHubCdnBaseUrl: config.GAME_HUB_CDN_BASE_URL,
    hideDocumentsPage: config.HIDE_DOCUMENTS_PAGE,
    publicUrl: config.publicUrl,
    version: config.version,
    referralsEnabled: value.features.referrals,
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
  return {
    restricted,
    countries,
    countryByCode: new Map(countries.map((c) => [c.code, c])),
    constants,
    site,
    visible: new Set(value.visibleCurrencies),
  };
}
