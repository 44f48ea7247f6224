import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { staffOf } from '../auth/hook.ts';
import { announceDashboardChange } from '../dashboard/announce.ts';
import type { StaffDeps } from '../deps.ts';
import type { AdjustmentHooks } from './changed.ts';
import { createAdjustment } from './create.ts';
import { approveAdjustment, rejectAdjustment } from './decide.ts';
import { listAdjustments } from './list.ts';

const e = backofficeEndpoints.adjustments;

/** A pending adjustment appeared or was decided: the dashboard's "adjustments waiting" tile moved (decision 0110). */
const dashboardHooks: AdjustmentHooks = {
  onAdjustmentsChanged: (tx) => announceDashboardChange(tx, 'adjustmentsWaiting'),
};

/**
 * Adjustments with four-eyes (backoffice-api.md §5, decision 0108). The staff hook has authenticated the
 * caller and checked the endpoint's permission (`adjustments:create`, `adjustments:approve`) before these run.
 */
export async function adjustmentsRoutes(
  app: FastifyInstance,
  deps: StaffDeps,
  hooks: AdjustmentHooks = dashboardHooks,
): Promise<void> {
  const { db, rates } = deps;

  route(app, e.create, async ({ request, body, reply }) => {
    const data = await createAdjustment({ db, rates, ...hooks }, staffOf(request).staffId, body);
    reply.code(201);
    return { data };
  });

  route(app, e.list, async ({ query }) => listAdjustments(db, query));

  route(app, e.approve, async ({ request, params, body }) => ({
    data: await approveAdjustment({ db, ...hooks }, staffOf(request).staffId, params.id, body.reason),
  }));

  route(app, e.reject, async ({ request, params, body }) => ({
    data: await rejectAdjustment({ db, ...hooks }, staffOf(request).staffId, params.id, body.reason),
  }));
}
