import { SiteSettingsValue as SiteSettingsSchema, type SiteSettingsValue } from '@croupier/contracts';
import { currencies } from '@croupier/contracts/reference/index';
import type { Config } from '../../../config.ts';
import { defineSetting, type OperatingSetting } from '../operating/index.ts';

/**
 * The site settings' defaults: what the environment says at start (RESTRICTED_COUNTRIES, SIGN_UP_MODES,
 * LOYALTY_ENABLED, QUESTS_ENABLED, REFERRALS_ENABLED) and the reference list's visible currencies. Every
 * payment method is shown in every country until staff narrow a country down.
 */
export const siteSettingsDefaults = (config: Config): SiteSettingsValue => ({
  restrictedCountries: [...config.RESTRICTED_COUNTRIES].map(([country, restrictType]) => ({ country, restrictType })),
  signUpModes: { ...config.SIGN_UP_MODES },
  features: { loyalty: config.LOYALTY_ENABLED, quests: config.QUESTS_ENABLED, referrals: config.REFERRALS_ENABLED },
  visibleCurrencies: currencies.filter((c) => c.visible).map((c) => c.code),
  paymentMethods: [],
});

const settings = new WeakMap<Config, OperatingSetting<SiteSettingsValue>>();

/** The operating setting 'site' of this configuration (one object per config: its defaults are the config's). */
export function siteSetting(config: Config): OperatingSetting<SiteSettingsValue> {
  let setting = settings.get(config);
  if (!setting) {
    setting = defineSetting('site', SiteSettingsSchema, siteSettingsDefaults(config));
    settings.set(config, setting);
  }
  return setting;
}
