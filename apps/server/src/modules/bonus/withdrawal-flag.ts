import { PlayerBonusStatus } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { WithdrawalRiskFlag } from '../payment/index.ts';
import { playerBonuses } from './schema.ts';

/**
 * The withdrawal review's "active bonus" flag (decision 0112): a bonus being wagered in the withdrawal's
 * currency. A person checks that the bonus's terms allow the withdrawal before it goes on.
 */
export const activeBonusFlag: WithdrawalRiskFlag = {
  name: 'activeBonus',
  async raised(tx, w) {
    const [row] = await tx
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.playerId, w.playerId),
          eq(playerBonuses.currency, w.currency),
          eq(playerBonuses.status, PlayerBonusStatus.active),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
