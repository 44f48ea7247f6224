import { ApiError, backofficeEndpoints, ErrorCode, type SiteSettingsView } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
// Types only: the staff module reads settings (withdrawals, KYC), so its functions come in as dependencies.
import type { staffOf as StaffOf, writeAudit as WriteAudit } from '../../staff/index.ts';
import { writeSetting } from '../operating/index.ts';
import type { LiveSiteSettings } from './live.ts';
import { siteSetting } from './setting.ts';

const e = backofficeEndpoints.siteSettings;

/**
 * GET/PUT /api/backoffice/settings/site (issue 27): read with settings:read, changed with settings:write. The
 * change, its audit row and the 'settings' event are one transaction; this instance has reloaded when it answers.
 */
export async function siteSettingsRoutes(
  app: FastifyInstance,
  {
    config,
    db,
    live,
    staffOf,
    writeAudit,
  }: { config: Config; db: Db; live: LiveSiteSettings; staffOf: typeof StaffOf; writeAudit: typeof WriteAudit },
): Promise<void> {
  const setting = siteSetting(config);
  const view = (): SiteSettingsView => {
    const { value, updatedAt, updatedBy } = live.stored();
    return { ...value, updatedAt: updatedAt?.toISOString() ?? null, updatedBy, defaults: setting.defaults };
  };

  route(app, e.get, () => ({ data: view() }));

  route(app, e.update, async ({ request, body }) => {
    const { reason, ...value } = body;
    const home = config.DEFAULT_COUNTRY;
    const blocked = value.restrictedCountries.findIndex((r) => r.country === home);
    if (home && blocked >= 0) {
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
        [`restrictedCountries.${blocked}.country`]: [
          `${home} is the site's default country (DEFAULT_COUNTRY): it cannot be restricted.`,
        ],
      });
    }
    const staffId = staffOf(request).staffId;
    await changeConfig(db, ['settings'], async (tx) => {
      const { before, after } = await writeSetting(tx, setting, value, staffId);
      await writeAudit(tx, {
        staffId,
        action: 'settings.site',
        targetType: 'setting',
        targetId: 'site',
        reason,
        before,
        after,
      });
    });
    await live.reload();
    return { data: view() };
  });
}
