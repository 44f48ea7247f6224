import { z } from 'zod';
import { SettingMeta, WithdrawalSettings } from './settings.ts';

/** The withdrawals queue (backoffice-api.md §6, decision 0112). */

/**
 * A withdrawal's place in review. `review`: waits for a person (or for a second one above `fourEyesAbove`);
 * `approved`: handed to the payment provider, not yet paid; `rejected`: refused by staff, the money back;
 * `paid` / `failed`: the provider's answer; `cancelled` (beyond §6): the player withdrew the request while it was
 * in review. The player's invoice stays pending (1) until paid (2), or rejected, failed or cancelled (3).
 */
export const WithdrawalReviewStatus = z.enum(['review', 'approved', 'rejected', 'paid', 'failed', 'cancelled']);
export type WithdrawalReviewStatus = z.infer<typeof WithdrawalReviewStatus>;

/**
 * The risk flags the server raises today, each with the words the queue shows. Any raised flag stops
 * auto-approval. `riskFlags` stays `string[]`: a flag added later shows under its name until it has words here.
 */
export const WITHDRAWAL_RISK_FLAGS = {
  turnoverOwed: 'Turn-over still owed on a deposit',
  activeBonus: 'An active bonus',
  newInstrument: 'Paid out to an instrument never used for a deposit',
  littlePlay: 'Deposit then withdrawal with little play',
  kycRequired: 'Past the KYC threshold (2,000 EUR) without verified KYC',
  velocity: 'Several withdrawal requests in a day',
  bigWinShare: 'Most of the balance from one win',
  loginBlocked: 'The player is blocked from signing in',
  selfExclusionHistory: 'Self-excluded or cooling off recently',
} as const;
export type WithdrawalRiskFlagName = keyof typeof WITHDRAWAL_RISK_FLAGS;

export const WithdrawalReview = z.object({
  invoiceId: z.string(),
  playerId: z.string(),
  email: z.string().nullable(),
  /** Major units of `currency`, positive. */
  amount: z.number(),
  currency: z.string(),
  /** `amount` in the base currency at the rate of the request (major units); null when there was no rate. */
  baseAmount: z.number().nullable(),
  baseCurrency: z.string(),
  /** The payment method's key (`bank_transfer`, `card_payout`, …). */
  method: z.string(),
  createdAt: z.string(),
  status: WithdrawalReviewStatus,
  /** The player's KYC status now: 'init', 'pending', 'approved' or 'rejected'. */
  kycStatus: z.string(),
  /** Names of the flags raised at the request (keys of `WITHDRAWAL_RISK_FLAGS`). */
  riskFlags: z.array(z.string()),
  /** Staff ids that approved; the first of two while a four-eyes withdrawal waits for the second. */
  approvals: z.array(z.string()),
  /** Whether this one needs two different people (its base amount was above `fourEyesAbove`, or unknown). */
  fourEyes: z.boolean(),
  /** Approved by the auto-approval threshold, with no person. */
  autoApproved: z.boolean(),
  /** Who decided (the last approver, or the one who rejected); null while in review or when auto-approved. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The decision's reason (a rejection's is what the player sees). */
  reason: z.string().nullable(),
});
export type WithdrawalReview = z.infer<typeof WithdrawalReview>;

export const WithdrawalsQuery = z.object({
  status: WithdrawalReviewStatus.optional(),
  playerId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type WithdrawalsQuery = z.infer<typeof WithdrawalsQuery>;

export const withdrawalIdParams = z.object({ invoiceId: z.uuid() });

/** `GET /api/backoffice/settings/withdrawals`: the thresholds and who changed them last. */
export const WithdrawalSettingsView = WithdrawalSettings.extend(SettingMeta.shape);
export type WithdrawalSettingsView = z.infer<typeof WithdrawalSettingsView>;
