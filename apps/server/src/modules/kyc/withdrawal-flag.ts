import type { Config } from '../../config.ts';
import type { WithdrawalRiskFlag } from '../payment/index.ts';
import type { RatesSource } from '../settings/index.ts';
import { verificationStatusOf } from './applicant.ts';
import { readKycSettings } from './settings.ts';
import { reachedKycThreshold } from './threshold.ts';

/**
 * The withdrawal review's "past the KYC threshold without verified KYC" flag (decision 0112): the identity
 * verification not approved, and the player's cumulative deposits or withdrawals at or past the threshold (the
 * KYC setting's, 2,000 EUR by default, decision 0113), this withdrawal counted as if paid (a currency
 * without a rate counting as past). Only flags: blocking is `kycWithdrawalCheck`'s, by its setting.
 */
export function kycThresholdFlag(deps: {
  config: Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>;
  rates: RatesSource;
}): WithdrawalRiskFlag {
  return {
    name: 'kycRequired',
    async raised(tx, w) {
      if ((await verificationStatusOf(tx, w.playerId)) === 'approved') return false;
      const { value } = await readKycSettings(tx, deps.config);
      const asking = { currency: w.currency, amount: w.amount };
      return reachedKycThreshold(tx, deps.rates, w.playerId, value.thresholdEur, asking);
    },
  };
}
