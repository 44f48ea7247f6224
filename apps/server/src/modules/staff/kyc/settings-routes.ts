import { ApiError, backofficeEndpoints, ErrorCode, type KycSettingsView } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { kycSetting, readKycSettings, sumsubConfigured } from '../../kyc/index.ts';
import { writeSetting } from '../../settings/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';

const e = backofficeEndpoints.kyc;

/** GET/PUT /api/backoffice/settings/kyc (decision 0113): read with settings:read, changed with settings:write. */
export async function kycSettingsRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db, config } = deps;
  const current = async (): Promise<KycSettingsView> => {
    const { value, updatedAt, updatedBy } = await readKycSettings(db, config);
    return {
      ...value,
      sumsubConfigured: sumsubConfigured(config),
      updatedAt: updatedAt?.toISOString() ?? null,
      updatedBy,
    };
  };

  route(app, e.settings, async () => ({ data: await current() }));

  route(app, e.updateSettings, async ({ request, body }) => {
    const { reason, ...value } = body;
    if (value.provider === 'sumsub' && !sumsubConfigured(config)) {
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
        provider: ['Sumsub is not configured (SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY).'],
      });
    }
    const staffId = staffOf(request).staffId;
    await withTransaction(db, async (tx) => {
      const { before, after } = await writeSetting(tx, kycSetting(config), value, staffId);
      await writeAudit(tx, {
        staffId,
        action: 'settings.kyc',
        targetType: 'setting',
        targetId: 'kyc',
        reason,
        before,
        after,
      });
    });
    return { data: await current() };
  });
}
