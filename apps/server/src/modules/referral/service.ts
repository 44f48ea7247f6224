import { pageMeta, type Referral, type ReferralSettings, type ReferralsPage } from '@croupier/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evaluateReferrer, ReferralStatus } from './qualify.ts';
import type { ReferralRules } from './rules.ts';
import { referrals } from './schema.ts';

type Row = Pick<
  typeof referrals.$inferSelect,
  'status' | 'registeredAt' | 'qualifiedAt' | 'qualificationEndAt' | 'rewardStatus'
>;

/**
 * The status the referrer sees. "Qualified" tells it the reward was paid, so a qualified referee whose reward
 * was refused shows as not qualified, and one held for review as in progress (decision 0094).
 */
function shownStatus(row: Row): number {
  if (row.status !== ReferralStatus.qualified) return row.status;
  if (row.rewardStatus === 'refused') return ReferralStatus.notQualified;
  if (row.rewardStatus === 'held') return ReferralStatus.inProgress;
  return ReferralStatus.qualified;
}

/** What the referrer sees of one referee: its progress and dates, never who it is. */
export function toReferral(row: Row): Referral {
  const shown = shownStatus(row);
  const decided = row.status === ReferralStatus.qualified && shown !== ReferralStatus.inProgress;
  return {
    qualified: shown,
    registrationDate: row.registeredAt.toISOString(),
    qualificationDate: shown === ReferralStatus.qualified ? (row.qualifiedAt?.toISOString() ?? null) : null,
    // In progress (held too): the deadline (the client counts down to it); paid or refused: when it happened.
    qualificationEndDate: (decided && row.qualifiedAt ? row.qualifiedAt : row.qualificationEndAt).toISOString(),
  };
}

export function createReferralService(db: Db, rules: ReferralRules, now: () => Date) {
  return {
    settings(): ReferralSettings {
      return { enabled: rules.enabled, maxReferralCount: rules.maxReferrals, ownerBonusId: null };
    },

    /** The referrer's referees, newest first; open ones are brought up to date first (deadline, wager). */
    async list(referrerId: string, page: number, perPage: number): Promise<ReferralsPage> {
      await evaluateReferrer(db, rules, referrerId, now());
      const [rows, [total]] = await Promise.all([
        db
          .select({
            status: referrals.status,
            registeredAt: referrals.registeredAt,
            qualifiedAt: referrals.qualifiedAt,
            qualificationEndAt: referrals.qualificationEndAt,
            rewardStatus: referrals.rewardStatus,
          })
          .from(referrals)
          .where(eq(referrals.referrerId, referrerId))
          .orderBy(desc(referrals.registeredAt), desc(referrals.refereeId))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ count: sql<number>`count(*)::int` }).from(referrals).where(eq(referrals.referrerId, referrerId)),
      ]);
      return { referrals: rows.map(toReferral), meta: pageMeta(page, perPage, total?.count ?? 0) };
    },

    /**
     * Qualified referees of a player whose reward was paid, as the list shows them (the profile's
     * qualifiedReferralsCount); null while the programme is off.
     */
    async qualifiedCount(referrerId: string): Promise<number | null> {
      if (!rules.enabled) return null;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(referrals)
        .where(
          sql`${referrals.referrerId} = ${referrerId} and ${referrals.status} = ${ReferralStatus.qualified}
              and ${referrals.rewardStatus} = 'paid'`,
        );
      return row?.count ?? 0;
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
