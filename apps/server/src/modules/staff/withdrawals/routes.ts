import { ApiError, backofficeEndpoints, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { approveWithdrawal, rejectWithdrawal } from './decide.ts';
import { listWithdrawals } from './list.ts';

const e = backofficeEndpoints.withdrawals;

/**
 * The withdrawals queue (backoffice-api.md §6, decision 0112). The staff hook has checked `withdrawals:review`
 * before these run; the payment module decides (row lock, provider hand-off, money back), this module audits.
 */
export async function withdrawalsRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db } = deps;
  const desk = () => {
    if (!deps.withdrawalDesk) throw ApiError.of(ErrorCode.notFound, 'Withdrawal review is not available.');
    return deps.withdrawalDesk();
  };

  route(app, e.list, async ({ query }) => listWithdrawals(db, query));

  route(app, e.approve, async ({ request, params, body }) => ({
    data: await approveWithdrawal({ db, desk: desk() }, staffOf(request).staffId, params.invoiceId, body.reason),
  }));

  route(app, e.reject, async ({ request, params, body }) => ({
    data: await rejectWithdrawal({ db, desk: desk() }, staffOf(request).staffId, params.invoiceId, body.reason),
  }));
}
