import type { WithdrawalSettings } from '@croupier/contracts';
import { ApiError, backofficeEndpoints, ErrorCode, type WithdrawalSettingsView } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { withdrawalSettings } from '../../payment/index.ts';
import { readSetting, type StoredSetting, writeSetting } from '../../settings/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';

const e = backofficeEndpoints.settings;

const view = (stored: StoredSetting<WithdrawalSettings>): WithdrawalSettingsView => ({
  ...stored.value,
  updatedAt: stored.updatedAt?.toISOString() ?? null,
  updatedBy: stored.updatedBy,
});

/**
 * A threshold above four-eyes would let auto-approval reach amounts that need two people: refused (the rule
 * also never auto-approves a four-eyes amount, so a stale row cannot do it either).
 */
function refuseInconsistent(value: WithdrawalSettings): void {
  if (value.fourEyesAbove !== null && value.autoApproveBelow > value.fourEyesAbove) {
    const message = 'Auto-approval must stop at or below the four-eyes threshold.';
    throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', { autoApproveBelow: [message] });
  }
}

/** PUT: the new thresholds and their audit row in one transaction (the setting's row locked: one at a time). */
async function updateWithdrawalSettings(db: Db, staffId: string, body: WithdrawalSettings & { reason: string }) {
  const value = { autoApproveBelow: body.autoApproveBelow, fourEyesAbove: body.fourEyesAbove };
  refuseInconsistent(value);
  return withTransaction(db, async (tx) => {
    const { before, after } = await writeSetting(tx, withdrawalSettings, value, staffId);
    await writeAudit(tx, {
      staffId,
      action: 'settings.withdrawals',
      targetType: 'setting',
      targetId: withdrawalSettings.key,
      reason: body.reason,
      before,
      after,
    });
    return view(await readSetting(tx, withdrawalSettings));
  });
}

/** Operating settings (backoffice-api.md §6, §9): read with `settings:read`, changed with `settings:write`. */
export async function settingsRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db } = deps;
  route(app, e.withdrawals, async () => ({ data: view(await readSetting(db, withdrawalSettings)) }));
  route(app, e.setWithdrawals, async ({ request, body }) => ({
    data: await updateWithdrawalSettings(db, staffOf(request).staffId, body),
  }));
}
