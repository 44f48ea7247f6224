import { ApiError, ErrorCode } from '@croupier/contracts';
import { subunitOf } from '@croupier/contracts/reference/index';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { playerPaymentTotalsSince } from '../payment/index.ts';
import { type RatesSource, toBaseMinor } from '../settings/index.ts';
import { verificationStatusOf } from './applicant.ts';
import { readKycSettings } from './settings.ts';

/**
 * Whether the player's cumulative successful deposits, or cumulative successful withdrawals, reached
 * `thresholdEur` (decision 0113), each summed over every currency in EUR at today's rates. `asking` is a
 * withdrawal being requested: it counts as if paid, so the one that crosses the threshold is held too. Fails
 * closed: money in a currency without a usable rate counts as over.
 */
export async function reachedKycThreshold(
  db: Db,
  rates: RatesSource,
  playerId: string,
  thresholdEur: number,
  asking?: { currency: string; amount: bigint },
): Promise<boolean> {
  const table = rates.current();
  const threshold = BigInt(Math.round(thresholdEur * subunitOf(table.base)));
  let deposits = 0n;
  let withdrawals = 0n;
  const totals = await playerPaymentTotalsSince(db, playerId, new Date(0));
  if (asking) totals.push({ currency: asking.currency, deposits: 0n, withdrawals: asking.amount });
  for (const total of totals) {
    const d = toBaseMinor(table, total.currency, total.deposits);
    const w = toBaseMinor(table, total.currency, total.withdrawals);
    if (d === null || w === null) {
      if (total.deposits > 0n || total.withdrawals > 0n) return true;
      continue;
    }
    deposits += d;
    withdrawals += w;
  }
  return deposits >= threshold || withdrawals >= threshold;
}

export const kycRequiredMessage =
  'Verify your identity before withdrawing: your payments have reached the amount at which we must check it.';

/**
 * The payment module's `beforeWithdrawal` check (decision 0113): with the setting `blockWithdrawalsAtThreshold`
 * on, a player at or above the KYC threshold whose verification is not approved is refused (422 on `amount`,
 * as the turnover rule refuses, so the withdrawal form shows it). Read in the withdrawal's transaction.
 */
export function kycWithdrawalCheck(deps: {
  config: Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>;
  rates: RatesSource;
}) {
  return async (tx: Db, withdrawal: { playerId: string; currency: string; amount: bigint }): Promise<void> => {
    const { value } = await readKycSettings(tx, deps.config);
    if (!value.blockWithdrawalsAtThreshold) return;
    if ((await verificationStatusOf(tx, withdrawal.playerId)) === 'approved') return;
    const asking = { currency: withdrawal.currency, amount: withdrawal.amount };
    if (!(await reachedKycThreshold(tx, deps.rates, withdrawal.playerId, value.thresholdEur, asking))) return;
    throw ApiError.of(ErrorCode.validation, kycRequiredMessage, { amount: [kycRequiredMessage] }, 422);
  };
}
