import { LimitDefinition } from '@croupier/contracts/reference/index';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { WithdrawalRiskFlag } from '../payment/index.ts';
import { riskLimits } from './schema.ts';
import { turnOverOf } from './turn-over.ts';

// The withdrawal review's flags this module knows (decision 0112), listed into the payment module by app.ts.

/** Turn-over still owed on the account's deposits (the wager's counter, with the rule on). */
export const turnOverOwedFlag: WithdrawalRiskFlag = {
  name: 'turnoverOwed',
  raised: async (tx, w) => (await turnOverOf(tx, w.playerId, w.currency)).turnOverWagerAmount > 0,
};

/** How long a self-exclusion or cooling-off keeps flagging withdrawals after it ended. */
export const EXCLUSION_HISTORY_DAYS = 90;

/** A self-exclusion or cooling-off now, or one that ended (or expired) in the last 90 days. */
export const selfExclusionHistoryFlag: WithdrawalRiskFlag = {
  name: 'selfExclusionHistory',
  async raised(tx, w) {
    const since = new Date(w.createdAt.getTime() - EXCLUSION_HISTORY_DAYS * 24 * 60 * 60 * 1000);
    const [row] = await tx
      .select({ id: riskLimits.id })
      .from(riskLimits)
      .where(
        and(
          eq(riskLimits.playerId, w.playerId),
          inArray(riskLimits.definition, [LimitDefinition.selfExclusion, LimitDefinition.coolingOff]),
          or(isNull(riskLimits.endedAt), gt(riskLimits.endedAt, since), gt(riskLimits.expiredAt, since)),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
