import { backofficeAuditEndpoints as endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { can } from '../roles.ts';
import { dashboardTiles } from './tiles.ts';

/**
 * The dashboard's tiles (issue 25; decision 0110), for any signed-in staff member. Changes are pushed on
 * `staff:dashboard` and the online count on `global:online`; this answers the figures themselves.
 */
export async function dashboardRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  route(app, endpoints.dashboard, async ({ request }) => {
    // The realtime module's count (cluster-wide with Redis); none with Centrifugo or before its first tick.
    const online = app.realtime?.online.current ?? 0;
    // Today's money figures are a report (§8): only staff who read reports get them; the rest get none.
    const withToday = can(staffOf(request).role, 'reports:read');
    return { data: await dashboardTiles(deps, online, { withToday }) };
  });
}
