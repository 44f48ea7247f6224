import type { Config } from '../../../config.ts';
import type { ConfigBus } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { bindSiteSettings, createLiveSiteSettings, type LiveSiteSettings } from './live.ts';

export { type LiveSiteSettings, paymentMethodShown, siteSettingsOf } from './live.ts';
export { siteSettingsRoutes } from './routes.ts';
export { siteSetting, siteSettingsDefaults } from './setting.ts';

/**
 * The app's site settings (issue 27): read now, bound to the config and the database handle every settings
 * service and the payment module read through, and read again whenever a change reaches this instance.
 */
export async function startSiteSettings({
  config,
  db,
  bus,
  log,
}: {
  config: Config;
  db: Db;
  bus: ConfigBus;
  log: { error(obj: unknown, msg: string): void };
}): Promise<LiveSiteSettings> {
  const live = createLiveSiteSettings(db, config);
  bindSiteSettings(config, db, live);
  bus.on('settings', () => {
    live.reload().catch((error) => log.error({ err: error }, 'the site settings could not be reloaded'));
  });
  await live.reload();
  return live;
}
