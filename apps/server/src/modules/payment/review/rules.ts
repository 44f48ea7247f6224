import type { WithdrawalSettings } from '@croupier/contracts';
import { baseMinorOfMajor, type RatesTable } from '../../settings/index.ts';

// The thresholds' two rules (backoffice-api.md §6, decision 0112), compared in the base currency only: a
// threshold meant for one currency never meets an amount of another (openora's 0.4 BTC under "1").

/**
 * Above `fourEyesAbove` two different people approve. Without a rate the amount is unknown: four-eyes (fails
 * closed). `fourEyesAbove` null: never.
 */
export function needsFourEyes(settings: WithdrawalSettings, baseAmount: bigint | null, table: RatesTable): boolean {
  if (settings.fourEyesAbove === null) return false;
  return baseAmount === null || baseAmount > baseMinorOfMajor(table, settings.fourEyesAbove);
}

/**
 * Goes on with no person: strictly below `autoApproveBelow` (0: never), a known rate, no risk flag raised, and
 * not a four-eyes amount (a threshold set above the four-eyes one never skips the second person).
 */
export function autoApproves(
  settings: WithdrawalSettings,
  baseAmount: bigint | null,
  riskFlags: readonly string[],
  table: RatesTable,
): boolean {
  if (baseAmount === null || riskFlags.length > 0) return false;
  if (needsFourEyes(settings, baseAmount, table)) return false;
  return baseAmount < baseMinorOfMajor(table, settings.autoApproveBelow);
}
