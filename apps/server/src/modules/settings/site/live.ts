import type { SiteSettingsValue } from '@croupier/contracts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { readSetting, type StoredSetting } from '../operating/index.ts';
import { siteSetting } from './setting.ts';

/**
 * The site settings every request reads (restriction checks, the player API's settings and constants, payment
 * methods per country), cached in memory: read from the database at start and again whenever the 'settings'
 * scope changes (decision 0122), so an answer never waits for the database and never outlives a change.
 */
export interface LiveSiteSettings {
  /** The value in force on this instance. */
  current(): SiteSettingsValue;
  /** With who changed it last (null: the defaults). */
  stored(): StoredSetting<SiteSettingsValue>;
  /** Reads the database again; answers once a read that started after the call has been applied. */
  reload(): Promise<void>;
}

export function createLiveSiteSettings(db: Db, config: Config): LiveSiteSettings {
  const setting = siteSetting(config);
  let value: StoredSetting<SiteSettingsValue> = { value: setting.defaults, updatedAt: null, updatedBy: null };
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const load = () => {
    running = readSetting(db, setting)
      .then((read) => {
        value = read;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    current: () => value.value,
    stored: () => value,
    reload() {
      if (!running) return load();
      // The running read may have started before the caller's commit: one more after it.
      next ??= running
        .catch(() => undefined)
        .then(() => {
          next = null;
          return load();
        });
      return next;
    },
  };
}

// The app's live settings by its configuration and by its database handle, so the services built from either
// (the player module's settings service has only the config, the payment module only `db`) read the same cache.
const byConfig = new WeakMap<Config, LiveSiteSettings>();
const byDb = new WeakMap<object, LiveSiteSettings>();

export function bindSiteSettings(config: Config, db: Db, live: LiveSiteSettings): void {
  byConfig.set(config, live);
  byDb.set(db, live);
}

/** The site settings in force for this configuration: the live ones when the app bound them, else its defaults. */
export const siteSettingsOf = (config: Config): SiteSettingsValue =>
  byConfig.get(config)?.current() ?? siteSetting(config).defaults;

/**
 * Whether a payment method is shown to players in a country (decision content-editor): every method unless
 * staff listed the country's methods. For the payment module, which owns the catalogue.
 */
export function paymentMethodShown(db: Db, country: string | null | undefined, method: string): boolean {
  if (!country) return true;
  const entry = byDb
    .get(db)
    ?.current()
    .paymentMethods.find((p) => p.country === country.toUpperCase());
  return entry ? entry.methods.includes(method as never) : true;
}
