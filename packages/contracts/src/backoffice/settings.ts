import { z } from 'zod';
import { Reason } from './staff.ts';

/**
 * The operating settings staff change without a deploy (backoffice-api.md §6, §9). Each is one named JSON value
 * with its schema here, so the server stores, the OpenAPI document shows and the web app edits one shape.
 * Amounts are major units of the base currency (EUR).
 */

const BaseAmount = z.number().finite().min(0).max(1e9);

/** §6: withdrawals under `autoApproveBelow` go on by themselves unless a risk flag is raised (0: never). */
export const WithdrawalSettings = z.object({
  autoApproveBelow: BaseAmount,
  /** Above this, a second, different person must approve (null: never). */
  fourEyesAbove: BaseAmount.nullable(),
});
export type WithdrawalSettings = z.infer<typeof WithdrawalSettings>;

export const UpdateWithdrawalSettingsRequest = WithdrawalSettings.extend({ reason: Reason });

/** The settings as read: the value, and who changed it last (null: the default). */
export const SettingMeta = z.object({
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

/**
 * KYC (decision 0113). `provider`: who verifies identity — the built-in sandbox, Sumsub (needs its credentials in
 * the configuration), or nobody ('manual': staff decide from the documents). `confirmProviderResults`: a
 * provider's decision waits in the KYC queue for a person. At `thresholdEur` of cumulative deposits or of
 * cumulative withdrawals (the CDD threshold) the player is flagged, and withdrawals wait for an approved
 * verification when `blockWithdrawalsAtThreshold` is on.
 */
export const KycProvider = z.enum(['sandbox', 'sumsub', 'manual']);
export const KycSettings = z.object({
  provider: KycProvider,
  confirmProviderResults: z.boolean(),
  thresholdEur: BaseAmount,
  blockWithdrawalsAtThreshold: z.boolean(),
});
export type KycSettings = z.infer<typeof KycSettings>;

export const UpdateKycSettingsRequest = KycSettings.extend({ reason: Reason });

/** As read: the value, who changed it last, and whether Sumsub's credentials are configured at all. */
export const KycSettingsView = KycSettings.extend({ sumsubConfigured: z.boolean(), ...SettingMeta.shape });
export type KycSettingsView = z.infer<typeof KycSettingsView>;
