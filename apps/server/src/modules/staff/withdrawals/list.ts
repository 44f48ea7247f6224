import { pageMeta, type WithdrawalsQuery } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { kycStatusesOf } from '../../kyc/index.ts';
import { withdrawalReviewsPage } from '../../payment/index.ts';
import { emailsOf } from '../../player/index.ts';
import { toWithdrawalReview } from './present.ts';

/**
 * GET /withdrawals (§6): the payment module's stored reviews, newest first, with each player's e-mail and KYC
 * status read for the page at once (one query each), never per row.
 */
export async function listWithdrawals(db: Db, query: WithdrawalsQuery) {
  const { rows, total } = await withdrawalReviewsPage(db, query);
  const ids = rows.map((r) => r.invoice.playerId);
  const [emails, kyc] = await Promise.all([emailsOf(db, ids), kycStatusesOf(db, ids)]);
  return {
    data: rows.map((row) =>
      toWithdrawalReview(row, {
        email: emails.get(row.invoice.playerId) ?? null,
        kycStatus: kyc.get(row.invoice.playerId) ?? 'init',
      }),
    ),
    meta: pageMeta(query.page, query.perPage, total),
  };
}
