import { currencies } from '@croupier/contracts/reference/index';
import type { Config } from '../../../config.ts';

// The programme's rules from configuration (decision 0067). Amounts are configured once in euros and
// applied in each currency's minor units at the reference rate, as the demo bonuses are.

export interface ReferralRules {
  enabled: boolean;
  maxReferrals: number;
  qualificationDays: number;
  /** Minor units of `currency`; 0n when the currency is unknown (nothing qualifies, nothing is paid). */
  minDeposit(currency: string): bigint;
  wager(currency: string): bigint;
  reward(currency: string): bigint;
}

const rates = new Map(currencies.filter((c) => c.isEnabled).map((c) => [c.code, c.rate.rate]));

/** `euros` in `currency`'s minor units at the reference rate (1 EUR = `rate` minor units). */
export function eurosIn(euros: number, currency: string): bigint {
  const rate = rates.get(currency);
  return rate === undefined ? 0n : BigInt(Math.round(euros * rate));
}

export function referralRules(config: Config): ReferralRules {
  return {
    enabled: config.REFERRALS_ENABLED,
    maxReferrals: config.REFERRAL_MAX_COUNT,
    qualificationDays: config.REFERRAL_QUALIFICATION_DAYS,
    minDeposit: (currency) => eurosIn(config.REFERRAL_MIN_DEPOSIT_EUR, currency),
    wager: (currency) => eurosIn(config.REFERRAL_WAGER_EUR, currency),
    reward: (currency) => eurosIn(config.REFERRAL_REWARD_EUR, currency),
  };
}
