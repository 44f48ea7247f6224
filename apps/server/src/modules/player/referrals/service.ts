import { pageMeta, type Referral, type ReferralSettings, type ReferralsPage } from '@croupier/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { evaluateReferrer, ReferralStatus } from './qualify.ts';
import type { ReferralRules } from './rules.ts';
import { referrals } from './schema.ts';

type Row = Pick<typeof referrals.$inferSelect, 'status' | 'registeredAt' | 'qualifiedAt' | 'qualificationEndAt'>;

/** What the referrer sees of one referee: its progress and dates, never who it is. */
export function toReferral(row: Row): Referral {
  return {
    qualified: row.status,
    registrationDate: row.registeredAt.toISOString(),
    qualificationDate: row.qualifiedAt?.toISOString() ?? null,
    // In progress: the deadline (the client counts down to it); qualified: when it happened.
    qualificationEndDate: (row.status === ReferralStatus.qualified && row.qualifiedAt
      ? row.qualifiedAt
      : row.qualificationEndAt
    ).toISOString(),
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

    /** Qualified referees of a player (the profile's qualifiedReferralsCount); null while the programme is off. */
    async qualifiedCount(referrerId: string): Promise<number | null> {
      if (!rules.enabled) return null;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(referrals)
        .where(sql`${referrals.referrerId} = ${referrerId} and ${referrals.status} = ${ReferralStatus.qualified}`);
      return row?.count ?? 0;
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
