import { KycSettings } from '@croupier/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { defineSetting, type OperatingSetting, readSetting, type StoredSetting } from '../settings/index.ts';

/** Sumsub can be chosen only where its credentials are configured. */
export const sumsubConfigured = (config: Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>): boolean =>
  Boolean(config.SUMSUB_APP_TOKEN && config.SUMSUB_SECRET_KEY);

/** The UKGC's CDD threshold in EUR (decision 0113). */
export const KYC_THRESHOLD_EUR = 2000;

/**
 * The KYC operating setting (decision 0113). Its default follows the configuration as before it existed:
 * Sumsub when its credentials are set, the sandbox otherwise; provider results apply without a person; the
 * threshold flags but does not block.
 */
export const kycSetting = (
  config: Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>,
): OperatingSetting<KycSettings> =>
  defineSetting('kyc', KycSettings, {
    provider: sumsubConfigured(config) ? 'sumsub' : 'sandbox',
    confirmProviderResults: false,
    thresholdEur: KYC_THRESHOLD_EUR,
    blockWithdrawalsAtThreshold: false,
  });

/**
 * The setting as it applies now. A stored 'sumsub' whose credentials were removed since falls back to the
 * sandbox rather than failing every verification.
 */
export async function readKycSettings(
  db: Db,
  config: Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>,
): Promise<StoredSetting<KycSettings>> {
  const stored = await readSetting(db, kycSetting(config));
  if (stored.value.provider === 'sumsub' && !sumsubConfigured(config)) {
    return { ...stored, value: { ...stored.value, provider: 'sandbox' } };
  }
  return stored;
}
