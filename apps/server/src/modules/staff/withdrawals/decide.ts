import type { WithdrawalReview } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { kycStatusesOf } from '../../kyc/index.ts';
import type { WithdrawalDecision, WithdrawalDesk } from '../../payment/index.ts';
import { emailsOf } from '../../player/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { toWithdrawalReview } from './present.ts';

export interface WithdrawalDecideDeps {
  db: Db;
  desk: WithdrawalDesk;
}

async function present(tx: Db, decision: WithdrawalDecision): Promise<WithdrawalReview> {
  const playerId = decision.invoice.playerId;
  const [emails, kyc] = await Promise.all([emailsOf(tx, [playerId]), kycStatusesOf(tx, [playerId])]);
  return toWithdrawalReview(decision, { email: emails.get(playerId) ?? null, kycStatus: kyc.get(playerId) ?? 'init' });
}

/** What the audit row keeps of a withdrawal's change. */
const auditOf = (decision: WithdrawalDecision, view: WithdrawalReview) => ({
  targetType: 'withdrawal',
  targetId: view.invoiceId,
  playerId: view.playerId,
  before: decision.before,
  after: {
    status: view.status,
    approvals: view.approvals,
    amount: view.amount,
    currency: view.currency,
    baseAmount: view.baseAmount,
    riskFlags: view.riskFlags,
    fourEyes: view.fourEyes,
  },
});

/**
 * POST /withdrawals/:id/approve (§6): the payment module's decision and its audit row in one transaction. The
 * first of two four-eyes approvals is `withdrawal.approve_first` (it stays in review), the one that sends it on
 * `withdrawal.approve`.
 */
export async function approveWithdrawal(
  deps: WithdrawalDecideDeps,
  staffId: string,
  invoiceId: string,
  reason: string | undefined,
): Promise<WithdrawalReview> {
  return withTransaction(deps.db, async (tx) => {
    const decision = await deps.desk.approve(tx, { invoiceId, staffId, reason: reason ?? null });
    const view = await present(tx, decision);
    await writeAudit(tx, {
      staffId,
      action: decision.decided ? 'withdrawal.approve' : 'withdrawal.approve_first',
      reason: reason ?? null,
      ...auditOf(decision, view),
    });
    return view;
  });
}

/** POST /withdrawals/:id/reject (§6): money back, invoice failed, the player told why; its audit row with it. */
export async function rejectWithdrawal(
  deps: WithdrawalDecideDeps,
  staffId: string,
  invoiceId: string,
  reason: string,
): Promise<WithdrawalReview> {
  return withTransaction(deps.db, async (tx) => {
    const decision = await deps.desk.reject(tx, { invoiceId, staffId, reason });
    const view = await present(tx, decision);
    await writeAudit(tx, { staffId, action: 'withdrawal.reject', reason, ...auditOf(decision, view) });
    return view;
  });
}
