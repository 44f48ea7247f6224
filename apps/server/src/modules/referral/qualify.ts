import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DepositSucceeded } from '../payment/index.ts';
import { lockReferrerCurrency } from '../player/index.ts';
import { payReward, realStakesSince } from '../wallet/index.ts';
import { rewardVerdict } from './reward.ts';
import type { ReferralRules } from './rules.ts';
import { referrals } from './schema.ts';

// Qualification (decision 0067): a referee qualifies with a deposit of at least the minimum and real-money
// stakes of at least the wager threshold, both before the deadline. The status leaves 1 once: to 2 with the
// referrer's reward in the same transaction (the update's `status = 1` guard and the reward's idempotency key
// both make it once) unless the signals refuse or hold it (decision 0094), or to 3 when the deadline passes first.

type ReferralRow = typeof referrals.$inferSelect;

export const ReferralStatus = { inProgress: 1, qualified: 2, notQualified: 3 } as const;

/** Moves one in-progress referral on if it can; `tx` is a transaction. Returns the new status. */
export async function evaluate(tx: Db, rules: ReferralRules, refereeId: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.refereeId, refereeId), eq(referrals.status, ReferralStatus.inProgress)))
    .for('update');
  if (!row) return null;
  if (now >= row.qualificationEndAt) {
    await tx
      .update(referrals)
      .set({ status: ReferralStatus.notQualified })
      .where(and(eq(referrals.refereeId, refereeId), eq(referrals.status, ReferralStatus.inProgress)));
    return ReferralStatus.notQualified;
  }
  if (!row.depositedAt || !row.depositCurrency) return ReferralStatus.inProgress;
  const staked = await realStakesSince(tx, refereeId, row.depositCurrency, row.registeredAt);
  if (staked < rules.wager(row.depositCurrency)) return ReferralStatus.inProgress;
  await qualify(tx, rules, row, now);
  return ReferralStatus.qualified;
}

async function qualify(tx: Db, rules: ReferralRules, row: ReferralRow, now: Date): Promise<void> {
  // The referrer's row is locked so its referees qualify one at a time (the review threshold counts its rewards).
  const currency = (await lockReferrerCurrency(tx, row.referrerId)) ?? row.depositCurrency!;
  const amount = rules.reward(currency);
  // Paid only when the referee looks like another person (decision 0094); refused or held otherwise.
  const reward = await rewardVerdict(tx, rules, row, now);
  const [won] = await tx
    .update(referrals)
    .set({
      status: ReferralStatus.qualified,
      qualifiedAt: now,
      rewardCurrency: currency,
      rewardAmount: amount,
      rewardStatus: reward.status,
      rewardReasons: reward.reasons,
    })
    .where(and(eq(referrals.refereeId, row.refereeId), eq(referrals.status, ReferralStatus.inProgress)))
    .returning({ refereeId: referrals.refereeId });
  if (!won || reward.status !== 'paid' || amount <= 0n) return;
  await payReward(tx, {
    idempotencyKey: `referral:${row.refereeId}`,
    playerId: row.referrerId,
    currency,
    amount,
    part: 'real',
    kind: 'referral.reward',
    source: { kind: 'referral' },
  });
}

/** Evaluates every in-progress referral of one referrer, each in its own transaction. */
export async function evaluateReferrer(db: Db, rules: ReferralRules, referrerId: string, now: Date): Promise<void> {
  const open = await db
    .select({ refereeId: referrals.refereeId })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, ReferralStatus.inProgress),
        sql`(${referrals.depositedAt} is not null or ${referrals.qualificationEndAt} <= ${now})`,
      ),
    );
  for (const { refereeId } of open) {
    await db.transaction(async (tx) => void (await evaluate(tx as unknown as Db, rules, refereeId, now)));
  }
}

/** A real-money stake as the retention consumer reports it (structurally its `RealStake`). */
export interface RefereeStake {
  playerId: string;
  currency: string;
  at: Date;
}

/**
 * Told of each real-money stake once, in the retention consumer's transaction (decision 0077): a referee
 * with a recorded deposit in the stake's currency is evaluated at once, so the referrer is paid when the
 * wager reaches the threshold, not at the next list view or deposit. Everyone else costs one primary-key
 * read. The evaluation runs in a savepoint whose failure is logged: a referral problem must not hold back
 * the consumer (the list view and the next deposit still evaluate).
 */
export function referralOnStake(
  rules: ReferralRules,
  log: { error: (obj: object, msg: string) => void },
): (tx: Db, stake: RefereeStake) => Promise<void> {
  return async (tx, stake) => {
    if (!rules.enabled) return;
    const [open] = await tx
      .select({ refereeId: referrals.refereeId })
      .from(referrals)
      .where(
        and(
          eq(referrals.refereeId, stake.playerId),
          eq(referrals.status, ReferralStatus.inProgress),
          eq(referrals.depositCurrency, stake.currency),
        ),
      );
    if (!open) return;
    try {
      await tx.transaction(async (sp) => void (await evaluate(sp as unknown as Db, rules, stake.playerId, stake.at)));
    } catch (error) {
      log.error({ err: error, playerId: stake.playerId }, 'referral stake hook failed');
    }
  };
}

/**
 * The payment module's hook, in the credit's transaction: the referee's first deposit of at least the minimum
 * is recorded, then the referral is evaluated. It runs in a savepoint and a failure is logged, never fatal:
 * a referral problem must not refuse a player's money.
 */
export function referralOnDeposit(
  rules: ReferralRules,
  now: () => Date,
  log: { error: (obj: object, msg: string) => void },
): DepositSucceeded {
  return async (tx, deposit) => {
    if (!rules.enabled) return;
    try {
      await tx.transaction(async (sp) => {
        const s = sp as unknown as Db;
        const at = now();
        const minimum = rules.minDeposit(deposit.currency);
        if (minimum > 0n && deposit.amount < minimum) return;
        if (minimum === 0n && deposit.amount <= 0n) return;
        const [recorded] = await s
          .update(referrals)
          .set({ depositedAt: at, depositCurrency: deposit.currency })
          .where(
            and(
              eq(referrals.refereeId, deposit.playerId),
              eq(referrals.status, ReferralStatus.inProgress),
              sql`${referrals.depositedAt} is null`,
            ),
          )
          .returning({ refereeId: referrals.refereeId });
        if (recorded) await evaluate(s, rules, deposit.playerId, at);
      });
    } catch (error) {
      log.error({ err: error, playerId: deposit.playerId }, 'referral deposit hook failed');
    }
  };
}
