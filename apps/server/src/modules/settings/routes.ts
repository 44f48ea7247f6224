import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import type { RatesSource } from './rates/index.ts';
import { createSettingsService } from './service.ts';

export async function settingsRoutes(app: FastifyInstance, { config, rates }: { config: Config; rates: RatesSource }) {
  const settings = createSettingsService(config, rates);
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
