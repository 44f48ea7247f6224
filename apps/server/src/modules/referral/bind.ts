import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ensureReferralCode, lockReferrerByCode, type PlayerRegistered } from '../player/index.ts';
import type { ReferralRules } from './rules.ts';
import { referrals } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a referral code given at sign-up may look like; anything else binds nobody. */
const CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

/**
 * The "player registered" listener (after the account's commit): the new player gets a code of its own, and,
 * when it signed up with someone's code, is bound to that referrer — once, while the referrer has room.
 * An unknown code binds nobody and does not fail the sign-up (the link may be old or mistyped).
 */
export function bindOnRegistration(db: Db, rules: ReferralRules, now: () => Date) {
  return async (event: PlayerRegistered): Promise<void> => {
    if (!rules.enabled) return;
    await ensureReferralCode(db, event.playerId);
    const code = event.referralCode?.trim().toUpperCase();
    if (!code || !CODE_PATTERN.test(code)) return;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The referrer's row is locked so two sign-ups at once cannot both take its last place.
      const referrerId = await lockReferrerByCode(tx, code);
      if (!referrerId || referrerId === event.playerId) return;
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(referrals)
        .where(eq(referrals.referrerId, referrerId))) as [{ count: number }];
      if (count >= rules.maxReferrals) return;
      const at = now();
      await tx
        .insert(referrals)
        .values({
          refereeId: event.playerId,
          referrerId,
          registeredAt: at,
          qualificationEndAt: new Date(at.getTime() + rules.qualificationDays * DAY_MS),
        })
        .onConflictDoNothing();
    });
  };
}
