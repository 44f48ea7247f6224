import { currencies } from '@croupier/contracts/reference/index';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { siteSettingsOf } from '../settings/index.ts';

// The programme's rules from configuration (decision 0067), its switch from the site settings (issue 27).
// Amounts are configured once in euros and applied in each currency's minor units at the reference rate, as the
// demo bonuses are.

export interface ReferralRules {
  /** The site settings' referrals switch in force (staff turn it on and off at run time, issue 27). */
  readonly enabled: boolean;
  maxReferrals: number;
  qualificationDays: number;
  /** Minor units of `currency`; 0n when the currency is unknown (nothing qualifies, nothing is paid). */
  minDeposit(currency: string): bigint;
  wager(currency: string): bigint;
  reward(currency: string): bigint;
  /** How far back the referrer's devices and addresses count as shared with a referee (decision 0094). */
  signalWindowDays: number;
  /** Rewards paid to one referrer within the window beyond which the next is held for review. */
  reviewAfterCount: number;
  /**
   * The risk module's one exclusion check (decision 0092), handed in by the app: throws (409) while the
   * referrer may not gain value (cooling-off, self-exclusion, a block). `db` runs it in the caller's transaction.
   */
  mayGainValue: MayGainValue;
}

export type MayGainValue = (playerId: string, db?: Db) => Promise<void>;

const rates = new Map(currencies.filter((c) => c.isEnabled).map((c) => [c.code, c.rate.rate]));

/** `euros` in `currency`'s minor units at the reference rate (1 EUR = `rate` minor units). */
export function eurosIn(euros: number, currency: string): bigint {
  const rate = rates.get(currency);
  return rate === undefined ? 0n : BigInt(Math.round(euros * rate));
}

export function referralRules(config: Config, mayGainValue: MayGainValue): ReferralRules {
  return {
    get enabled() {
      return siteSettingsOf(config).features.referrals;
    },
    maxReferrals: config.REFERRAL_MAX_COUNT,
    qualificationDays: config.REFERRAL_QUALIFICATION_DAYS,
    minDeposit: (currency) => eurosIn(config.REFERRAL_MIN_DEPOSIT_EUR, currency),
    wager: (currency) => eurosIn(config.REFERRAL_WAGER_EUR, currency),
    reward: (currency) => eurosIn(config.REFERRAL_REWARD_EUR, currency),
    signalWindowDays: config.REFERRAL_SIGNAL_WINDOW_DAYS,
    reviewAfterCount: config.REFERRAL_REVIEW_AFTER_COUNT,
    mayGainValue,
  };
}
