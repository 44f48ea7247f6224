import { z } from 'zod';
import { PageQuery, PaginationMeta } from './envelope.ts';

/** One invited player as the referrer sees it (api-contract §4): no name, no id — only the progress. */
export const Referral = z.object({
  /** 1 in progress, 2 qualified, 3 not qualified (constants.player.referral.qualificationStatuses). */
  qualified: z.number().int().min(1).max(3),
  registrationDate: z.string(),
  qualificationDate: z.string().nullable(),
  /** The deadline to qualify (in progress), or when it ended (qualified / not qualified). */
  qualificationEndDate: z.string(),
});
export type Referral = z.infer<typeof Referral>;

export const ReferralsQuery = PageQuery;
export type ReferralsQuery = z.infer<typeof ReferralsQuery>;

/** GET /api/player/profile/referrals: the list is under `referrals`, not `data` (api-contract §1.3). */
export const ReferralsPage = z.object({ referrals: z.array(Referral), meta: PaginationMeta });
export type ReferralsPage = z.infer<typeof ReferralsPage>;

export const ReferralSettings = z.object({
  enabled: z.boolean(),
  /** How many referees one player may bring; the seed's client shows the link only below it. */
  maxReferralCount: z.number().int().nullable(),
  /** A bonus definition describing the reward; null: the reward is real money (decision 0067). */
  ownerBonusId: z.string().nullable(),
});
export type ReferralSettings = z.infer<typeof ReferralSettings>;
