import { backofficeAuditEndpoints as endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import type { StaffDeps } from '../deps.ts';
import { dashboardTiles } from './tiles.ts';

/**
 * The dashboard's tiles (issue 25; decision 0110), for any signed-in staff member. Changes are pushed on
 * `staff:dashboard` and the online count on `global:online`; this answers the figures themselves.
 */
export async function dashboardRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  route(app, endpoints.dashboard, async () => {
    // The realtime module's count (cluster-wide with Redis); none with Centrifugo or before its first tick.
    const online = app.realtime?.online.current ?? 0;
    return { data: await dashboardTiles(deps.db, online) };
  });
}
