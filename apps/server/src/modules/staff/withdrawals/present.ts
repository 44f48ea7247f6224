import type { WithdrawalReview } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { ReviewedWithdrawal } from '../../payment/index.ts';

/** The API's `WithdrawalReview` (§6): amounts in major units, the player's e-mail and KYC status beside it. */
export function toWithdrawalReview(
  { review, invoice }: ReviewedWithdrawal,
  player: { email: string | null; kycStatus: string },
): WithdrawalReview {
  return {
    invoiceId: invoice.id,
    playerId: invoice.playerId,
    email: player.email,
    amount: toMajor(invoice.amount, invoice.currency),
    currency: invoice.currency,
    baseAmount: review.baseAmount === null ? null : toMajor(review.baseAmount, review.baseCurrency),
    baseCurrency: review.baseCurrency,
    method: invoice.method,
    createdAt: invoice.createdAt.toISOString(),
    status: review.status as WithdrawalReview['status'],
    kycStatus: player.kycStatus,
    riskFlags: review.riskFlags,
    approvals: review.approvals,
    fourEyes: review.fourEyes,
    autoApproved: review.autoApproved,
    decidedBy: review.decidedBy,
    decidedAt: review.decidedAt?.toISOString() ?? null,
    reason: review.reason,
  };
}
