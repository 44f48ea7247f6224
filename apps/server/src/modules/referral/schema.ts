import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSchema, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { playersKey } from '../player/index.ts';

export const referral = pgSchema('referral');

/**
 * A referee bound to its referrer at sign-up (decision 0067). Status: 1 in progress, 2 qualified (deposit and
 * wager met in time, whatever became of the reward), 3 not.
 */
export const referrals = referral.table(
  'referrals',
  {
    refereeId: uuid('referee_id').primaryKey().references(playersKey, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').notNull().references(playersKey, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    qualificationEndAt: timestamp('qualification_end_at', { withTimezone: true }).notNull(),
    /** The currency of the referee's first qualifying deposit: the wager is counted in it. */
    depositCurrency: text('deposit_currency'),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    rewardCurrency: text('reward_currency'),
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }),
    /**
     * What became of the reward when the referee qualified (decision 0094): `paid`; `refused` (the referee
     * shares the referrer's device or payment instrument); `held` for staff to review (a shared address, a
     * referrer who may not gain value, the review threshold). Null while not qualified.
     */
    rewardStatus: text('reward_status'),
    /** Every signal found at qualification, for staff: shared_device, shared_payment_instrument, … */
    rewardReasons: text('reward_reasons').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId, t.registeredAt.desc()),
    check('referrals_reward_status_check', sql`${t.rewardStatus} in ('paid', 'held', 'refused')`),
  ],
);
