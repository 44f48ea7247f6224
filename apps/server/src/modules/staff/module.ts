import type { FastifyInstance } from 'fastify';
import { siteOrigins } from '../../http/site-origins.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { adjustmentsRoutes } from './adjustments/routes.ts';
import { createAuditAnchor } from './audit/anchor.ts';
import { auditRoutes } from './audit/routes.ts';
import { registerBackofficeAllowList } from './auth/allow-list.ts';
import { registerStaffAuthentication } from './auth/hook.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import type { StaffDeps } from './deps.ts';
import { flagsRoutes } from './flags/routes.ts';
import { kycReviewRoutes } from './kyc/routes.ts';
import { kycSettingsRoutes } from './kyc/settings-routes.ts';
import { playersRoutes } from './players/routes.ts';
import { roundsRoutes } from './rounds/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { withdrawalsRoutes } from './withdrawals/routes.ts';

/**
 * The back office's server side (backoffice-api.md): staff authentication on every `auth: 'staff'` endpoint,
 * then each area's routes. Register before any other module's back-office routes.
 */
export function createStaffModule(deps: StaffDeps) {
  const anchor = createAuditAnchor(deps);
  return {
    /** The staff hook must see every back-office route: call before registering them. */
    registerAuthentication(app: FastifyInstance) {
      // BACKOFFICE_ALLOWED_IPS: on the root app, so it sees the pages and unknown paths too (decision 0104).
      registerBackofficeAllowList(app, {
        allowed: deps.config.BACKOFFICE_ALLOWED_IPS,
        trustGeoHeaders: deps.config.TRUST_GEO_HEADERS,
      });
      registerStaffAuthentication(app, {
        db: deps.db,
        originsOf: (request) =>
          deps.config.BACKOFFICE_ORIGIN ? [deps.config.BACKOFFICE_ORIGIN] : siteOrigins(deps.config, request),
      });
    },
    async routes(app: FastifyInstance) {
      await authRoutes(app, deps);
      await passwordRoutes(app, deps);
      await accountsRoutes(app, deps);
      await auditRoutes(app, deps, anchor);
      await playersRoutes(app, deps);
      await adjustmentsRoutes(app, deps);
      await dashboardRoutes(app, deps);
      await withdrawalsRoutes(app, deps);
      await settingsRoutes(app, deps);
      await kycReviewRoutes(app, deps);
      await kycSettingsRoutes(app, deps);
      await flagsRoutes(app, deps);
      await roundsRoutes(app, deps);
    },
    /** Background work (app.ts onReady/onClose): the audit chain's head anchored periodically (decision 0105). */
    start() {
      anchor.start();
    },
    async stop() {
      await anchor.stop();
    },
    /** Anchors the audit chain's head now when it moved (tests; the timer does it otherwise). */
    anchorNow: () => anchor.anchorNow(),
  };
}
export type StaffModule = ReturnType<typeof createStaffModule>;
