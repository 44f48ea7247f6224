import { WithdrawalSettings } from '@croupier/contracts';
import { defineSetting } from '../../settings/index.ts';

/**
 * The withdrawal thresholds (backoffice-api.md §6, decision 0112), in base-currency major units. Defaults fail
 * closed: nothing goes on by itself (0), and above 1,000 EUR two people approve. The demo seeds 100 EUR.
 */
export const withdrawalSettings = defineSetting('withdrawals', WithdrawalSettings, {
  autoApproveBelow: 0,
  fourEyesAbove: 1000,
});
