import type { Limit, StaffLimitRequest } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { staffLowerLimit } from '../../risk/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import type { StaffContext } from '../auth/sessions.ts';

/**
 * Adds or lowers one of the player's cash limits (§4; the rule is the risk module's `staffLowerLimit`) and
 * writes its audit row `player.limit`, with the limit before and after, in the same transaction.
 */
export async function setLimit(
  db: Db,
  staff: StaffContext,
  playerId: string,
  body: StaffLimitRequest,
  now: Date,
): Promise<Limit> {
  const { reason, ...limit } = body;
  return withTransaction(db, async (tx) => {
    const { before, after } = await staffLowerLimit(tx, { ...limit, playerId, staffId: staff.staffId, now });
    await writeAudit(tx, {
      staffId: staff.staffId,
      action: 'player.limit',
      targetType: 'limit',
      targetId: after.id,
      playerId,
      reason,
      before,
      after,
    });
    return after;
  });
}
