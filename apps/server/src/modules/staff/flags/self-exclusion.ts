import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { staffSelfExclude } from '../../risk/index.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';

/**
 * A self-exclusion applied on the player's request from support (`players:exclusion`, decision 0114): the
 * risk module's rule (at least 6 months, in force at once, every session closed, ends only by the limits'
 * rules) and its audit row `player.self_exclusion` in one transaction; the sockets end after the commit.
 */
export async function selfExclusionRoute(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  route(app, backofficeEndpoints.flags.selfExclusion, async ({ request, params, body }) => {
    const staff = staffOf(request);
    const { reason, months, until } = body;
    const done = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const exclusion = await staffSelfExclude(tx, deps.player, {
        playerId: params.id,
        staffId: staff.staffId,
        ...(months !== undefined ? { months } : {}),
        ...(until !== undefined ? { until } : {}),
        now: deps.now?.() ?? new Date(),
      });
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'player.self_exclusion',
        targetType: 'limit',
        targetId: exclusion.after.id,
        playerId: params.id,
        reason,
        before: exclusion.before,
        after: { ...exclusion.after, sessionsClosed: exclusion.sessionsClosed },
      });
      return exclusion;
    });
    done.afterCommit();
    return {
      data: {
        playerId: params.id,
        startedAt: done.after.startedAt ?? new Date().toISOString(),
        endsAt: done.after.expiredAt!,
        sessionsClosed: done.sessionsClosed,
      },
    };
  });
}
