import { ErrorCode } from '@croupier/contracts';
import { LimitDefinition, toMajorString } from '@croupier/contracts/reference/index';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { type BeforeLaunchContext, launchRefusal } from '../game/index.ts';
import { type BeforeDeposit, DepositLimitError } from '../payment/index.ts';
import { complianceRow, crossesNear } from './compliance-events.ts';
import { riskLimits } from './schema.ts';
import type { RiskDeps } from './service.ts';
import { inForce } from './settle.ts';
import { type LimitRow, liveLimits } from './store.ts';
import { usageOf } from './usage.ts';

// The checks other modules run before a launch or a deposit (decision 0040; gaining value: may-gain-value.ts):
// each reads what is in force now, waiting changes resolved in memory (a check never writes).

const until = (row: LimitRow) => (row.expiredAt ? ` until ${row.expiredAt.toISOString()}` : '');

/** A cooling-off or self-exclusion in force, as a sentence; null when the player may play and pay. */
export function exclusionOf(rows: LimitRow[]): string | null {
  const self = rows.find((r) => r.definition === LimitDefinition.selfExclusion);
  if (self) return `The account is self-excluded${until(self)}.`;
  const cooling = rows.find((r) => r.definition === LimitDefinition.coolingOff);
  return cooling ? `The account is cooling off${until(cooling)}.` : null;
}

/** Real-money launches: refused during an exclusion (14100) or with a bet (14100) or loss (14101) limit used up. */
export function beforeLaunch(deps: RiskDeps) {
  return async (ctx: BeforeLaunchContext): Promise<void> => {
    if (ctx.mode !== 'real') return;
    const now = deps.now();
    const rows = inForce(await liveLimits(deps.db, ctx.playerId), now);
    const excluded = exclusionOf(rows);
    if (excluded) throw launchRefusal(ErrorCode.gameLimitReached, excluded);
    const cash = rows.filter(
      (r) =>
        r.currency === ctx.currency && (r.definition === LimitDefinition.bet || r.definition === LimitDefinition.loss),
    );
    if (cash.length === 0) return;
    for (const row of cash) {
      const { used } = await usageOf(deps.db, row, now);
      if (used < row.amount!) continue;
      const loss = row.definition === LimitDefinition.loss;
      const code = loss ? ErrorCode.gameLossLimitReached : ErrorCode.gameLimitReached;
      throw launchRefusal(code, `Your ${row.period} ${loss ? 'loss' : 'bet'} limit is reached.`);
    }
  };
}

/**
 * Deposits (13100): refused during an exclusion, when a deposit limit of the currency is used up (listing
 * methods), or when the amount would pass what is left. Inside the invoice's transaction the limit rows are
 * locked first, so two deposits of one player check and insert one after the other.
 */
export function beforeDeposit(deps: RiskDeps) {
  return async (event: BeforeDeposit): Promise<void> => {
    const db: Db = event.tx ?? deps.db;
    const now = deps.now();
    if (event.tx) await lockDepositLimits(event.tx, event.playerId, event.currency);
    const rows = inForce(await liveLimits(db, event.playerId), now);
    const excluded = exclusionOf(rows);
    if (excluded) throw new DepositLimitError(excluded);
    const limits = rows.filter((r) => r.definition === LimitDefinition.deposit && r.currency === event.currency);
    if (limits.length === 0) return;
    for (const row of limits) {
      const { used } = await usageOf(db, row, now);
      const left = row.amount! - used;
      if (left <= 0n) throw new DepositLimitError(`Your ${row.period} deposit limit is reached.`);
      if (event.amount !== undefined && event.amount > left) {
        throw new DepositLimitError(
          `This deposit would pass your ${row.period} deposit limit: at most ${toMajorString(left, event.currency)} ${event.currency} is left.`,
        );
      }
      // The deposit that takes the limit past 80 % tells compliance, in the invoice's transaction (decision 0114).
      if (event.tx && event.amount !== undefined && crossesNear(used, used + event.amount, row.amount!)) {
        await enqueue(
          event.tx,
          complianceRow({
            kind: 'limit.near',
            playerId: event.playerId,
            definition: row.definition,
            period: row.period,
            currency: event.currency,
            amount: row.amount!.toString(),
            used: (used + event.amount).toString(),
            at: now.toISOString(),
          }),
        );
      }
    }
  };
}

async function lockDepositLimits(tx: Db, playerId: string, currency: string): Promise<void> {
  await tx
    .select({ id: riskLimits.id })
    .from(riskLimits)
    .where(
      and(
        eq(riskLimits.playerId, playerId),
        eq(riskLimits.definition, LimitDefinition.deposit),
        eq(riskLimits.currency, currency),
        isNull(riskLimits.endedAt),
      ),
    )
    .for('update');
}
