import { ApiError } from '@croupier/contracts';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sharePaymentInstrument } from '../payment/index.ts';
import { sharedTraces } from '../player/index.ts';
import type { ReferralRules } from './rules.ts';
import { referrals } from './schema.ts';

// Whether a qualified referee earns its referrer the reward (issue 23 finding 5, decision 0094). The referee
// must look like another person: a device or a payment instrument of the referrer's refuses the reward; an
// address of the referrer's, a referrer who may not gain value now, or one past the review threshold holds it
// for staff. Decided once, in the qualification's transaction, and kept on the referral row with its reasons.

const DAY_MS = 24 * 60 * 60 * 1000;

export type RewardStatus = 'paid' | 'held' | 'refused';

export type RewardReason =
  | 'shared_device'
  | 'shared_payment_instrument'
  | 'shared_address'
  | 'referrer_excluded'
  | 'review_threshold';

/** Signals that the referee is the referrer: no reward at all. The others only hold it for review. */
const samePerson = new Set<RewardReason>(['shared_device', 'shared_payment_instrument']);

export interface RewardVerdict {
  status: RewardStatus;
  /** Every signal found (none: paid), so staff see all of them. */
  reasons: RewardReason[];
}

type Referral = Pick<typeof referrals.$inferSelect, 'refereeId' | 'referrerId' | 'registeredAt'>;

/** Whether the risk module's exclusion check refuses the referrer now (its refusal is a 409 `ApiError`). */
async function referrerExcluded(tx: Db, rules: ReferralRules, referrerId: string): Promise<boolean> {
  try {
    await rules.mayGainValue(referrerId, tx);
    return false;
  } catch (error) {
    // Anything else (a failed read) is no verdict: the evaluation fails, is logged, and runs again later.
    if (error instanceof ApiError) return true;
    throw error;
  }
}

/** Rewards paid to the referrer since `since`. */
async function paidSince(tx: Db, referrerId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(eq(referrals.referrerId, referrerId), eq(referrals.rewardStatus, 'paid'), gte(referrals.qualifiedAt, since)),
    );
  return Number(row?.n ?? 0);
}

/** The verdict on one referral that just qualified; `tx` is the qualification's transaction. */
export async function rewardVerdict(tx: Db, rules: ReferralRules, row: Referral, now: Date): Promise<RewardVerdict> {
  const window = rules.signalWindowDays * DAY_MS;
  const traces = await sharedTraces(tx, row.refereeId, row.referrerId, new Date(row.registeredAt.getTime() - window));
  const found: [RewardReason, boolean][] = [
    ['shared_device', traces.device],
    ['shared_payment_instrument', await sharePaymentInstrument(tx, row.refereeId, row.referrerId)],
    ['shared_address', traces.address],
    ['referrer_excluded', await referrerExcluded(tx, rules, row.referrerId)],
    [
      'review_threshold',
      (await paidSince(tx, row.referrerId, new Date(now.getTime() - window))) >= rules.reviewAfterCount,
    ],
  ];
  const reasons = found.filter(([, yes]) => yes).map(([reason]) => reason);
  const status = reasons.some((r) => samePerson.has(r)) ? 'refused' : reasons.length > 0 ? 'held' : 'paid';
  return { status, reasons };
}
