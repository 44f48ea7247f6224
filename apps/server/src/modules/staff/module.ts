import type { FastifyInstance } from 'fastify';
import { siteOrigins } from '../../http/site-origins.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { adjustmentsRoutes } from './adjustments/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { registerStaffAuthentication } from './auth/hook.ts';
import { authRoutes } from './auth/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import type { StaffDeps } from './deps.ts';
import { playersRoutes } from './players/routes.ts';

/**
 * The back office's server side (backoffice-api.md): staff authentication on every `auth: 'staff'` endpoint,
 * then each area's routes. Register before any other module's back-office routes.
 */
export function createStaffModule(deps: StaffDeps) {
  return {
    /** The staff hook must see every back-office route: call before registering them. */
    registerAuthentication(app: FastifyInstance) {
      registerStaffAuthentication(app, {
        db: deps.db,
        originsOf: (request) =>
          deps.config.BACKOFFICE_ORIGIN ? [deps.config.BACKOFFICE_ORIGIN] : siteOrigins(deps.config, request),
      });
    },
    async routes(app: FastifyInstance) {
      await authRoutes(app, deps);
      await accountsRoutes(app, deps);
      await auditRoutes(app, deps);
      await playersRoutes(app, deps);
      await adjustmentsRoutes(app, deps);
      await dashboardRoutes(app, deps);
    },
  };
}
export type StaffModule = ReturnType<typeof createStaffModule>;
