import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import type { RatesSource } from './rates/index.ts';
import { createSettingsService } from './service.ts';
import type { LiveSiteSettings } from './site/index.ts';

export async function settingsRoutes(
  app: FastifyInstance,
  { config, rates, live }: { config: Config; rates: RatesSource; live?: LiveSiteSettings },
) {
  const settings = createSettingsService(config, rates, live);
  const e = endpoints.settings;

  route(app, e.currencies, ({ query }) => ({
    data: settings.currencies({ visibleOnly: query?.visible === '1' || query?.visible === 'true' }),
  }));
  route(app, e.locales, () => ({ data: settings.locales() }));
  route(app, e.countries, () => ({ data: settings.countries() }));
  route(app, e.constants, () => ({ data: settings.constants() }));
  route(app, e.site, () => ({ data: settings.site() }));
  route(app, e.playerInit, ({ request }) => ({
    data: settings.init(visitorOf(request, config.TRUST_GEO_HEADERS)),
  }));
}
